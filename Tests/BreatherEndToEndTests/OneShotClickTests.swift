import BreatherTestSupport
import Foundation
import Testing

/// Clicks on bars that re-run the one-shot (i3blocks, tmux), and the one-shot after a failure.
@Suite("one-shot: a click fetches; after a failure, retried sooner than max_age")
struct OneShotClickTests {
    var airRequests: (FixtureServer) -> Int = { server in server.requests.filter { $0.contains("/aq/v1/air-quality") }.count }

    @Test("i3blocks: a left click (BLOCK_BUTTON=1) fetches although the store is fresh; a scroll answers from the store")
    func i3blocksClick() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let arguments = ["--config", sandbox.configPath, "--format", "i3blocks"]
        #expect(try await sandbox.run(arguments).status == 0)
        #expect(airRequests(server) == 1)
        let scrolled = try await sandbox.run(arguments, environment: ["BLOCK_BUTTON": "4"])
        #expect(scrolled.status == 0 && airRequests(server) == 1, "\(scrolled.stderr)")
        try server.setRoutes(openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        let clicked = try await sandbox.run(arguments, environment: ["BLOCK_BUTTON": "1"])
        #expect(airRequests(server) == 2, "the click made a request")
        #expect(clicked.stdout.contains("AQI 28"), "\(clicked.stdout)")
    }

    /// Moves the store's clocks back so that its last poll (which `max_age` and the backoff
    /// count from) was `seconds` ago, and its last fetch as much before that as it was. Counted
    /// from now, not from the store's own times: on a loaded machine the runs in between took
    /// long enough to push a "20 s after" past the 30 s backoff. Returns the failed fetches counted.
    @discardableResult
    func lastPoll(_ sandbox: Sandbox, secondsAgo seconds: Double) throws -> Int {
        let path = sandbox.home.appendingPathComponent("cache/breather/conditions.json").path
        var root = try #require(readJSON(path))
        let polled = try #require(root["polled_at_unix"] as? Double ?? root["fetched_at_unix"] as? Double)
        let shift = polled - (Date().timeIntervalSince1970 - seconds)
        for key in ["fetched_at_unix", "polled_at_unix"] where root[key] != nil { root[key] = (root[key] as? Double ?? 0) - shift }
        try JSONSerialization.data(withJSONObject: root).write(to: URL(fileURLWithPath: path))
        return root["failed_fetches"] as? Int ?? 0
    }

    /// The failed fetches in a row the store counts.
    func failedFetches(_ sandbox: Sandbox) throws -> Int {
        let path = sandbox.home.appendingPathComponent("cache/breather/conditions.json").path
        return try #require(readJSON(path))["failed_fetches"] as? Int ?? 0
    }

    @Test("after a failed fetch the store answers for 30 s, then 60 s after two, not max_age; a success ends the backoff")
    func backoffAfterFailure() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "[cache]\nmax_age = \"10m\"")
        let arguments = ["--config", sandbox.configPath, "--format", "waybar"]
        #expect(try await sandbox.run(arguments).status == 0)
        // The provider fails: a refresh keeps the reading, stale, and counts one failure.
        try server.setRoutes(openMeteoRoutes(air: .json("{}", status: 503)))
        let failed = try await sandbox.run(arguments + ["--refresh"])
        #expect(failed.stdout.contains("stale"), "\(failed.stdout)")
        #expect(try lastPoll(sandbox, secondsAgo: 20) == 1, "one failed fetch is counted in the store")
        _ = try await sandbox.run(arguments)
        #expect(airRequests(server) == 2, "20 s after one failure: still the store's answer")
        try lastPoll(sandbox, secondsAgo: 35)
        _ = try await sandbox.run(arguments)
        #expect(airRequests(server) == 3, "35 s after one failure: asked again, well before max_age")
        #expect(try lastPoll(sandbox, secondsAgo: 45) == 2, "the second failure is counted")
        _ = try await sandbox.run(arguments)
        #expect(airRequests(server) == 3, "45 s after two failures: the backoff has doubled to 60 s")
        // The provider is back: the next run past the backoff shows fresh data and ends the count.
        try server.setRoutes(openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        try lastPoll(sandbox, secondsAgo: 65)
        let recovered = try await sandbox.run(arguments)
        #expect(airRequests(server) == 4 && recovered.stdout.contains("AQI 28") && !recovered.stdout.contains("stale"), "\(recovered.stdout)")
        #expect(try failedFetches(sandbox) == 0)
        _ = try await sandbox.run(arguments)
        #expect(airRequests(server) == 4, "fresh again: the store answers for max_age")
    }
}
