import BreatherTestSupport
import Foundation
import Testing

@Suite("the briefing: sent at its local time by the daemon's own clock, not at the next poll")
struct BriefingEndToEndTests {
    @Test("interval 1h, briefing a few seconds ahead: the outlook notification comes at its time, from the one fetch")
    func briefingAtItsTime() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(await forecastBody(high: 150, crossing: 26...30))))
        let sandbox = try Sandbox()
        // A zone of UTC+1:00:SS whose minute turns over 5 s from now: the briefing is that
        // minute, so it is due in 5 s (briefings are whole minutes; the zone moves the minute).
        let due = (Date().timeIntervalSince1970 + 5).rounded(.up)
        let seconds = (60 - Int(due) % 60) % 60
        let local = (Int(due) + 3600 + seconds) % 86_400
        let briefing = String(format: "%02d:%02d", local / 3600, local % 3600 / 60)
        let zone = String(format: "<BRF>-01:00:%02d", seconds)
        try sandbox.writeDaemonConfig(server: server, interval: "1h", sources: "[alerts]\nbriefing = \"\(briefing)\"\n")
        let fake = try fakeNotifySend(in: sandbox)
        let daemon = try DaemonProcess(sandbox: sandbox, environment: ["PATH": "\(fake.bin):/usr/bin:/bin", "TZ": zone])
        func sent() -> String { (try? String(contentsOfFile: fake.log, encoding: .utf8)) ?? "" }
        #expect(await waitUntil(timeout: 60) { sent().contains("--\n") }, "briefing \(briefing) in \(zone): \(daemon.stderr)")
        // Never before its time (a second's slack for the clocks' rounding).
        #expect(Date().timeIntervalSince1970 >= due - 1)
        let arguments = sent().split(separator: "\n").map(String.init)
        #expect(Array(arguments.prefix(5)) == ["-a", "Breather", "-u", "low", "Breather outlook"], "\(arguments)")
        #expect(arguments.count > 5 && arguments[5].hasPrefix("Brooklyn: "), "\(arguments)")
        // The forecast on hand served it: the start-up fetch is the only one.
        #expect(server.requests.filter(DaemonTests.airRequests).count == 1, "\(server.requests)")
    }
}
