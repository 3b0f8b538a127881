import BreatherTestSupport
import Foundation
import Testing

/// How soon the daemon's data is fresh again after a provider's outage ends (issue 13's
/// "recovery within one interval"): no poll is held back by an outage, and with a long
/// interval the first failures are retried early. Every wait is for an event (a request at
/// the loopback server, a fresh output file) with a generous bound.
@Suite("breather daemon: recovery after an outage")
struct RecoveryTests {
    static func airRequests(_ server: FixtureServer) -> Int { server.requests.filter { $0.hasPrefix("/aq/v1/air-quality") }.count }

    static func freshAQI(_ path: String) -> Int? {
        guard let json = readJSON(path), json["stale"] as? Bool == false else { return nil }
        return (json["air_quality"] as? [String: Any])?["aqi"] as? Int
    }

    /// A daemon at `interval` whose air-quality provider answers 503 until the test fixes it.
    static func daemonDuringOutage(interval: String) async throws -> (FixtureServer, Sandbox, DaemonProcess) {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json("{}", status: 503)))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, interval: interval)
        return (server, sandbox, try DaemonProcess(sandbox: sandbox))
    }

    @Test("an outage never holds a poll back: every 1 s poll asks, and the first poll after recovery brings fresh data")
    func everyPollAsksDuringAnOutage() async throws {
        let (server, sandbox, daemon) = try await Self.daemonDuringOutage(interval: "1s")
        // Six failures in a row: the old exponential backoff (0.5, 1, 2, 4 s…) skipped polls by the fourth.
        #expect(await waitUntil { Self.airRequests(server) >= 6 }, "\(daemon.stderr)")
        try server.setRoutes(openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        // Fresh data within a few polls of the recovery: after six failures the old backoff would
        // next have asked 16 s or more later. (A count of requests is no measure here: on a loaded
        // machine several 1 s polls can finish before this test's own wait reads the file.)
        #expect(await waitUntil(timeout: 10) { Self.freshAQI(sandbox.jsonOutput) == 28 }, "\(daemon.stderr) \(server.requests)")
        #expect(!daemon.stderr.contains("not asked"), "no poll was held back: \(daemon.stderr)")
        #expect(daemon.isRunning)
    }

    @Test("with a 2-minute interval a failed start is retried early (15-30 s), not at the next poll")
    func earlyRetryAfterAFailure() async throws {
        let (server, sandbox, daemon) = try await Self.daemonDuringOutage(interval: "2m")
        #expect(await waitUntil { Self.airRequests(server) == 1 }, "\(daemon.stderr)")
        #expect(await waitUntil { sandbox.outputsSettled }, "the failure is shown: \(daemon.stderr)")
        // The bar names the early retry, in seconds, not the poll two minutes away.
        let shown = ((readJSON(sandbox.jsonOutput)?["display"] as? [String: Any])?["error_short"] as? String) ?? ""
        let seconds = shown.split(separator: " ").last.flatMap { $0.hasSuffix("s") ? Int($0.dropLast()) : nil }
        #expect(shown.contains("retry ") && (seconds ?? 99) <= 30, "\(shown)")
        try server.setRoutes(openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        // The next poll is 120 s after the first: data within 90 s can only come from the early retry.
        #expect(await waitUntil(timeout: 90) { Self.freshAQI(sandbox.jsonOutput) == 28 }, "\(daemon.stderr)")
        #expect(Self.airRequests(server) == 2, "one start-up request, one early retry: \(server.requests)")
        #expect(daemon.isRunning)
    }
}
