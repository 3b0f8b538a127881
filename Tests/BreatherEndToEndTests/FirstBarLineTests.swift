import BreatherTestSupport
import Foundation
import Testing

/// Issue 48: i3blocks and tmux were blank for the whole fetch limit at first start while a
/// provider hung (a one-shot prints nothing before its fetch ends; i3blocks shows nothing
/// before the command exits). A bar's very first run has a shorter limit.
@Suite("a bar's first run prints its line quickly while a provider hangs")
struct FirstBarLineTests {
    @Test("first start, every source hung: i3blocks prints the short error on the error colour within the first-run limit; the next run has the whole limit")
    func firstRunIsShort() async throws {
        let hung = Route(body: "{}", delay: 40)
        let server = try await FixtureServer.start(routes: ["/aq/v1/air-quality": hung, "/v1/forecast": hung])
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, timeout: "10s")
        // The old run waited for the requests' own 10 s timeout (the limit is 30 s).
        let first = try await sandbox.run(["--config", sandbox.configPath, "--format", "i3blocks"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.seconds < 9.5, "the first line after the 6 s limit, not the 10 s timeout: \(first.seconds) s")
        let lines = first.stdout.split(separator: "\n")
        #expect(lines.count == 3, "\(first.stdout)")
        #expect(lines.first?.contains("US AQI – open-meteo: timeout") == true, "\(first.stdout)")
        #expect(lines.first?.contains("background=\"#CC6666\"") == true, "the error colour: \(first.stdout)")
        // The next run is no first run: a provider slower than 6 s gets its whole time.
        // Plain is no bar: the whole limit at first start as before. The two runs wait on
        // their own sandboxes, so they wait side by side (10 s, not 20 s of the suite's time).
        let other = try Sandbox()
        try other.writeConfig(server: server, timeout: "10s")
        async let secondRun = sandbox.run(["--config", sandbox.configPath, "--format", "i3blocks"])
        async let plainRun = other.run(["--config", other.configPath])
        let (second, plain) = try await (secondRun, plainRun)
        #expect(second.seconds >= 9.5, "the request's own 10 s timeout: \(second.seconds) s")
        #expect(plain.seconds >= 9.5, "\(plain.seconds) s")
    }
}
