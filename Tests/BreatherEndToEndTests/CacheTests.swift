import BreatherTestSupport
import Foundation
import Testing

@Suite("the one-shot conditions cache ([cache] max_age, --refresh)")
struct CacheTests {
    @Test("a second run within max_age uses the cache; --refresh fetches; another standard re-indexes the cached data")
    func reuse() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 75))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let first = try await sandbox.run(["--config", sandbox.configPath])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(server.requests.count == 2)

        let cached = try await sandbox.run(["--config", sandbox.configPath, "--standard", "china"])
        // Asthma: PM2.5 75 µg/m³ → AQHI-Plus 8 → high (issue 41).
        #expect(cached.stdout == "Brooklyn · CN AQI 114 Lightly Polluted (PM2.5) · Partly cloudy 18°C · Asthma high\n")
        #expect(server.requests.count == 2)

        let refreshed = try await sandbox.run(["--config", sandbox.configPath, "--refresh"])
        #expect(refreshed.status == 0)
        #expect(server.requests.count == 4)
    }

    @Test("max_age = 0s or another place: fetched every time; a partial answer is kept for max_age")
    func noReuse() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "[cache]\nmax_age = \"0s\"")
        _ = try await sandbox.run(["--config", sandbox.configPath])
        _ = try await sandbox.run(["--config", sandbox.configPath])
        #expect(server.requests.count == 4)

        // Back to the default max_age: the answer just fetched for Brooklyn is reused, but
        // another place is fetched.
        try sandbox.writeConfig(server: server)
        _ = try await sandbox.run(["--config", sandbox.configPath])
        #expect(server.requests.count == 4)
        _ = try await sandbox.run(["--config", sandbox.configPath, "--latitude", "1", "--longitude", "2"])
        #expect(server.requests.count == 6)

        var routes = openMeteoRoutes(air: .json(airQualityBody(pm25: 5)))
        routes["/v1/forecast"] = .json("{}", status: 503)
        try server.setRoutes(routes)
        _ = try await sandbox.run(["--config", sandbox.configPath, "--latitude", "3", "--longitude", "4"])
        let partial = try await sandbox.run(["--config", sandbox.configPath, "--latitude", "3", "--longitude", "4"])
        // A partial answer (the weather failed) is kept too: within max_age no provider is
        // asked twice, and the run says what is missing instead of asking again.
        #expect(server.requests.count == 8)
        #expect(partial.stdout.contains("AQI 28") && partial.stdout.contains("unavailable"), "\(partial.stdout)")
    }
}
