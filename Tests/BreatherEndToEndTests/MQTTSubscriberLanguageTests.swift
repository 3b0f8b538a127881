import BreatherTestSupport
import Foundation
import Testing

/// A subscriber's lines about a publisher's unreadable state in the people's language (issue
/// 46): the sentence translated, the topic and the versions as they are; the bar's error, which
/// json carries too, stays the publisher-facing English.
@Suite("breather watch --source mqtt:// in German: unreadable states")
struct MQTTSubscriberLanguageTests {
    @Test("garbage and an older version: German lines with the topic verbatim, the last good state kept; no English sentence")
    func unreadableStateInGerman() async throws {
        let house = try await Household.start(prefix: "breather/sprache")
        let daemon = try DaemonProcess(sandbox: house.publisher)
        #expect(await waitUntil { (try? await house.broker.retained("breather/sprache/state")).flatMap(jsonObject) != nil }, "\(daemon.stderr)")
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0)
        try house.broker.publish("breather/sprache/availability", "online", retain: true)
        let trap = try await FixtureServer.start(routes: [:])
        let other = try house.subscriberSandbox(trap: trap)
        let log = other.home.appendingPathComponent("watch.stderr").path
        let watch = try WatchProcess(other, ["--language", "de", "--format", "waybar", "--source", house.source], stderrPath: log)
        #expect(await watch.waitForLine(containing: "AQI 112"), "\(watch.lines)")
        func stderr() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        try house.broker.publish("breather/sprache/state", "garbage{", retain: true)
        #expect(await waitUntil {
            stderr().contains("breather: warning: mqtt: breather/sprache/state: kein Breather-Zustandsdokument; der letzte gültige Zustand bleibt\n")
        }, "\(stderr())")
        try house.broker.publish("breather/sprache/state", #"{"version":0,"aqi":3}"#, retain: true)
        #expect(await waitUntil {
            stderr().contains("mqtt: breather/sprache/state: ein Zustandsdokument der Version 0; dieses Breather liest Version 1; der letzte gültige Zustand bleibt")
        }, "\(stderr())")
        #expect(!stderr().contains("keeping the last good state") && !stderr().contains("not a Breather state document"), "\(stderr())")
        #expect(watch.lines.drop { !$0.contains("AQI 112") }.allSatisfy { $0.contains("AQI 112") }, "\(watch.lines)")
        #expect(trap.requests.isEmpty)
        #expect(await watch.terminate() == 0)
    }
}
