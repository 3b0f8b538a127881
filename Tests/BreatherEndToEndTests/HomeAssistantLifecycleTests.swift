import BreatherTestSupport
import Foundation
import Testing

/// Home Assistant's entities through a real broker: they live through an outage, and two
/// publishers on one host keep two devices.
@Suite("Home Assistant entities through outages and beside another publisher")
struct HomeAssistantLifecycleTests {
    /// Every retained discovery config under `filter`, topic → JSON object (an empty payload
    /// is not retained, so a deleted config is absent).
    static func configs(_ broker: MosquittoBroker, _ filter: String = "homeassistant/+/+/+/config") async -> [String: [String: Any]] {
        var configs: [String: [String: Any]] = [:]
        for line in (try? await broker.retainedMessages(filter)) ?? [] {
            let topic = String(line.prefix { $0 != " " })
            if let object = jsonObject(String(line.drop { $0 != " " }.dropFirst())) { configs[topic] = object }
        }
        return configs
    }

    /// What the availability template over the state topic says for `object`, as Home
    /// Assistant evaluates `{{ 'online' if 'X' in value_json.sensors and 'air' not in value_json.stale_parts else 'offline' }}`.
    static func available(_ object: String, in state: [String: Any]) -> Bool {
        ((state["sensors"] as? [String: Any])?[object] != nil) && !((state["stale_parts"] as? [String]) ?? []).contains("air")
    }

    @Test("sensor first, Open-Meteo HTTP 500: no empty retained config; the model's entities read unavailable, then recover")
    func outage() async throws {
        let broker = try await MosquittoBroker.start()
        let good = try SensorEndToEndTests().routes(purpleAir: "purpleair/json.pa-ii.clean.json")
        let server = try await FixtureServer.start(routes: good)
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, interval: "1s", sources: """
            [sources]
            air = ["purpleair", "open-meteo"]
            [providers.purpleair]
            url = "\(server.baseURL)/purpleair"
            """ + "\n" + sandbox.mqttTable(broker, prefix: "breather/outage"))
        let daemon = try DaemonProcess(sandbox: sandbox)
        defer { daemon.send(SIGKILL) }
        func state() async -> [String: Any]? { (try? await broker.retained("breather/outage/state")).flatMap(jsonObject) }
        let o3Filter = "homeassistant/sensor/+/o3/config"
        #expect(await waitUntil {
            let (configs, state) = (await Self.configs(broker, o3Filter), await state())
            return configs.count == 1 && state.map { Self.available("o3", in: $0) } == true
        }, "\(daemon.stderr)")
        let o3 = try #require(await Self.configs(broker, o3Filter).first)
        // The config asks Home Assistant for exactly that: the LWT and the reading's presence, both.
        let availability = try #require(o3.value["availability"] as? [[String: Any]])
        #expect(o3.value["availability_mode"] as? String == "all")
        #expect(availability.last?["value_template"] as? String
                == "{{ 'online' if 'o3' in value_json.sensors and 'air' not in value_json.stale_parts else 'offline' }}")
        let before = await Self.configs(broker)

        // Watch every config topic for an empty payload while Open-Meteo's air answers 500.
        let watcher = try await MQTTWatcher.start(broker: broker, filter: "homeassistant/#")
        defer { watcher.stop() }
        var failing = good
        failing["/aq/v1/air-quality"] = Route(body: "{\"error\":true}", status: 500)
        try server.setRoutes(failing)
        #expect(await waitUntil { await state().map { !Self.available("o3", in: $0) && Self.available("pm2_5", in: $0) } == true },
                "the model's readings unavailable, the sensor's not: \(daemon.stderr)")
        #expect(await Self.configs(broker).keys.sorted() == before.keys.sorted(), "every entity still announced")
        try server.setRoutes(good)
        #expect(await waitUntil { await state().map { Self.available("o3", in: $0) } == true }, "\(daemon.stderr)")
        #expect(await Self.configs(broker).keys.sorted() == before.keys.sorted())
        let emptied = watcher.messages().filter { $0.payload.isEmpty }.map(\.topic)
        #expect(emptied.isEmpty, "empty retained configs during the outage: \(emptied)")
        #expect(watcher.messages().contains { $0.topic.hasSuffix("/o3/config") } == false, "o3's config was not even re-sent")
    }

    @Test("a restart during the outage: the earlier run's configs of the model's readings are kept, not deleted")
    func restartDuringOutage() async throws {
        let broker = try await MosquittoBroker.start()
        let good = try SensorEndToEndTests().routes(purpleAir: "purpleair/json.pa-ii.clean.json")
        let server = try await FixtureServer.start(routes: good)
        let sources = "[sources]\nair = [\"purpleair\", \"open-meteo\"]\n[providers.purpleair]\nurl = \"\(server.baseURL)/purpleair\"\n"
        let first = try Sandbox()
        try first.writeDaemonConfig(server: server, interval: "1s", sources: sources + first.mqttTable(broker, prefix: "breather/restart"))
        let daemon = try DaemonProcess(sandbox: first)
        #expect(await waitUntil { await Self.configs(broker, "homeassistant/sensor/+/o3/config").count == 1 }, "\(daemon.stderr)")
        daemon.send(SIGKILL)
        _ = await daemon.waitForExit()
        let before = await Self.configs(broker).keys.sorted()
        var failing = good
        failing["/aq/v1/air-quality"] = Route(body: "{\"error\":true}", status: 500)
        try server.setRoutes(failing)
        // Another machine state (no stored model data), the same config: the model fails from the start.
        let watcher = try await MQTTWatcher.start(broker: broker, filter: "#")
        defer { watcher.stop() }
        let second = try Sandbox()
        try second.writeDaemonConfig(server: server, interval: "1s", sources: sources + second.mqttTable(broker, prefix: "breather/restart"))
        let again = try DaemonProcess(sandbox: second)
        defer { again.send(SIGKILL) }
        // Two states of the outage seen live (events, not a sleep): a deletion would follow the
        // first one's publish (configs found before it) or the broker's retained configs, which
        // come at the subscription, so every such publish is seen before the second state.
        let outageStates = {
            watcher.messages().filter { $0.topic == "breather/restart/state" && jsonObject($0.payload).map { !Self.available("o3", in: $0) } == true }.count
        }
        #expect(await waitUntil { outageStates() >= 2 }, "\(again.stderr)")
        #expect(await Self.configs(broker).keys.sorted() == before)
        let emptied = watcher.messages().filter { $0.topic.hasPrefix("homeassistant/") && $0.payload.isEmpty }.map(\.topic)
        #expect(emptied.isEmpty, "configs deleted after the restart: \(emptied)")
    }

    @Test("two daemons on one host with different topic_prefix keep two devices; neither deletes or re-points the other's entities")
    func twoPublishers() async throws {
        let broker = try await MosquittoBroker.start()
        let server = try await FixtureServer.start(routes: indoorRoutes())
        let home = try Sandbox(), work = try Sandbox()
        try home.writeDaemonConfig(server: server, interval: "1s", sources: indoorTables(server) + "\n" + home.mqttTable(broker, prefix: "breather/home"))
        try work.writeDaemonConfig(server: server, interval: "1s", sources: work.mqttTable(broker, prefix: "breather/work"))
        let first = try DaemonProcess(sandbox: home)
        defer { first.send(SIGKILL) }
        #expect(await waitUntil { await Self.configs(broker).keys.contains { $0.hasSuffix("/indoor_co2/config") } }, "\(first.stderr)")
        let watcher = try await MQTTWatcher.start(broker: broker, filter: "#")
        defer { watcher.stop() }
        let second = try DaemonProcess(sandbox: work)
        defer { second.send(SIGKILL) }
        #expect(await waitUntil { await Self.configs(broker).values.contains { $0["state_topic"] as? String == "breather/work/state" } }, "\(second.stderr)")
        // Each daemon's second state after the second one started, seen live (events, not a
        // sleep): whatever either did to the other's configs at its start is seen before it.
        let states = { (topic: String) in watcher.messages().filter { $0.topic == topic }.count }
        #expect(await waitUntil { states("breather/work/state") >= 2 && states("breather/home/state") >= 2 }, "\(second.stderr)")
        let configs = await Self.configs(broker)
        let aqi = configs.filter { $0.key.hasSuffix("/aqi/config") }
        #expect(aqi.count == 2, "\(aqi.keys.sorted())")
        #expect(Set(aqi.values.compactMap { $0["state_topic"] as? String }) == ["breather/home/state", "breather/work/state"])
        #expect(Set(aqi.values.compactMap { $0["unique_id"] as? String }).count == 2)
        #expect(Set(aqi.values.compactMap { ($0["device"] as? [String: Any])?["identifiers"] as? [String] }.flatMap { $0 }).count == 2)
        let indoor = configs.filter { $0.key.hasSuffix("/indoor_co2/config") }
        #expect(indoor.count == 1 && indoor.values.first?["state_topic"] as? String == "breather/home/state", "\(indoor.keys.sorted())")
        // Each state topic is read only by its own device's entities.
        for config in configs.values {
            let topic = config["state_topic"] as? String, id = config["unique_id"] as? String ?? ""
            #expect(topic == (id.contains("_work_") ? "breather/work/state" : "breather/home/state"), "\(id) reads \(topic ?? "")")
        }
        // Two client ids: neither connection is kicked by the other.
        let log = (try? String(contentsOfFile: broker.logPath, encoding: .utf8)) ?? ""
        #expect(!log.contains("already connected"), "\(log.suffix(800))")
        #expect(!first.stderr.contains("lost the connection") && !second.stderr.contains("lost the connection"), "\(first.stderr)\n\(second.stderr)")
    }

    @Test("[alerts]: a binary sensor per threshold, ON while the alert holds, and each notification on <topic_prefix>/alert")
    func alertEntities() async throws {
        let broker = try await MosquittoBroker.start()
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, interval: "1s", sources: "[alerts]\ncategory = \"unhealthy_for_sensitive_groups\"\nhold = 1\n"
                                      + sandbox.mqttTable(broker, prefix: "breather/alerts"))
        let fake = try fakeNotifySend(in: sandbox)
        let daemon = try DaemonProcess(sandbox: sandbox, environment: ["PATH": "\(fake.bin):/usr/bin:/bin"])
        defer { daemon.send(SIGKILL) }
        func states() async -> [String: Any]? { (try? await broker.retained("breather/alerts/state")).flatMap(jsonObject)?["states"] as? [String: Any] }
        #expect(await waitUntil { await states()?["alert_air"] as? String == "OFF" }, "\(daemon.stderr)")
        // The alerts' binary sensors (the advice's ventilate and smoke are binary sensors too).
        let configs = await Self.configs(broker, "homeassistant/binary_sensor/+/+/config").filter { $0.key.contains("/alert_") }
        #expect(configs.count == 1 && configs.keys.first?.hasSuffix("/alert_air/config") == true, "only the threshold set: \(configs.keys.sorted())")
        #expect(configs.values.first?["value_template"] as? String == "{{ value_json.states.alert_air }}")
        #expect(configs.values.first?["default_entity_id"] as? String == "binary_sensor.\(configs.values.first?["unique_id"] as? String ?? "")")
        let watcher = try await MQTTWatcher.start(broker: broker, filter: "breather/alerts/alert")
        defer { watcher.stop() }
        try server.setRoutes(openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        #expect(await waitUntil { await states()?["alert_air"] as? String == "ON" }, "\(daemon.stderr)")
        #expect(await waitUntil { !watcher.messages().isEmpty }, "the notification on the alert topic")
        let alert = try #require(watcher.messages().first.flatMap { jsonObject($0.payload) })
        #expect(alert["summary"] as? String == "Air quality: Unhealthy for Sensitive Groups" && alert["urgency"] as? String == "normal", "\(alert)")
        #expect((alert["body"] as? String)?.contains("AQI 112") == true && alert["node"] is String, "\(alert)")
        #expect(try await broker.retained("breather/alerts/alert").isEmpty, "not retained")
    }
}
