import BreatherTestSupport
import Foundation
import Testing

extension Sandbox {
    /// `[mqtt]` for `broker` with the test user and its password file.
    func mqttTable(_ broker: MosquittoBroker, prefix: String, keepalive: Int = 60, extra: String = "") -> String {
        """
        [mqtt]
        url = "mqtt://127.0.0.1:\(broker.port)"
        username = "\(MosquittoBroker.username)"
        password_file = "\(broker.passwordFile)"
        topic_prefix = "\(prefix)"
        keepalive = \(keepalive)
        \(extra)
        """
    }
}

/// The JSON object in an MQTT payload, nil unless it is one.
func jsonObject(_ text: String) -> [String: Any]? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
}

/// `breather daemon` with `[mqtt]` against Debian's real mosquitto and the loopback provider.
@Suite("the daemon publishes over MQTT")
struct MQTTPublisherTests {
    @Test("state, availability and Home Assistant discovery after one poll; the state holds the bar's index; no password anywhere")
    func publishes() async throws {
        let broker = try await MosquittoBroker.start()
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40, uv: 6.5))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, sources: sandbox.mqttTable(broker, prefix: "breather/e2e"))
        let daemon = try DaemonProcess(sandbox: sandbox)
        defer { daemon.send(SIGKILL) }
        #expect(await waitUntil { jsonObject((try? await broker.retained("breather/e2e/state")) ?? "") != nil }, "\(daemon.stderr)")
        let state = try #require(jsonObject(try await broker.retained("breather/e2e/state")))
        let bar = try #require(readJSON(sandbox.jsonOutput))
        let aqi = (state["air_quality"] as? [String: Any])?["aqi"] as? Int
        #expect(aqi == 112)
        #expect(aqi == (bar["air_quality"] as? [String: Any])?["aqi"] as? Int)
        #expect(state["version"] as? Int == 1)
        let sensors = try #require(state["sensors"] as? [String: Double])
        #expect(sensors["aqi"] == 112 && sensors["pm2_5"] == 40)
        #expect(sensors["uv_index"] == 6.5, "\(sensors)")
        #expect(abs((sensors["co"] ?? 0) - 200 / 1145.6) < 0.001, "CO in ppm: \(sensors)")
        // Rounded as Home Assistant shows them: the index an integer, CO to 3 decimals.
        let text = try await broker.retained("breather/e2e/state")
        #expect(text.contains("\"sensors\":{\"aqi\":112,") && text.contains("\"co\":0.175,"), "\(text.prefix(300))")
        let states = try #require(state["states"] as? [String: String])
        #expect(states["aqi_category"] == "Unhealthy for Sensitive Groups", "\(states)")
        #expect(state["conditions"] is [String: Any])
        #expect(try await broker.retained("breather/e2e/availability") == "online")
        // Home Assistant's view: one retained config per reading.
        let configs = try await broker.retainedMessages("homeassistant/sensor/+/+/config")
        func config(_ object: String) -> [String: Any]? {
            configs.first { $0.split(separator: " ")[0].hasSuffix("/\(object)/config") }
                .flatMap { line in jsonObject(String(line.drop { $0 != " " }.dropFirst())) }
        }
        let aqiConfig = try #require(config("aqi"), "\(configs)")
        #expect(aqiConfig["device_class"] as? String == "aqi")
        #expect((aqiConfig["unique_id"] as? String)?.hasSuffix("_aqi") == true)
        #expect((aqiConfig["availability"] as? [[String: Any]])?.first?["topic"] as? String == "breather/e2e/availability")
        #expect(aqiConfig["object_id"] == nil && aqiConfig["default_entity_id"] as? String == "sensor.\(aqiConfig["unique_id"] as? String ?? "")")
        #expect((aqiConfig["origin"] as? [String: Any])?["name"] as? String == "Breather")
        #expect(aqiConfig["state_topic"] as? String == "breather/e2e/state")
        #expect(aqiConfig["expire_after"] as? Int == 2 * 60 + 60)
        #expect(aqiConfig["state_class"] as? String == "measurement")
        #expect((aqiConfig["device"] as? [String: Any])?["identifiers"] as? [String] != nil)
        let pm25 = try #require(config("pm2_5"))
        // μg/m³ with U+03BC GREEK SMALL LETTER MU, byte for byte as Home Assistant ≥ 2025.9 spells it.
        #expect(pm25["device_class"] as? String == "pm25" && Array((pm25["unit_of_measurement"] as? String ?? "").utf8) == [0xCE, 0xBC, 0x67, 0x2F, 0x6D, 0xC2, 0xB3])
        #expect(config("co")?["unit_of_measurement"] as? String == "ppm")
        #expect(config("temperature")?["device_class"] as? String == "temperature")
        #expect(config("pressure")?["device_class"] as? String == "atmospheric_pressure")
        // UV: a measurement in "UV index", with no device class (Home Assistant has none for it).
        let uv = try #require(config("uv_index"), "\(configs)")
        #expect(uv["state_class"] as? String == "measurement" && uv["unit_of_measurement"] as? String == "UV index")
        #expect(uv["device_class"] == nil && uv["name"] as? String == "UV index")
        #expect(uv["value_template"] as? String == "{{ value_json.sensors.uv_index }}")
        // The password is in no output, log or process listing.
        let cmdline = (try? String(contentsOfFile: "/proc/\(daemon.pid)/cmdline", encoding: .utf8)) ?? ""
        let environ = (try? String(contentsOfFile: "/proc/\(daemon.pid)/environ", encoding: .utf8)) ?? ""
        for text in [daemon.stderr, cmdline, environ, try String(contentsOfFile: sandbox.jsonOutput, encoding: .utf8),
                     try await broker.retained("breather/e2e/state")] {
            #expect(!text.contains(MosquittoBroker.password))
        }
        #expect(daemon.stderr.contains("mqtt: connected to mqtt://127.0.0.1:\(broker.port)"), "\(daemon.stderr)")
    }

    @Test("an indoor sensor appears in Home Assistant: CO2 in ppm (carbon_dioxide), indoor PM2.5, temperature, humidity and index")
    func indoorEntities() async throws {
        let broker = try await MosquittoBroker.start()
        let server = try await FixtureServer.start(routes: indoorRoutes())
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, sources: indoorTables(server, extra: "interval = \"1s\"")
                                      + "\n" + sandbox.mqttTable(broker, prefix: "breather/indoor"))
        let daemon = try DaemonProcess(sandbox: sandbox)
        defer { daemon.send(SIGKILL) }
        #expect(await waitUntil { ((try? await broker.retained("breather/indoor/state")).flatMap(jsonObject)?["sensors"] as? [String: Double])?["indoor_co2"] != nil },
                "\(daemon.stderr)")
        let sensors = try #require(jsonObject(try await broker.retained("breather/indoor/state"))?["sensors"] as? [String: Double])
        // The fixture: rco2 1520, pm02Compensated 24.6 (PM index 80 as a 1-hour value), pm10 44.9, 17.1 °C, 76.3 %.
        #expect(sensors["indoor_co2"] == 1520 && sensors["indoor_pm2_5"] == 24.6 && sensors["indoor_pm10"] == 44.9, "\(sensors)")
        #expect(sensors["indoor_temperature"] == 17.1 && sensors["indoor_humidity"] == 76.3 && sensors["indoor_aqi"] == 80, "\(sensors)")
        #expect(sensors["pm2_5"] == 40, "the outdoor air is still the model's: \(sensors)")
        #expect(await waitUntil { ((try? await broker.retainedMessages("homeassistant/sensor/+/+/config")) ?? []).contains { $0.contains("/indoor_co2/config") } })
        let configs = try await broker.retainedMessages("homeassistant/sensor/+/+/config")
        func config(_ object: String) -> [String: Any]? {
            configs.first { $0.split(separator: " ")[0].hasSuffix("/\(object)/config") }
                .flatMap { line in jsonObject(String(line.drop { $0 != " " }.dropFirst())) }
        }
        let co2 = try #require(config("indoor_co2"), "\(configs)")
        #expect(co2["name"] as? String == "Indoor CO₂" && co2["value_template"] as? String == "{{ value_json.sensors.indoor_co2 }}")
        let kinds: [(String, String, String?)] = [("indoor_co2", "carbon_dioxide", "ppm"), ("indoor_pm2_5", "pm25", "\u{03BC}g/m³"),
                                                   ("indoor_pm10", "pm10", "\u{03BC}g/m³"), ("indoor_temperature", "temperature", "°C"),
                                                   ("indoor_humidity", "humidity", "%"), ("indoor_aqi", "aqi", nil)]
        for (object, deviceClass, unit) in kinds {
            let entity = config(object)
            #expect(entity?["device_class"] as? String == deviceClass && entity?["unit_of_measurement"] as? String == unit, "\(object): \(String(describing: entity))")
            // Unavailable while the daemon is offline or the indoor reading is stale.
            let availability = entity?["availability"] as? [[String: Any]]
            #expect(entity?["availability_mode"] as? String == "all" && entity?["availability_topic"] == nil, "\(object)")
            #expect(availability?.map { $0["topic"] as? String } == ["breather/indoor/availability", "breather/indoor/state"], "\(object)")
            #expect((availability?.last?["value_template"] as? String)?.contains("value_json.indoor.stale") == true, "\(object)")
        }
        #expect((config("pm2_5")?["availability"] as? [[String: Any]])?.first?["topic"] as? String == "breather/indoor/availability",
                "the outdoor entities too")

        // The sensor stops answering: its last reading stays in the state, marked stale.
        var down = indoorRoutes()
        down["/airgradient/measures/current"] = Route(body: "", status: 503)
        try server.setRoutes(down)
        #expect(await waitUntil { ((try? await broker.retained("breather/indoor/state")).flatMap(jsonObject)?["indoor"] as? [String: Any])?["stale"] as? Bool == true },
                "\(daemon.stderr)")
    }

    @Test("a hung publisher (SIGSTOP): the broker says offline after about 1.5 times the keepalive set, not the default's 90 s")
    func lastWill() async throws {
        let broker = try await MosquittoBroker.start()
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, sources: sandbox.mqttTable(broker, prefix: "breather/will", keepalive: 5))
        let daemon = try DaemonProcess(sandbox: sandbox)
        #expect(await waitUntil { (try? await broker.retained("breather/will/availability")) == "online" }, "\(daemon.stderr)")
        // Subscribed before the stop, so the will is timed as the broker sends it. A stopped
        // process keeps its socket open (kill -9 would close it, and the will would come at once):
        // only the keepalive can tell the broker it is gone.
        let watcher = try await MQTTWatcher.start(broker: broker, filter: "breather/will/availability")
        defer { watcher.stop() }
        daemon.send(SIGSTOP)
        let stopped = Date()
        #expect(await waitUntil(timeout: 45) { watcher.messages().contains { $0.payload == "offline" } }, "\(watcher.messages())")
        let seconds = Date().timeIntervalSince(stopped)
        // mosquitto gives up 1.5 × 5 s after the last packet (a ping at most 5 s before the stop):
        // between 2.5 and 7.5 s, checked about once a second. The upper bound leaves a loaded machine
        // room (CI took 9.2 s for a kill) and still tells 5 s from the default keepalive (90 s).
        #expect(seconds >= 2 && seconds <= 45, "offline after \(seconds) s")
    }

    @Test("a refresh on <topic_prefix>/command leads to one fetch; a clean stop says offline")
    func refreshCommand() async throws {
        let broker = try await MosquittoBroker.start()
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, interval: "1h", sources: sandbox.mqttTable(broker, prefix: "breather/cmd"))
        let daemon = try DaemonProcess(sandbox: sandbox)
        #expect(await waitUntil { (try? await broker.retained("breather/cmd/state")).flatMap(jsonObject) != nil }, "\(daemon.stderr)")
        func airRequests() -> Int { server.requests.filter { $0.hasPrefix("/aq/v1/air-quality") }.count }
        let before = airRequests()
        try broker.publish("breather/cmd/command", "refresh")
        #expect(await waitUntil { airRequests() == before + 1 }, "\(daemon.stderr)")
        try await Task.sleep(for: .milliseconds(500))
        #expect(airRequests() == before + 1)
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0)
        #expect(try await broker.retained("breather/cmd/availability") == "offline")
    }

    /// A daemon whose `[mqtt]` password file holds a wrong password (mode 600), with `extra`
    /// appended to its config (the sandbox keeps the fixture server alive).
    static func daemonWithWrongPassword(prefix: String, extra: String = "") async throws
        -> (MosquittoBroker, Sandbox, DaemonProcess) {
        let broker = try await MosquittoBroker.start()
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        let sandbox = try Sandbox()
        let wrong = sandbox.home.appendingPathComponent("wrong.password").path
        try "wrong-\(MosquittoBroker.password)\n".write(toFile: wrong, atomically: true, encoding: .utf8)
        chmod(wrong, 0o600)
        try sandbox.writeDaemonConfig(server: server, sources: sandbox.mqttTable(broker, prefix: prefix)
            .replacingOccurrences(of: broker.passwordFile, with: wrong) + extra)
        return (broker, sandbox, try DaemonProcess(sandbox: sandbox))
    }

    @Test("wrong password: one clear log line, retried, outputs still written, the password in no output")
    func wrongPassword() async throws {
        let (broker, sandbox, daemon) = try await Self.daemonWithWrongPassword(prefix: "breather/pw")
        #expect(await waitUntil { readJSON(sandbox.jsonOutput) != nil }, "the outputs wait for no broker: \(daemon.stderr)")
        let line = "mqtt: 127.0.0.1:\(broker.port) refused the login: Connection Refused: not authorised.; retrying in 1s"
        #expect(await waitUntil { daemon.stderr.contains(line) }, "\(daemon.stderr)")
        // Retried with backoff, logged once while the cause stays the same.
        #expect(await waitUntil { (try? String(contentsOfFile: broker.logPath, encoding: .utf8))?
            .components(separatedBy: "not authorised").count ?? 0 >= 3 })
        #expect(daemon.stderr.components(separatedBy: "refused the login").count == 2, "\(daemon.stderr)")
        #expect(!daemon.stderr.contains(MosquittoBroker.password))
    }

    @Test("wrong password with [display] language = \"de\": the same one line in German, the broker and libmosquitto's words as they are")
    func wrongPasswordGerman() async throws {
        let (broker, _, daemon) = try await Self.daemonWithWrongPassword(prefix: "breather/pwde", extra: "\n[display]\nlanguage = \"de\"\n")
        let line = "mqtt: 127.0.0.1:\(broker.port) hat die Anmeldung abgelehnt: Connection Refused: not authorised.; neuer Versuch in 1 s"
        #expect(await waitUntil { daemon.stderr.contains(line) }, "\(daemon.stderr)")
        #expect(!daemon.stderr.contains("refused the login") && !daemon.stderr.contains(MosquittoBroker.password), "\(daemon.stderr)")
    }

    @Test("broker stopped and started again: outputs kept updating meanwhile, then reconnected and republished")
    func brokerRestart() async throws {
        let broker = try await MosquittoBroker.start()
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, interval: "1s", sources: sandbox.mqttTable(broker, prefix: "breather/restart"))
        let daemon = try DaemonProcess(sandbox: sandbox)
        defer { daemon.send(SIGKILL) }
        func stateAQI() async -> Int? {
            ((try? await broker.retained("breather/restart/state")).flatMap(jsonObject)?["air_quality"] as? [String: Any])?["aqi"] as? Int
        }
        func fileAQI() -> Int? { (readJSON(sandbox.jsonOutput)?["air_quality"] as? [String: Any])?["aqi"] as? Int }
        #expect(await waitUntil { let aqi = await stateAQI(); return aqi != nil && aqi == fileAQI() }, "\(daemon.stderr)")
        try await offThePool { broker.stop() }
        try server.setRoutes(openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        #expect(await waitUntil { fileAQI() == 112 }, "outputs stopped with the broker: \(daemon.stderr)")
        #expect(await waitUntil { daemon.stderr.contains("mqtt: lost the connection to 127.0.0.1:\(broker.port)") }, "\(daemon.stderr)")
        try await offThePool { try broker.start() }
        #expect(await waitUntil { await stateAQI() == 112 }, "\(daemon.stderr)")
        #expect(daemon.stderr.contains("mqtt: connected again to"), "\(daemon.stderr)")
        #expect(try await broker.retained("breather/restart/availability") == "online")
    }

    @Test("a reading the config no longer has loses its Home Assistant entity: an empty retained config")
    func removedReading() async throws {
        let broker = try await MosquittoBroker.start()
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, sources: sandbox.mqttTable(broker, prefix: "breather/removed"))
        let daemon = try DaemonProcess(sandbox: sandbox)
        #expect(await waitUntil { ((try? await broker.retainedMessages("homeassistant/sensor/+/aqi/config")) ?? []).count == 1 }, "\(daemon.stderr)")
        let aqiTopic = String(try await broker.retainedMessages("homeassistant/sensor/+/aqi/config")[0].prefix { $0 != " " })
        daemon.send(SIGKILL)
        _ = await daemon.waitForExit()
        // As if an earlier run had a reading this one has not (a source dropped from the config).
        let gone = aqiTopic.replacingOccurrences(of: "/aqi/config", with: "/pollen_birch/config")
        try broker.publish(gone, "{\"name\":\"Birch pollen\"}", retain: true)
        #expect(try await broker.retained(gone).contains("Birch"))
        // A new machine state (no stored data) and a slow provider: the retained configs arrive
        // before the first state is known, and are judged once it is.
        let slow = try await FixtureServer.start(routes: openMeteoRoutes(air: Route(body: airQualityBody(pm25: 5), delay: 1.5)))
        let fresh = try Sandbox()
        try fresh.writeDaemonConfig(server: slow, sources: fresh.mqttTable(broker, prefix: "breather/removed"))
        let again = try DaemonProcess(sandbox: fresh)
        defer { again.send(SIGKILL) }
        #expect(await waitUntil { (try? await broker.retained(gone)) == "" }, "\(again.stderr)")
        #expect(try await broker.retained(aqiTopic).contains("\"device_class\":\"aqi\""))
    }

    @Test("a reload with a longer interval announces every reading again with its expire_after; the broker connection stays")
    func intervalReload() async throws {
        let broker = try await MosquittoBroker.start()
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 12))))
        let sandbox = try Sandbox()
        let mqtt = sandbox.mqttTable(broker, prefix: "breather/interval")
        try sandbox.writeDaemonConfig(server: server, interval: "1m", sources: mqtt)
        let daemon = try DaemonProcess(sandbox: sandbox)
        defer { daemon.send(SIGKILL) }
        func expiries() async -> Set<Int> {
            let configs = (try? await broker.retainedMessages("homeassistant/sensor/+/+/config")) ?? []
            return Set(configs.compactMap { line in jsonObject(String(line.drop { $0 != " " }.dropFirst()))?["expire_after"] as? Int })
        }
        #expect(await waitUntil { await expiries() == [2 * 60 + 60] }, "\(daemon.stderr)")
        let configCount = try await broker.retainedMessages("homeassistant/sensor/+/+/config").count
        try sandbox.writeDaemonConfig(server: server, interval: "30m", sources: mqtt)
        daemon.send(SIGHUP)
        #expect(await waitUntil { await expiries() == [2 * 1800 + 60] }, "\(daemon.stderr)")
        #expect(try await broker.retainedMessages("homeassistant/sensor/+/+/config").count == configCount)
        #expect(daemon.stderr.contains("reloaded"))
        #expect(!daemon.stderr.contains("[mqtt] changed"), "the same [mqtt]: no new publisher")
    }

    @Test("libmosquitto is loaded only by a daemon with [mqtt]")
    func lazyLibrary() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server)
        let oneShot = try await sandbox.run(["--config", sandbox.configPath], environment: ["LD_DEBUG": "files"])
        #expect(oneShot.status == 0)
        #expect(oneShot.stderr.contains("file=libcurl.so.4"), "LD_DEBUG gave no log")
        #expect(!oneShot.stderr.contains("libmosquitto"))
        let broker = try await MosquittoBroker.start()
        try sandbox.writeDaemonConfig(server: server, sources: sandbox.mqttTable(broker, prefix: "breather/lazy"))
        let daemon = try DaemonProcess(sandbox: sandbox, environment: ["LD_DEBUG": "files"])
        #expect(await waitUntil { daemon.stderr.contains("file=libmosquitto.so.1") }, "\(daemon.stderr.suffix(500))")
    }
}

/// `[mqtt]`'s password file follows the key files' rules, and `breather config` never shows it.
@Suite("[mqtt] password file")
struct MQTTPasswordFileTests {
    @Test("a directory, two lines, or a username without a password: exit 78 with one line", arguments: [
        ("directory", "the MQTT password file must be a regular file"),
        ("two lines", "mqtt.password: the key file holds several lines: a key is one line"),
        ("none", "mqtt: username is set but no password: set password_file (or BREATHER_MQTT_PASSWORD)"),
    ])
    func refused(kind: String, message: String) async throws {
        let sandbox = try Sandbox()
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        let path = sandbox.home.appendingPathComponent("mqtt.password").path
        var table = "[mqtt]\nurl = \"mqtt://127.0.0.1:1\"\nusername = \"breather\"\n"
        switch kind {
        case "directory": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        case "two lines": try "first-secret-line\nsecond\n".write(toFile: path, atomically: true, encoding: .utf8)
        default: break
        }
        if kind != "none" { table += "password_file = \"\(path)\"\n" }
        try sandbox.writeDaemonConfig(server: server, sources: table)
        let result = try await sandbox.run(["daemon", "--config", sandbox.configPath])
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("first-secret-line"))
    }

    @Test("breather config says where the password comes from, never what it is")
    func configRedacts() async throws {
        let sandbox = try Sandbox()
        let path = sandbox.home.appendingPathComponent("mqtt.password").path
        try "hunter2-mqtt\n".write(toFile: path, atomically: true, encoding: .utf8)
        try sandbox.writeConfig("[mqtt]\nurl = \"mqtts://homeserver\"\nusername = \"breather\"\npassword_file = \"\(path)\"\n")
        let result = try await sandbox.run(["config", "--config", sandbox.configPath])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("mqtt.url = \"mqtts://homeserver:8883\"  # \(sandbox.configPath):2"), "\(result.stdout)")
        #expect(result.stdout.contains("# mqtt password: set (redacted), from password_file \(path)"), "\(result.stdout)")
        #expect(!result.stdout.contains("hunter2-mqtt") && !result.stderr.contains("hunter2-mqtt"))
    }
}
