import BreatherTestSupport
import Foundation
import Testing

/// Someone else on the broker publishes under a subscriber's prefix: bad payloads by the
/// thousand, terminal escapes in the state's text, a state too large to read.
@Suite("a hostile publisher on the broker")
struct HostilePublisherTests {
    /// A publisher that stopped cleanly after its first state (marked online again, so only
    /// the payloads matter) and a `watch --source` bar subscribed to it, its stderr in a file.
    struct Scene {
        let house: Household
        let other: Sandbox
        let watch: WatchProcess
        let log: String
        var stderr: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        var stateTopic: String { "\(house.prefix)/state" }

        static func start(prefix: String) async throws -> Scene {
            let house = try await Household.start(prefix: prefix)
            let daemon = try DaemonProcess(sandbox: house.publisher)
            #expect(await waitUntil { (try? await house.broker.retained("\(prefix)/state")).flatMap(jsonObject) != nil }, "\(daemon.stderr)")
            daemon.send(SIGTERM)
            #expect(await daemon.waitForExit() == 0)
            try house.broker.publish("\(prefix)/availability", "online", retain: true)
            let trap = try await FixtureServer.start(routes: [:])
            let other = try house.subscriberSandbox(trap: trap)
            let log = other.home.appendingPathComponent("watch.stderr").path
            let watch = try WatchProcess(other, ["--format", "waybar", "--source", house.source], stderrPath: log)
            #expect(await watch.waitForLine(containing: "AQI 112"), "\(watch.lines)")
            return Scene(house: house, other: other, watch: watch, log: log)
        }
    }

    @Test("3,000 distinct bad payloads and a state over 256 KB: a few log lines, not one a payload; the last good state kept")
    func flood() async throws {
        let scene = try await Scene.start(prefix: "breather/flood")
        let payloads = (0..<3000).map { i in
            switch i % 3 {
            case 0: "garbage \(i) {"
            case 1: #"{"version":1,"conditions":{"version":2,"n\#(i)":\#(i)}}"#
            default: #"{"version":\#(i + 2),"aqi":\#(i)}"#
            }
        }.joined(separator: "\n")
        let folder = scene.house.publisher.home
        let flood = folder.appendingPathComponent("flood.txt").path
        try payloads.write(toFile: flood, atomically: true, encoding: .utf8)
        let big = folder.appendingPathComponent("big.json").path
        try ("{\"version\":1,\"pad\":\"" + String(repeating: "x", count: 300 * 1024) + "\"}").write(toFile: big, atomically: true, encoding: .utf8)
        try await offThePool {
            try scene.house.broker.publish(scene.stateTopic, file: flood, lines: true)
            try scene.house.broker.publish(scene.stateTopic, file: big, lines: false)
        }
        // The oversized state came last: once its line is there, the flood has been read.
        #expect(await waitUntil { scene.stderr.contains("over the 256 KiB limit, dropped") }, "\(scene.stderr.suffix(2000))")
        let lines = scene.stderr.split(separator: "\n").filter { $0.contains(scene.stateTopic) && !$0.contains("subscribed to") }
        #expect(lines.count <= 4, "\(lines.count) lines: \(lines.prefix(8))")
        #expect(lines.contains { $0.contains("not a Breather state document") }, "\(lines)")
        #expect(scene.watch.lines.drop { !$0.contains("AQI 112") }.allSatisfy { $0.contains("AQI 112") }, "\(scene.watch.lines.suffix(3))")
        #expect(scene.watch.process.isRunning)
        #expect(await scene.watch.terminate() == 0)
    }

    @Test("escapes in the state's failures[].provider, asthma.method and every other text never reach stderr, json or a tooltip")
    func escapes() async throws {
        let scene = try await Scene.start(prefix: "breather/escapes")
        let attack = "\u{1B}]0;owned\u{07}\u{1B}[2J\u{1B}[31m"
        var document = try #require(jsonObject(try await scene.house.broker.retained(scene.stateTopic)))
        var conditions = try #require(document["conditions"] as? [String: Any])
        conditions["failures"] = [["provider": attack + "open-meteo", "part": "weather", "kind": "unavailable",
                                   "message": attack + "HTTP 503", "retry_after_seconds": NSNull()]]
        var asthma = try #require(conditions["asthma"] as? [String: Any], "\(conditions.keys)")
        asthma["method"] = attack + "estimate"
        asthma["source"] = attack + "estimate"
        conditions["asthma"] = asthma
        var location = try #require(conditions["location"] as? [String: Any])
        location["name"] = attack + "Brooklyn"
        conditions["location"] = location
        document["conditions"] = conditions
        let hostile = String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)
        #expect(hostile.contains("\\u001b") || hostile.contains("\u{1B}"))
        try scene.house.broker.publish(scene.stateTopic, hostile, retain: true)
        let other = scene.other
        for format in ["json", "plain", "waybar", "i3bar"] {
            let run = try await other.run(["--config", other.configPath, "--source", scene.house.source, "--format", format])
            for text in [run.stdout, run.stderr] {
                #expect(!text.contains("\u{1B}") && !text.lowercased().contains("\\u001b"), "\(format): \(text.debugDescription)")
            }
            #expect(run.stdout.contains(format == "json" ? "\"aqi\":112" : "AQI 112"), "\(format): \(run.stdout) \(run.stderr)")
        }
        #expect(await waitUntil { scene.watch.lines.contains { $0.contains("open-meteo") || $0.contains("503") } }, "\(scene.watch.lines.suffix(2))")
        for line in scene.watch.lines { #expect(!line.contains("\u{1B}") && !line.lowercased().contains("\\u001b"), "\(line)") }
        #expect(!scene.stderr.contains("\u{1B}"))
        #expect(await scene.watch.terminate() == 0)
    }
}
