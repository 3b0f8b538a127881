@testable import BreatherApp
import BreatherJSON
import BreatherModel
import BreatherViewModel
import Testing

/// MQTT and the alerts read what the bar reads (the view model's output), not the raw
/// conditions: where the two differ, Home Assistant and the alerts agree with the bar.
@Suite("MQTT's entities and the alerts agree with the bar")
struct ViewAgreementTests {
    /// A sensor first with its fresh particles while Open-Meteo, which completes its reading,
    /// timed out: the conditions still hold the model's earlier pollen and UV, which the bar
    /// shows marked stale ("grass high*", "UV 6*").
    static func keptPollenBesideSensor() -> CityConditions {
        let hour = HomeAssistantDiscoveryTests.hour
        let pollution = Pollution(source: "purpleair", observedAt: hour, hourly: HourlySeries([.pm2_5: Array(repeating: 8.88, count: 24)]),
                                  pollen: [.grass: 61.4, .birch: 3.2], uv: UVIndex(index: 6.25, clearSky: 7, hourly: nil))
        var modelDown = ProviderFailure(provider: "open-meteo", part: .air, kind: .timeout, message: "timed out")
        modelDown.completing = true
        return CityConditions(location: Location(name: "Berlin", latitude: 52.52, longitude: 13.40),
                              weather: Weather(temperatureC: 7.26, humidity: 81.4, source: "open-meteo"), pollution: pollution,
                              failures: [modelDown], fetchedAt: Timestamp.now())
    }

    /// What Home Assistant makes of an availability template `{{ 'online' if A and B … else 'offline' }}`
    /// over `document`, for the clauses Breather writes (`'x' in value_json.k`, `'x' not in
    /// value_json.k`); nil for any other clause, so an unknown template fails the test.
    static func online(_ template: String, _ document: JSONObject) -> Bool? {
        guard template.hasPrefix("{{ 'online' if "), template.hasSuffix(" else 'offline' }}") else { return nil }
        let body = template.dropFirst("{{ 'online' if ".count).dropLast(" else 'offline' }}".count)
        var result = true
        for clause in body.split(separator: " and ") {
            let words = clause.split(separator: " ")
            let negated = words.count == 4 && words[1] == "not"
            guard words.count == (negated ? 4 : 3), words.first?.hasPrefix("'") == true, words.last?.hasPrefix("value_json.") == true else { return nil }
            let item = String(words[0].dropFirst().dropLast())
            let key = String(words[words.count - 1].dropFirst("value_json.".count))
            let present: Bool = switch document[key] {
            case .object(let object)?: object[item] != nil
            case .array(let array)?: array.contains(.string(item))
            default: false
            }
            result = result && present != negated
        }
        return result
    }

    @Test("pollen and UV kept beside a sensor's fresh particles: the bar marks them, Home Assistant reads them unavailable")
    func keptPollenIsUnavailable() async throws {
        let config = HomeAssistantDiscoveryTests.location + HomeAssistantDiscoveryTests.mqtt
        let (context, output) = try await HomeAssistantDiscoveryTests.output(config, Self.keptPollenBesideSensor())
        // The bar: the index fresh, the pollen and UV shown but marked as kept.
        #expect(!output.isStale)
        #expect(output.compactDayAhead == ["grass high*", "UV 6*"], "\(output.compactDayAhead)")
        let settings = try #require(context.settings.mqtt)
        let discovery = HomeAssistantDiscovery(settings: settings, version: "t")
        let document = try HomeAssistantDiscoveryTests.document(context, output)
        let plan = discovery.plan(EntityInput(output: output), pollSeconds: 60)
        func availability(_ object: String) throws -> Bool? {
            let payload = try #require(plan.present.first { $0.key.hasSuffix("/\(object)/config") }?.value, "\(object) announced")
            let items = try #require(try JSON.parse(payload).object?["availability"]?.array)
            return items.compactMap { $0.object?["value_template"]?.string }.first.flatMap { Self.online($0, document) }
        }
        // The sensor's particles are fresh; the pollen and UV the bar marks are unavailable, as
        // every entity of a part shown stale is.
        #expect(try availability("pm2_5") == true)
        #expect(try availability("pollen_grass") == false, "the bar shows 'grass high*'")
        #expect(try availability("uv_index") == false, "the bar shows 'UV 6*'")
        // Were the pollen gone at the next refresh, its entities would be kept, reading unavailable.
        #expect(HomeAssistantDiscovery.failed(.pollen, in: output) && HomeAssistantDiscovery.failed(.uv, in: output))
    }

    @Test("a personal pollen threshold sends nothing for pollen the bar marks as kept; it does for the model's fresh pollen")
    func keptPollenSendsNoPersonalAlert() async throws {
        let config = HomeAssistantDiscoveryTests.location + HomeAssistantDiscoveryTests.mqtt
        var alerts = AlertSettings(standard: .us, hold: 1)
        alerts.personal = true
        alerts.personalThresholds = [PersonalThreshold(variable: "pollen_grass", label: "grass pollen", unit: "grains/m³", limit: 20, badDays: 3)]
        let (_, kept) = try await HomeAssistantDiscoveryTests.output(config, Self.keptPollenBesideSensor())
        var monitor = AlertMonitor(settings: alerts)
        #expect(monitor.observe(kept).isEmpty, "grass 61 is kept from an earlier fetch (the bar's 'grass high*'): no new reading")
        // The same count fresh from the model: the threshold is crossed.
        let (_, fresh) = try await HomeAssistantDiscoveryTests.output(config, HomeAssistantDiscoveryTests.openMeteo(pollenAndUV: true))
        #expect(monitor.observe(fresh).map(\.summary) == ["Your suspected trigger: grass pollen 61 grains/m³"])
    }
}
