import BreatherTestSupport
import Foundation
import Testing

/// The one-shot and the daemon reading a publisher's state (`--source` or `[sources] state`),
/// and the publisher following a reloaded `[mqtt]`.
@Suite("the one-shot and the daemon read an MQTT source; [mqtt] follows a reload")
struct MQTTSourceTests {
    /// A house whose publisher has published its first state.
    static func publishing(prefix: String) async throws -> (Household, DaemonProcess) {
        let house = try await Household.start(prefix: prefix)
        let daemon = try DaemonProcess(sandbox: house.publisher)
        #expect(await waitUntil { (try? await house.broker.retained("\(prefix)/state")).flatMap(jsonObject) != nil }, "\(daemon.stderr)")
        return (house, daemon)
    }

    @Test("one-shot --source: the published index in every format asked, no provider request, [sources] state the same")
    func oneShotReads() async throws {
        let (house, daemon) = try await Self.publishing(prefix: "breather/once")
        defer { daemon.send(SIGKILL) }
        let trap = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 300))))
        let other = try house.subscriberSandbox(trap: trap)
        let plain = try await other.run(["--config", other.configPath, "--source", house.source])
        #expect(plain.status == 0 && plain.stdout.contains("AQI 112 Unhealthy for Sensitive Groups"), "\(plain.stdout) \(plain.stderr)")
        let json = try await other.run(["--config", other.configPath, "--source", house.source, "--format", "json"])
        let document = try #require(jsonObject(json.stdout), "\(json.stdout) \(json.stderr)")
        #expect(json.status == 0 && (document["air_quality"] as? [String: Any])?["aqi"] as? Int == 112)
        #expect(document["stale"] as? Bool == false, "\(document)")
        // The same through the config key, with another standard computed from the published data.
        let keyed = try Sandbox()
        try keyed.writeConfig(server: trap, extra: "[sources]\nstate = \"\(house.source)\"\n" + keyed.mqttTable(house.broker, prefix: "unused/x"))
        let china = try await keyed.run(["--config", keyed.configPath, "--standard", "china", "--format", "json"])
        let chinese = try #require(jsonObject(china.stdout), "\(china.stdout) \(china.stderr)")
        #expect(china.status == 0 && chinese["standard"] as? String == "china", "\(chinese)")
        #expect((chinese["air_quality"] as? [String: Any])?["aqi"] as? Int != nil)
        #expect(trap.requests.isEmpty, "a one-shot with a source asked a provider: \(trap.requests)")
        for run in [plain, json, china] { #expect(!run.stderr.contains(MosquittoBroker.password) && !run.stdout.contains(MosquittoBroker.password)) }
    }

    @Test("one-shot --source with a wrong password: one line, exit 78, neither password anywhere")
    func oneShotWrongPassword() async throws {
        let broker = try await MosquittoBroker.start()
        let trap = try await FixtureServer.start(routes: [:])
        let sandbox = try Sandbox()
        let wrongPassword = "not-\(UUID().uuidString.prefix(8))"
        let wrong = sandbox.home.appendingPathComponent("wrong.password").path
        try "\(wrongPassword)\n".write(toFile: wrong, atomically: true, encoding: .utf8)
        chmod(wrong, 0o600)
        try sandbox.writeConfig(server: trap, extra: sandbox.mqttTable(broker, prefix: "unused/pw")
            .replacingOccurrences(of: broker.passwordFile, with: wrong))
        let run = try await sandbox.run(["--config", sandbox.configPath, "--source", "mqtt://127.0.0.1:\(broker.port)/breather/pw"])
        #expect(run.status == 78, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("mqtt: 127.0.0.1:\(broker.port) refused the login"), "\(run.stderr)")
        for text in [run.stdout, run.stderr] {
            #expect(!text.contains(wrongPassword) && !text.contains(MosquittoBroker.password))
        }
        #expect(trap.requests.isEmpty)
    }

    @Test("one-shot --source: a broker that cannot be reached 69, no retained state 69 within the deadline, a stopped publisher stale")
    func oneShotFaults() async throws {
        let (house, daemon) = try await Self.publishing(prefix: "breather/gone")
        let trap = try await FixtureServer.start(routes: [:])
        let other = try house.subscriberSandbox(trap: trap)
        let closed = try MosquittoBroker.freePort()
        let unreachable = try await other.run(["--config", other.configPath, "--source", "mqtt://127.0.0.1:\(closed)/breather/gone"])
        #expect(unreachable.status == 69, "\(unreachable.stderr)")
        #expect(unreachable.stderr.split(separator: "\n").count == 1 && unreachable.stderr.contains("mqtt: cannot reach 127.0.0.1:\(closed)"),
                "\(unreachable.stderr)")
        // Nothing published under this prefix: the run's deadline (3 × timeout) ends the wait.
        let quick = try Sandbox()
        try quick.writeConfig(server: trap, extra: quick.mqttTable(house.broker, prefix: "unused/q"), timeout: "2s")
        let empty = try await quick.run(["--config", quick.configPath, "--source", "mqtt://127.0.0.1:\(house.broker.port)/breather/nobody"])
        #expect(empty.status == 69, "\(empty.stderr)")
        #expect(empty.stderr.split(separator: "\n").count == 1 && empty.stderr.contains("mqtt: no state on breather/nobody/state within 6 s"),
                "\(empty.stderr)")
        #expect(empty.seconds < 6 + 10, "the deadline holds: \(empty.seconds) s")
        // A publisher that stopped: its last state, marked stale, and the reason on stderr.
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0)
        #expect(try await house.broker.retained("breather/gone/availability") == "offline")
        let stale = try await other.run(["--config", other.configPath, "--source", house.source, "--format", "json"])
        let document = try #require(jsonObject(stale.stdout), "\(stale.stdout) \(stale.stderr)")
        #expect(stale.status == 0, "\(stale.stderr)")
        #expect(document["stale"] as? Bool == true && (document["air_quality"] as? [String: Any])?["aqi"] as? Int == 112, "\(document)")
        #expect(stale.stderr.contains("the publisher of breather/gone is offline; showing its last state"), "\(stale.stderr)")
        #expect(trap.requests.isEmpty)
    }

    @Test("daemon with [sources] state writes the published state to its outputs, asks no provider and publishes nothing")
    func daemonReads() async throws {
        let (house, publisher) = try await Self.publishing(prefix: "breather/relay")
        defer { publisher.send(SIGKILL) }
        let trap = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 300))))
        let other = try Sandbox()
        try other.writeDaemonConfig(server: trap, interval: "1h", sources: other.mqttTable(house.broker, prefix: "breather/subscriber")
            + "\n[sources]\nstate = \"\(house.source)\"\n")
        let daemon = try DaemonProcess(sandbox: other)
        defer { daemon.send(SIGKILL) }
        func aqi(_ path: String) -> Int? { (readJSON(path)?["air_quality"] as? [String: Any])?["aqi"] as? Int }
        #expect(await waitUntil { aqi(other.jsonOutput) == 112 }, "\(daemon.stderr)")
        let published = try String(contentsOfFile: house.publisher.plainOutput, encoding: .utf8)
        #expect(await waitUntil { (try? String(contentsOfFile: other.plainOutput, encoding: .utf8)) == published }, "\(daemon.stderr)")
        // A new state from the publisher reaches the subscriber's files.
        try house.server.setRoutes(openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        publisher.send(SIGUSR1)
        #expect(await waitUntil { aqi(other.jsonOutput) == 28 }, "\(daemon.stderr)")
        #expect(trap.requests.isEmpty, "\(trap.requests)")
        #expect(try await house.broker.retained("breather/subscriber/state").isEmpty, "a subscribing daemon publishes nothing")
        #expect(!daemon.stderr.contains(MosquittoBroker.password))
    }

    @Test("daemon with a source and a wrong password: one logged line, retried, still running, no password in its log")
    func daemonWrongPassword() async throws {
        let broker = try await MosquittoBroker.start()
        let trap = try await FixtureServer.start(routes: [:])
        let sandbox = try Sandbox()
        let wrongPassword = "not-\(UUID().uuidString.prefix(8))"
        let wrong = sandbox.home.appendingPathComponent("wrong.password").path
        try "\(wrongPassword)\n".write(toFile: wrong, atomically: true, encoding: .utf8)
        chmod(wrong, 0o600)
        try sandbox.writeDaemonConfig(server: trap, interval: "1h", sources: sandbox.mqttTable(broker, prefix: "unused/pw")
            .replacingOccurrences(of: broker.passwordFile, with: wrong) + "\n[sources]\nstate = \"mqtt://127.0.0.1:\(broker.port)/breather/pw\"\n")
        let daemon = try DaemonProcess(sandbox: sandbox)
        defer { daemon.send(SIGKILL) }
        #expect(await waitUntil { daemon.stderr.contains("mqtt: 127.0.0.1:\(broker.port) refused the login") }, "\(daemon.stderr)")
        // Retried with backoff (the broker saw at least two attempts), logged once while the cause stays.
        #expect(await waitUntil { (try? String(contentsOfFile: broker.logPath, encoding: .utf8))?
            .components(separatedBy: "not authorised").count ?? 0 >= 3 })
        #expect(daemon.stderr.components(separatedBy: "refused the login: Connection Refused: not authorised.; retrying in").count == 2,
                "\(daemon.stderr)")
        #expect(daemon.process.isRunning)
        #expect(!daemon.stderr.contains(wrongPassword) && !daemon.stderr.contains(MosquittoBroker.password))
        #expect(trap.requests.isEmpty)
    }

    @Test("SIGHUP: a changed topic_prefix moves the state and clears the old one; discovery off removes the entities; [mqtt] removed says offline")
    func reloadMovesPrefix() async throws {
        let (house, daemon) = try await Self.publishing(prefix: "breather/before")
        defer { daemon.send(SIGKILL) }
        let config = try String(contentsOfFile: house.publisher.configPath, encoding: .utf8)
        try house.publisher.writeConfig(config.replacingOccurrences(of: "topic_prefix = \"breather/before\"", with: "topic_prefix = \"breather/after\""))
        daemon.send(SIGHUP)
        #expect(await waitUntil { (try? await house.broker.retained("breather/after/state")).flatMap(jsonObject) != nil }, "\(daemon.stderr)")
        #expect(await waitUntil { (try? await house.broker.retained("breather/after/availability")) == "online" }, "\(daemon.stderr)")
        #expect(await waitUntil { (try? await house.broker.retained("breather/before/state"))?.isEmpty == true }, "the old state stays")
        let oldAvailability = try await house.broker.retained("breather/before/availability")
        #expect(oldAvailability.isEmpty, "\(oldAvailability) \(daemon.stderr) \((try? String(contentsOfFile: house.broker.logPath, encoding: .utf8)) ?? "")")
        let state = try #require(jsonObject(try await house.broker.retained("breather/after/state")))
        #expect((state["air_quality"] as? [String: Any])?["aqi"] as? Int == 112)
        // Home Assistant's configs now read the new state topic.
        let configs = try await house.broker.retainedMessages("homeassistant/sensor/+/aqi/config")
        let stateTopics = configs.map { jsonObject(String($0.drop { $0 != " " }.dropFirst()))?["state_topic"] as? String }
        #expect(stateTopics == ["breather/after/state"], "\(configs)")
        // Discovery turned off: Home Assistant's entities are removed (empty retained configs).
        let withDiscovery = try String(contentsOfFile: house.publisher.configPath, encoding: .utf8)
        try house.publisher.writeConfig(withDiscovery.replacingOccurrences(of: "keepalive = 60", with: "keepalive = 60\ndiscovery = false"))
        daemon.send(SIGHUP)
        #expect(await waitUntil { (try? await house.broker.retainedMessages("homeassistant/sensor/+/+/config"))?.isEmpty == true }, "\(daemon.stderr)")
        #expect(await waitUntil { (try? await house.broker.retained("breather/after/availability")) == "online" }, "\(daemon.stderr)")
        // [mqtt] removed: publishing stops, saying offline.
        let withoutMQTT = try String(contentsOfFile: house.publisher.configPath, encoding: .utf8)
        let lines = withoutMQTT.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: "[mqtt]"))
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("[") } ?? lines.endIndex
        try house.publisher.writeConfig((lines[..<start] + lines[end...]).joined(separator: "\n"))
        daemon.send(SIGHUP)
        #expect(await waitUntil { (try? await house.broker.retained("breather/after/availability")) == "offline" }, "\(daemon.stderr)")
        #expect(daemon.process.isRunning, "\(daemon.stderr)")
    }
}
