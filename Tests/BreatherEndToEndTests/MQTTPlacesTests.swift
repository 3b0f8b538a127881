import BreatherTestSupport
import Foundation
import Testing

/// A place removed from the config leaves nothing on the broker: its retained state and its
/// Home Assistant device's configs are deleted at the next start and at a reload.
@Suite("MQTT: a place removed from the config")
struct MQTTPlacesTests {
    static let places: [(name: String, latitude: Double)] = [("home", 52.52), ("work", 48.85), ("gran", 41.9)]

    static func config(_ server: FixtureServer, _ broker: MosquittoBroker, _ sandbox: Sandbox, places count: Int) -> String {
        "interval = \"1h\"\n" + Self.places.prefix(count).map { "[[place]]\nname = \"\($0.name)\"\nlatitude = \($0.latitude)\nlongitude = 2.35\n" }.joined() + """
            [providers.open-meteo]
            forecast_url = "\(server.baseURL)/v1"
            air_quality_url = "\(server.baseURL)/v1"
            [history]
            enabled = false
            """ + "\n" + sandbox.mqttTable(broker, prefix: "breather/places")
    }

    /// The discovery config topics of `place`'s device.
    static func configs(_ broker: MosquittoBroker, of place: String) async -> [String] {
        await HomeAssistantLifecycleTests.configs(broker).keys.filter { $0.contains("_\(place)/") }
    }

    @Test("a restart without gran deletes gran's state and configs; a reload without work deletes work's; home's stay")
    func removedPlaceCleared() async throws {
        let broker = try await MosquittoBroker.start()
        let server = try await FixtureServer.start(routes: [
            "/v1/forecast": .perPlace("open-meteo/forecast.current.json"),
            "/v1/air-quality": .perPlace("open-meteo/air_quality.breather_subset.json"),
        ])
        let sandbox = try Sandbox()
        try sandbox.writeConfig(Self.config(server, broker, sandbox, places: 3))
        let retained = { (topic: String) async in ((try? await broker.retained(topic)) ?? "").isEmpty == false }
        let first = try DaemonProcess(sandbox: sandbox)
        #expect(await waitUntil {
            let (state, configs) = (await retained("breather/places/places/gran/state"), await Self.configs(broker, of: "gran"))
            return state && !configs.isEmpty
        }, "\(first.stderr)")
        first.send(SIGKILL)
        _ = await first.waitForExit()

        try sandbox.writeConfig(Self.config(server, broker, sandbox, places: 2))
        let second = try DaemonProcess(sandbox: sandbox)
        defer { second.send(SIGKILL) }
        #expect(await waitUntil {
            let (state, configs) = (await retained("breather/places/places/gran/state"), await Self.configs(broker, of: "gran"))
            return !state && configs.isEmpty
        },
                "gran's state and device deleted at start: \(second.stderr)")
        #expect(await waitUntil {
            let (state, configs) = (await retained("breather/places/places/work/state"), await Self.configs(broker, of: "work"))
            return state && !configs.isEmpty
        }, "\(second.stderr)")

        try sandbox.writeConfig(Self.config(server, broker, sandbox, places: 1))
        second.send(SIGHUP)
        #expect(await waitUntil {
            let (state, configs) = (await retained("breather/places/places/work/state"), await Self.configs(broker, of: "work"))
            return !state && configs.isEmpty
        },
                "work's state and device deleted at the reload: \(second.stderr)")
        let (homeState, homeConfigs) = (await retained("breather/places/state"), await HomeAssistantLifecycleTests.configs(broker))
        #expect(homeState && !homeConfigs.isEmpty, "home, the place shown, stays")
    }
}
