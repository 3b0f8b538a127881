import BreatherCache
import BreatherJSON
import BreatherModel
import BreatherViewModel
import BreatherViews

/// The retained JSON document under `<topic_prefix>/state`: what `--format json` prints (SI
/// units, the standard's index and category, every sub-index, weather, asthma, pollen), plus
/// `version`, a flat `sensors` object for Home Assistant's value templates, and `conditions`,
/// the data itself in the store's format, from which a subscriber renders any standard and
/// any format without a provider.
enum MQTTStateDocument {
    /// Bumped when a subscriber could no longer read an older publisher's documents.
    static let version = 1

    static func encode(_ output: Output, node: String) -> [UInt8] {
        var root: JSONObject = ["version": .integer(Int64(version)), "node": .string(node)]
        if case .object(let rendered)? = try? JSON.parse(JSONRenderer().render(output)) {
            for (key, value) in rendered { root[key] = value }
        }
        root["sensors"] = .object(JSONObject(sensors(output).map { ($0.key, JSONValue.number($0.value)) }))
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

        var description: String {
            switch self {
            case .notJSON: "not a Breather state document"
            case .noData: "the publisher has no data yet"
            case .version(let found): "a state document of version \(found); this Breather reads version \(MQTTStateDocument.version)"
            case .unreadable(let reason): "an unreadable state document (\(reason))"
            }
        }
    }

    /// One number per reading Home Assistant shows, by object id, in its unit: µg/m³ for
    /// particles and gases, ppm for carbon monoxide, °C, %, hPa, m/s, grains/m³ for pollen, % for the asthma probability,
    /// the UV index as it is (no unit); the indoor sensor's (`indoor_…`) likewise, its CO2 in ppm.
    /// A stale indoor reading is still published (an entity that vanished at every missed poll
    /// would lose its history); its entities go unavailable by `indoor.stale` (HomeAssistantDiscovery).
    static func sensors(_ output: Output) -> [(key: String, value: Double)] {
        var values: [(String, Double)] = []
        if let report = output.airQuality { values.append(("aqi", Double(report.index.value))) }
        if let hourly = output.conditions?.pollution?.hourly {
            for pollutant in Pollutant.allCases {
                guard let latest = hourly.values[pollutant]?.last(where: { $0 != nil }) ?? nil else { continue }
                // CO as Home Assistant's carbon_monoxide expects it: ppm at 25 °C and 1 atm.
                let value = pollutant == .co ? latest / (ReferenceConditions.celsius25.microgramsPerPPB(.co) ?? 1.145) / 1000 : latest
                values.append((pollutant.rawValue, value))
            }
        }
        if let weather = output.conditions?.weather {
            let readings: [(String, Double?)] = [("temperature", weather.temperatureC), ("humidity", weather.humidity),
                                                 ("pressure", weather.pressureHPa), ("wind_speed", weather.windSpeedMS)]
            values += readings.compactMap { key, value in value.map { (key, $0) } }
        }
        if let probability = output.conditions?.asthma?.probability { values.append(("asthma_probability", probability * 100)) }
        for (type, count) in (output.conditions?.pollution?.pollen ?? [:]).sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            values.append(("pollen_\(type.rawValue)", count))
        }
        if let uv = output.data.uv { values.append(("uv_index", uv.index)) }
        if let indoor = output.data.indoor {
            let readings: [(String, Double?)] = [("indoor_aqi", indoor.aqi.map(Double.init)), ("indoor_pm2_5", indoor.pm2_5),
                                                 ("indoor_pm10", indoor.pm10), ("indoor_co2", indoor.co2PPM),
                                                 ("indoor_temperature", indoor.temperatureC), ("indoor_humidity", indoor.humidity)]
            values += readings.compactMap { key, value in value.map { (key, $0) } }
        }
        return values
    }
}
