import BreatherCache
import BreatherJSON
import BreatherLocale
import BreatherModel
import BreatherViewModel
import BreatherViews

/// The retained JSON document under `<topic_prefix>/state`: what `--format json` prints (SI
/// units, the standard's index and category, every sub-index, weather, asthma, pollen), plus
/// `version`, the flat `sensors` (numbers) and `states` (text) objects for Home Assistant's
/// value templates (one key per entity of `HomeAssistantEntity.table`), and `conditions`,
/// the data itself in the store's format, from which a subscriber renders any standard and
/// any format without a provider.
enum MQTTStateDocument {
    /// Bumped when a subscriber could no longer read an older publisher's documents.
    static let version = 1

    static func encode(_ output: Output, node: String, alerts: [(kind: String, on: Bool)] = []) -> [UInt8] {
        var root: JSONObject = ["version": .integer(Int64(version)), "node": .string(node)]
        if case .object(let rendered)? = try? JSON.parse(JSONRenderer().render(output)) {
            for (key, value) in rendered { root[key] = value }
        }
        // What Home Assistant's entities read (HomeAssistantEntity.table): numbers in `sensors`, text in `states`.
        let readings = HomeAssistantDiscovery.readings(EntityInput(output: output, alerts: alerts))
        root["sensors"] = .object(readings.sensors)
        root["states"] = .object(readings.states)
        root["conditions"] = output.conditions.map(ConditionsDocument.encode) ?? .null
        return Array(JSON.serialize(.object(root)).utf8)
    }

    /// The conditions in `payload`, or why it cannot be used (one line for the log).
    static func decode(_ payload: [UInt8]) -> Result<CityConditions, DecodeFailure> {
        guard case .object(let root)? = try? JSON.parse(payload) else { return .failure(.notJSON) }
        guard case .integer(let found)? = root["version"] else { return .failure(.notJSON) }
        guard found == Int64(version) else { return .failure(.version(Int(found))) }
        guard let conditions = root["conditions"], conditions != .null else { return .failure(.noData) }
        do {
            return .success(try ConditionsDocument.decode(conditions))
        } catch {
            return .failure(.unreadable("\(error)"))
        }
    }

    enum DecodeFailure: Error, Equatable, CustomStringConvertible {
        case notJSON, noData
        case version(Int)
        case unreadable(String)

        /// The failure's kind, without what varies from payload to payload (for `LogThrottle`).
        var kind: String {
            switch self {
            case .notJSON: "not-json"
            case .noData: "no-data"
            case .version: "version"
            case .unreadable: "unreadable"
            }
        }

        /// The failure in the current language (`L10n.language`: English for the bar's error and
        /// json, the people's for the log line); the decoder's own detail as it is.
        var description: String {
            switch self {
            case .notJSON: tr("not a Breather state document")
            case .noData: tr("the publisher has no data yet")
            case .version(let found):
                tr("a state document of version %s; this Breather reads version %s").filled(String(found), String(MQTTStateDocument.version))
            case .unreadable(let reason): tr("an unreadable state document (%s)").filled(reason)
            }
        }
    }
}
