import BreatherTestSupport
import Foundation
import Testing

/// A publishing daemon on one "machine" (sandbox), subscribing bars on others, one mosquitto.
struct Household {
    let broker: MosquittoBroker
    let server: FixtureServer
    let publisher: Sandbox
    let prefix: String
    var source: String { "mqtt://127.0.0.1:\(broker.port)/\(prefix)" }

    static func start(prefix: String, pm25: Double = 40) async throws -> Household {
        let broker = try await MosquittoBroker.start()
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: pm25))))
        let publisher = try Sandbox()
        try publisher.writeDaemonConfig(server: server, interval: "1h", sources: publisher.mqttTable(broker, prefix: prefix))
        return Household(broker: broker, server: server, publisher: publisher, prefix: prefix)
    }

    /// Another machine: the broker's credentials, and providers on a server of its own that
    /// must never be asked (`trap`).
    func subscriberSandbox(trap: FixtureServer) throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: trap, extra: "interval = \"1h\"\n" + sandbox.mqttTable(broker, prefix: "unused/\(prefix)"))
        return sandbox
    }

    func airRequests() -> Int { server.requests.filter { $0.hasPrefix("/aq/v1/air-quality") }.count }
}

@Suite("breather watch --source mqtt://")
struct MQTTSubscriberTests {
    @Test("every bar format shows the publisher's index with no provider request; a click leads to one fetch by the publisher")
    func subscribes() async throws {
        let house = try await Household.start(prefix: "breather/house")
        let daemon = try DaemonProcess(sandbox: house.publisher)
        defer { daemon.send(SIGKILL) }
        #expect(await waitUntil { (try? await house.broker.retained("breather/house/state")).flatMap(jsonObject) != nil }, "\(daemon.stderr)")
        let trap = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 300))))
        let other = try house.subscriberSandbox(trap: trap)
        let expected: [(format: String, text: String)] = [
            ("waybar", "AQI 112 USG"), ("i3blocks", "AQI 112 USG"), ("polybar", "AQI 112 USG"), ("tmux", "AQI 112 USG"), ("plain", "AQI 112"),
        ]
        var watches: [WatchProcess] = []
        for (format, _) in expected { watches.append(try WatchProcess(other, ["--format", format, "--source", house.source])) }
        let i3bar = try WatchProcess(other, ["--format", "i3bar", "--source", house.source])
        for (watch, (format, text)) in zip(watches, expected) {
            // After the loading state: the first refresh waits for the broker's retained state.
            #expect(await watch.waitForLine(containing: text), "\(format): \(watch.lines)")
        }
        #expect(await i3bar.waitForLine(containing: "AQI 112 USG"), "\(i3bar.lines)")
        // The same line the publisher's own output file shows.
        let published = try String(contentsOfFile: house.publisher.plainOutput, encoding: .utf8)
        #expect(await watches[4].waitForLine(containing: published.trimmingCharacters(in: .newlines)), "\(watches[4].lines)")
        #expect(trap.requests.isEmpty, "a subscriber asked a provider: \(trap.requests)")
        // A left click: one fetch by the publisher, and the new index reaches every bar.
        let before = house.airRequests()
        try house.server.setRoutes(openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        i3bar.send("[\n{\"name\":\"breather\",\"instance\":\"x\",\"button\":1}\n")
        #expect(await waitUntil { i3bar.lines.last?.contains("AQI 28 Good") == true }, "\(i3bar.lines) \(daemon.stderr)")
        // i3blocks prints three lines a change (full text, short text, colour).
        #expect(await waitUntil { watches.allSatisfy { $0.lines.suffix(3).contains { $0.contains("AQI 28") } } }, "\(watches.map(\.lines))")
        #expect(house.airRequests() == before + 1)
        #expect(trap.requests.isEmpty)
        for watch in watches + [i3bar] { #expect(await watch.terminate() == 0) }
    }

    @Test("a publisher gone offline shows as stale with its age")
    func publisherOffline() async throws {
        let house = try await Household.start(prefix: "breather/offline")
        let daemon = try DaemonProcess(sandbox: house.publisher)
        #expect(await waitUntil { (try? await house.broker.retained("breather/offline/state")).flatMap(jsonObject) != nil }, "\(daemon.stderr)")
        let trap = try await FixtureServer.start(routes: [:])
        let watch = try WatchProcess(try house.subscriberSandbox(trap: trap), ["--format", "waybar", "--source", house.source])
        // The publisher's state shown first (not the loading line), fresh: only then is it killed.
        let first = try #require(await watch.firstLineAfterLoading().flatMap(jsonObject), "\(watch.lines)")
        #expect((first["text"] as? String)?.contains("AQI 112") == true && !"\(first["class"] ?? "")".contains("stale"), "\(first)")
        daemon.send(SIGKILL)
        #expect(await waitUntil { "\(watch.lines.last.flatMap(jsonObject)?["class"] ?? "")".contains("stale") }, "\(watch.lines)")
        let stale = try #require(watch.lines.last.flatMap(jsonObject))
        #expect((stale["text"] as? String)?.contains("AQI 112") == true, "the values stay: \(stale)")
        #expect((stale["tooltip"] as? String)?.contains("offline") == true, "\(stale)")
        #expect(trap.requests.isEmpty)
        #expect(await watch.terminate() == 0)
    }

    @Test("garbage, an older version and a thousand retained junk messages: a log line, the last good state kept, never a blank bar")
    func faults() async throws {
        let house = try await Household.start(prefix: "breather/faults")
        let daemon = try DaemonProcess(sandbox: house.publisher)
        #expect(await waitUntil { (try? await house.broker.retained("breather/faults/state")).flatMap(jsonObject) != nil }, "\(daemon.stderr)")
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0)
        // The publisher stopped cleanly; pretend it is back so only the payloads matter.
        try house.broker.publish("breather/faults/availability", "online", retain: true)
        // A thousand retained messages beside the state, under the same prefix and elsewhere.
        // (An empty payload, every 50th, clears its topic, as `mosquitto_pub -r -m ""` does.)
        let junk = (0..<1000).map { (topic: "breather/faults/junk/\($0)", payload: String(repeating: "x", count: $0 % 50)) }
        try await offThePool { try house.broker.publishRetained(junk) }
        #expect(try await house.broker.retained("breather/faults/junk/999") == String(repeating: "x", count: 49), "the junk is retained")
        let trap = try await FixtureServer.start(routes: [:])
        let other = try house.subscriberSandbox(trap: trap)
        let log = other.home.appendingPathComponent("watch.stderr").path
        let watch = try WatchProcess(other, ["--format", "waybar", "--source", house.source], stderrPath: log)
        #expect(await watch.waitForLine(containing: "AQI 112"), "\(watch.lines)")
        func stderr() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        try house.broker.publish("breather/faults/state", "garbage{", retain: true)
        #expect(await waitUntil { stderr().contains("mqtt: breather/faults/state: not a Breather state document; keeping the last good state") }, "\(stderr())")
        try house.broker.publish("breather/faults/state", #"{"version":0,"aqi":3}"#, retain: true)
        #expect(await waitUntil { stderr().contains("a state document of version 0; this Breather reads version 1") }, "\(stderr())")
        #expect(watch.lines.drop { !$0.contains("AQI 112") }.allSatisfy { $0.contains("AQI 112") }, "\(watch.lines)")
        #expect(watch.process.isRunning)
        // A bar that starts on garbage alone shows an error, not nothing.
        let fresh = try WatchProcess(other, ["--format", "waybar", "--source", house.source])
        let line = try #require(await fresh.firstLineAfterLoading().flatMap(jsonObject), "\(fresh.lines)")
        #expect("\(line["class"] ?? "")".contains("error"), "\(line)")
        #expect((line["tooltip"] as? String)?.contains("version 0") == true, "\(line)")
        #expect(trap.requests.isEmpty)
        #expect(await watch.terminate() == 0)
        #expect(await fresh.terminate() == 0)
    }

    @Test("--source is for the one-shot, daemon and watch: a usage error elsewhere, and a bad URL names the form")
    func usage() async throws {
        let sandbox = try Sandbox()
        let config = try await sandbox.run(["config", "--source", "mqtt://127.0.0.1/breather/x"])
        #expect(config.status == 64 && config.stderr.contains("--source is for the one-shot, `breather daemon` and `breather watch`"), "\(config.stderr)")
        let bad = try await sandbox.run(["watch", "--source", "mqtt://127.0.0.1"])
        #expect(bad.status == 64 && bad.stderr.contains("--source must be mqtt://HOST[:PORT]/TOPIC_PREFIX"), "\(bad.stderr)")
    }
}

extension MQTTSubscriberTests {
    @Test("--source with a wildcard (+ or #) anywhere in the topic: one line, exit 64, at once", arguments: ["", "watch", "daemon"])
    func wildcardSource(command: String) async throws {
        let sandbox = try Sandbox()
        let broker = try await MosquittoBroker.start()
        for topic in ["breather/+", "breather/#", "#", "+/kitchen", "breather/a+b"] {
            let run = try await sandbox.run((command.isEmpty ? [] : [command]) + ["--source", "mqtt://127.0.0.1:\(broker.port)/\(topic)"], timeout: 25)
            #expect(run.status == 64, "\(topic): \(run.status) \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains("must not contain the wildcards + or #"), "\(topic): \(run.stderr)")
            // Refused when parsed, never after the 30 s a subscriber waits for a state (a start
            // takes well under a second alone; the parallel suite has seen 11 s). Timed from the
            // child's start to its exit by the thread that waited for it: read on this test's
            // task, the time also held the task's wait for a pool thread (21 s seen at load 70).
            #expect(run.seconds < 20, "\(topic): \(run.seconds) s")
        }
    }
}

extension WatchProcess {
    /// The first line after the loading state every bar shows at start (formats of one line per state).
    func firstLineAfterLoading(timeout: Double = 30) async -> String? {
        _ = await waitUntil(timeout: timeout) { self.lines.contains { !$0.contains("loading") } }
        return lines.first { !$0.contains("loading") }
    }

    /// Whether a line containing `text` comes within `timeout` seconds.
    func waitForLine(containing text: String, timeout: Double = 30) async -> Bool {
        await waitUntil(timeout: timeout) { self.lines.contains { $0.contains(text) } }
    }
}
