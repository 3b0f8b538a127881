import BreatherTestSupport
import Foundation
import Testing

/// Clicks and signals spend a user's quota: a burst of them is at most one more fetch, none
/// starts after SIGTERM, and one-shots started together on an empty store share one fetch.
@Suite("refresh bursts")
struct RefreshBurstEndToEndTests {
    static func airRequests(_ server: FixtureServer) -> Int { server.requests.filter(DaemonTests.airRequests).count }

    /// Whether the daemon's JSON output holds an index (a poll done), not the loading state.
    static func hasReading(_ sandbox: Sandbox) -> Bool {
        (readJSON(sandbox.jsonOutput)?["air_quality"] as? [String: Any])?["aqi"] != nil
    }

    @Test("5 SIGUSR1 20 ms apart to an idle daemon make at most 2 fetches")
    func fiveSignals() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, interval: "1h")
        let daemon = try DaemonProcess(sandbox: sandbox)
        // The first poll's reading, not the loading state the daemon writes before it: else the
        // first poll's request may come after `before` and count as one of the burst's.
        #expect(await waitUntil { Self.hasReading(sandbox) }, "\(daemon.stderr)")
        let before = Self.airRequests(server)
        let pid = daemon.pid
        let burst = try await offThePool {
            let start = Date()
            for _ in 0..<5 {
                kill(pid, SIGUSR1)
                usleep(20_000)
            }
            return Date().timeIntervalSince(start)
        }
        #expect(await waitUntil { Self.airRequests(server) > before }, "\(daemon.stderr)")
        // The merged refresh comes a second after the first: 3 s is ample to see all there is.
        try await Task.sleep(for: .seconds(3))
        let fetches = Self.airRequests(server) - before
        #expect((1...2).contains(fetches), "\(fetches) fetches for a burst of \(burst) s: \(server.requests)")
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0)
    }

    @Test("400 SIGUSR1 1 ms apart, then SIGTERM: one fetch a second at most, none starts after the SIGTERM, exit 0")
    func burstThenStop() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, interval: "1h")
        let daemon = try DaemonProcess(sandbox: sandbox)
        // The first poll's reading, not the loading state the daemon writes before it: else the
        // first poll's request may come after `before` and count as one of the burst's.
        #expect(await waitUntil { Self.hasReading(sandbox) }, "\(daemon.stderr)")
        // A provider 0.3 s away: a daemon that fetched once per signal would still be fetching.
        var routes = openMeteoRoutes(air: Route(body: airQualityBody(pm25: 12), delay: 0.3))
        routes["/v1/forecast"] = Route(fixture: "open-meteo/forecast.current.json", delay: 0.3)
        try server.setRoutes(routes)
        let before = Self.airRequests(server)
        let pid = daemon.pid
        let burst = try await offThePool {
            let start = Date()
            for _ in 0..<400 {
                kill(pid, SIGUSR1)
                usleep(1000)
            }
            return Date().timeIntervalSince(start)
        }
        // Until no request came for 2.5 s (the merged refresh is due a second after the one before),
        // or 10 s: then nothing is in flight unless the daemon is still working through the burst.
        var seen = server.requests.count
        var quietSince = ContinuousClock.now
        let giveUp = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now - quietSince < .milliseconds(2500) && ContinuousClock.now < giveUp {
            try await Task.sleep(for: .milliseconds(100))
            if server.requests.count != seen { (seen, quietSince) = (server.requests.count, .now) }
        }
        let atStop = server.requests.count
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit(timeout: 15) == 0, "\(daemon.stderr)")
        try await Task.sleep(for: .seconds(2))
        #expect(server.requests.count == atStop, "\(server.requests.count - atStop) requests after the SIGTERM")
        // One at the start and at most one a second after; a loaded machine stretches the burst
        // and the daemon's handling of it by a second or two (a fetch per signal made ~60).
        let fetches = Self.airRequests(server) - before
        #expect(fetches <= 4 + Int(burst), "\(fetches) fetches in a burst of \(burst) s")
    }

    @Test("50 one-shots started together on an empty cache make at most 2 fetches, and all print the reading")
    func oneShotsTogether() async throws {
        var routes = openMeteoRoutes(air: .json(airQualityBody(pm25: 40)))
        // A provider a little slow, as a real one is: the runs overlap the first one's fetch.
        routes["/aq/v1/air-quality"] = Route(body: airQualityBody(pm25: 40), delay: 0.3)
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let results = try await withThrowingTaskGroup(of: RunResult.self) { group in
            for _ in 0..<50 { group.addTask { try await sandbox.run(["--config", sandbox.configPath]) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr).filter { !$0.isEmpty }.prefix(3))")
        #expect(Set(results.map(\.stdout)).count == 1 && results[0].stdout.contains("AQI 112 Unhealthy"), "\(Set(results.map(\.stdout)))")
        #expect(Self.airRequests(server) <= 2, "\(Self.airRequests(server)) fetches")
    }
}
