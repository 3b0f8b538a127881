@testable import BreatherApp
import BreatherConfig
import BreatherJSON
import BreatherModel
import BreatherViewModel
import Testing

/// Every discovery config the publisher makes, for several configurations, checked against Home
/// Assistant 2026.2.3's rules (Tests/Fixtures/homeassistant), with the state each entity reads.
@Suite("Home Assistant accepts every published config")
struct HomeAssistantDiscoveryTests {
    static let location = "[location]\nlatitude = 52.52\nlongitude = 13.40\nname = \"Berlin\"\n"
    static let mqtt = "[mqtt]\nurl = \"mqtt://127.0.0.1:1883\"\n"

    /// The start of the current hour.
    static var hour: Timestamp { Timestamp(timeIntervalSince1970: (Timestamp.now().timeIntervalSince1970 / 3600).rounded(.down) * 3600) }

    /// Open-Meteo's whole reading: six pollutants over the past day (CO 200 μg/m³), a 48-hour
    /// forecast peaking tomorrow, the weather and the asthma estimate; pollen and UV on request.
    static func openMeteo(pollenAndUV: Bool = false) -> CityConditions {
        let now = Timestamp.now()
        let past: [Pollutant: [Double?]] = [.pm2_5: Array(repeating: 12.34, count: 24), .pm10: Array(repeating: 20.06, count: 24),
                                            .o3: Array(repeating: 61.7, count: 24), .no2: Array(repeating: 14.2, count: 24),
                                            .so2: Array(repeating: 2.1, count: 24), .co: Array(repeating: 200, count: 24)]
        let ahead = (0..<48).map { Double?(10 + Double($0 % 24) * 2) }
        let forecast = HourlyForecast(start: hour.addingTimeInterval(3600), series: HourlySeries([.pm2_5: ahead, .pm10: ahead]))
        let pollution = Pollution(source: "open-meteo", observedAt: hour, hourly: HourlySeries(past),
                                  pollen: pollenAndUV ? [.grass: 61.4, .birch: 3.2] : nil, forecast: forecast,
                                  uv: pollenAndUV ? UVIndex(index: 6.25, clearSky: 7, hourly: nil) : nil)
        return CityConditions(location: Location(name: "Berlin", latitude: 52.52, longitude: 13.40),
                              weather: Weather(temperatureC: 7.26, humidity: 81.4, pressureHPa: 1013.27, windSpeedMS: 3.41, source: "open-meteo"),
                              pollution: pollution, asthma: Asthma(risk: .medium, probability: 0.4321, source: "estimate", method: "AQHI"),
                              fetchedAt: now)
    }

    /// A sensor first (PM only) while Open-Meteo answered HTTP 500, with an indoor sensor.
    static func sensorFirstDuringOutage() -> CityConditions {
        let pollution = Pollution(source: "purpleair", observedAt: hour, hourly: HourlySeries([.pm2_5: Array(repeating: 8.88, count: 24)]))
        return CityConditions(location: Location(name: "Berlin", latitude: 52.52, longitude: 13.40),
                              weather: Weather(temperatureC: 7.26, humidity: 81.4, source: "open-meteo"), pollution: pollution,
                              failures: [ProviderFailure(provider: "open-meteo", part: .air, kind: .unavailable, message: "HTTP 500 Internal Server Error")],
                              fetchedAt: Timestamp.now(),
                              indoor: SensorReading(source: "airgradient", observedAt: Timestamp.now(), pm2_5: 24.6, pm10: 44.9, co2PPM: 1520,
                                                    temperatureC: 17.1, humidity: 76.3))
    }

    /// The output a daemon with `config` shows for `conditions`.
    static func output(_ config: String, _ conditions: CityConditions) async throws -> (AppContext, Output) {
        let context = try AppHarness.context(config)
        let session = try Session(context: context, source: .providers(ProviderSessionOptions(staleAfterSeconds: 600)))
        let output = try #require(await AppHarness.finalOutput(session.viewModel) { $0.seed(with: conditions) })
        return (context, output)
    }

    /// Every problem Home Assistant's rules find in what a publisher with `context`'s `[mqtt]`
    /// announces for `output` (the present entities and those kept through an outage), and in
    /// the states the present ones read from the published document.
    static func problems(_ context: AppContext, _ output: Output, alerts: [(kind: String, on: Bool)] = []) throws -> (problems: [String], topics: [String]) {
        let rules = try HomeAssistantRules.load()
        let settings = try #require(context.settings.mqtt)
        let discovery = HomeAssistantDiscovery(settings: settings, version: "0.0.0-test")
        let plan = discovery.plan(EntityInput(output: output, alerts: alerts), pollSeconds: 300)
        let document = try JSON.parse(MQTTStateDocument.encode(output, node: settings.node, alerts: alerts))
        var problems: [String] = [], ids: Set<String> = []
        for (topic, payload) in plan.present.merging(plan.outage, uniquingKeysWith: { $1 }) {
            problems += rules.problems(topic: topic, payload: payload)
            if case .object(let config)? = try? JSON.parse(payload), let id = config["unique_id"]?.string, !ids.insert(id).inserted {
                problems.append("\(topic): unique_id \(id) twice (rule 14)")
            }
        }
        for (topic, payload) in plan.present {
            if let problem = rules.stateProblem(config: payload, document: document, binary: topic.contains("/binary_sensor/")) { problems.append("\(topic): \(problem)") }
        }
        return (problems, plan.present.keys.sorted())
    }

    @Test("plain Open-Meteo: every config passes HA's rules and every state reads as HA wants it")
    func plainOpenMeteo() async throws {
        let (context, output) = try await Self.output(Self.location + Self.mqtt, Self.openMeteo())
        let (problems, topics) = try Self.problems(context, output)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        // The category is an enum with the standard's categories; the index an integer; CO in ppm, rounded.
        let settings = try #require(context.settings.mqtt)
        let plan = HomeAssistantDiscovery(settings: settings, version: "t").plan(EntityInput(output: output), pollSeconds: 60)
        let category = try #require(plan.present.first { $0.key.hasSuffix("/aqi_category/config") }.flatMap { try? JSON.parse($0.value).object })
        #expect(category["device_class"] == .string("enum") && category["options"]?.array?.count == output.standard.categories.count)
        let aqiConfig = try #require(plan.present.first { $0.key.hasSuffix("/aqi/config") }.flatMap { try? JSON.parse($0.value).object })
        #expect(aqiConfig["name"]?.string == "Air quality index (US AQI)", "the standard named")
        let document = try Self.document(context, output)
        #expect(document["sensors"]?.object?["aqi"] == .integer(Int64(output.airQuality?.index.value ?? -1)))
        #expect(document["sensors"]?.object?["co"] == .number(0.175) && document["sensors"]?.object?["pm2_5"] == .number(12.3))
        let node = settings.node
        for object in ["aqi", "aqi_category", "pm2_5", "o3", "co", "temperature", "asthma_risk", "forecast_worst_aqi", "forecast_worst_at", "tomorrow_aqi"] {
            #expect(topics.contains("homeassistant/sensor/breather_\(node)/\(object)/config"), "\(object): \(topics)")
        }
    }

    @Test("the validator refuses the configs Breather published before issue 47 (µ as U+00B5, object_id, no origin)")
    func rulesCatchTodaysConfig() throws {
        // PM2.5's config as main published it (HomeAssistantDiscovery before issue 47), byte for byte.
        let today = #"{"unique_id":"breather_homeserver_pm2_5","object_id":"breather_homeserver_pm2_5","state_topic":"breather/homeserver/state","#
            + #""availability_topic":"breather/homeserver/availability","payload_available":"online","payload_not_available":"offline","#
            + #""expire_after":180,"name":"PM2.5","value_template":"{{ value_json.sensors.pm2_5 }}","state_class":"measurement","#
            + #""device_class":"pm25","unit_of_measurement":"\#u{00B5}g/m³","device":{"identifiers":["breather_homeserver"],"#
            + #""name":"Breather homeserver","manufacturer":"Breather","model":"Air quality, weather and asthma risk","sw_version":"1.0"}}"#
        let problems = try HomeAssistantRules.load().problems(topic: "homeassistant/sensor/breather_homeserver/pm2_5/config", payload: Array(today.utf8))
        let expected = ["unit µg/m³ [U+B5 U+67 U+2F U+6D U+B3] not allowed for pm25", "object_id (rule 13)", "no default_entity_id", "no origin"]
        for part in expected { #expect(problems.contains { $0.contains(part) }, "\(part): \(problems)") }
        // An aqi with a unit, an enum with a state class, an unknown key: each refused.
        let bad = #"{"name":"x","unique_id":"x","default_entity_id":"sensor.x","state_topic":"t","origin":{"name":"B"},"#
            + #""device":{"identifiers":["d"],"name":"D"},"device_class":"aqi","unit_of_measurement":"AQI","colour":"red"}"#
        let badProblems = try HomeAssistantRules.load().problems(topic: "homeassistant/sensor/d/x/config", payload: Array(bad.utf8))
        #expect(badProblems.contains { $0.contains("not allowed for aqi") } && badProblems.contains { $0.contains("unknown key colour") }, "\(badProblems)")
    }

    @Test("a sensor first with an indoor sensor, while Open-Meteo fails: every config passes, the model's entities are kept")
    func sensorFirstAndIndoor() async throws {
        let (context, output) = try await Self.output(Self.location + Self.mqtt, Self.sensorFirstDuringOutage())
        let (problems, topics) = try Self.problems(context, output)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(topics.contains { $0.hasSuffix("/indoor_co2/config") } && topics.contains { $0.hasSuffix("/pm2_5/config") }, "\(topics)")
        let settings = try #require(context.settings.mqtt)
        let plan = HomeAssistantDiscovery(settings: settings, version: "t").plan(EntityInput(output: output), pollSeconds: 60)
        // The model's readings failed this time: their configs are in the outage set (kept if announced), not deleted.
        for object in ["o3", "no2", "so2", "co", "uv_index", "pollen_birch", "forecast_worst_aqi"] {
            #expect(plan.outage.keys.contains { $0.hasSuffix("/\(object)/config") }, "\(object): \(plan.outage.keys.sorted())")
        }
    }

    @Test("pollen and UV: p/m³ and UV index without a device class; counts rounded")
    func pollenAndUV() async throws {
        let (context, output) = try await Self.output(Self.location + Self.mqtt, Self.openMeteo(pollenAndUV: true))
        let (problems, topics) = try Self.problems(context, output)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(topics.contains { $0.hasSuffix("/pollen_grass/config") } && topics.contains { $0.hasSuffix("/uv_index/config") }, "\(topics)")
        let sensors = try Self.document(context, output)["sensors"]?.object
        #expect(sensors?["pollen_grass"] == .integer(61) && sensors?["uv_index"] == .number(6.3), "\(String(describing: sensors))")
    }

    @Test("[mqtt] topic_prefix and [alerts]: alert binary sensors, ids of their own, every config passes")
    func topicPrefixAndAlerts() async throws {
        let config = Self.location + Self.mqtt + "topic_prefix = \"breather/work\"\n[alerts]\ncategory = \"moderate\"\nasthma = \"high\"\n"
        let (context, output) = try await Self.output(config, Self.openMeteo())
        var monitor = AlertMonitor(settings: try #require(context.settings.alerts))
        _ = monitor.observe(output)
        let (problems, topics) = try Self.problems(context, output, alerts: monitor.alertStates)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        let node = try #require(context.settings.mqtt?.node)
        #expect(topics.contains("homeassistant/binary_sensor/breather_\(node)_work/alert_air/config"), "\(topics)")
        #expect(topics.contains("homeassistant/binary_sensor/breather_\(node)_work/alert_asthma/config"), "\(topics)")
        #expect(!topics.contains { $0.contains("/alert_pollen/") }, "no pollen threshold, no pollen alert entity")
        #expect(topics.allSatisfy { $0.contains("/breather_\(node)_work/") }, "\(topics)")
    }

    /// The published state document of `output`.
    static func document(_ context: AppContext, _ output: Output) throws -> JSONObject {
        let settings = try #require(context.settings.mqtt)
        return try #require(try JSON.parse(MQTTStateDocument.encode(output, node: settings.node)).object)
    }
}
