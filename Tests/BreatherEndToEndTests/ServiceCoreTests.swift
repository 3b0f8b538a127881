import BreatherTestSupport
import Foundation
import Testing

/// Issue 9's contract at the command line: provider ids, `watch --output`, and the store's
/// one policy (no provider asked twice within max_age, a standard the store cannot serve).
@Suite("service core at the command line")
struct ServiceCoreTests {
    @Test("an unknown provider id in [sources] is a config error (78) naming the valid ids")
    func unknownProvider() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "[sources]\nair = [\"open-meteo\", \"airnow\"]")
        let result = try await sandbox.run(["--config", sandbox.configPath])
        #expect(result.status == 78)
        #expect(result.stderr.contains("unknown provider \"airnow\"")
                && result.stderr.contains("open-meteo, airvisual, waqi, openweathermap, airgradient, purpleair, sensor-community, awair"),
                "\(result.stderr)")
        #expect(server.requests.isEmpty)
    }

    @Test("watch --output is a usage error (64) that says why")
    func watchRefusesOutput() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.run(["watch", "--output", sandbox.home.appendingPathComponent("x").path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("watch prints to stdout"), "\(result.stderr)")
    }

    @Test("WAQI with the default asthma estimate: three one-shots in a row make one WAQI request")
    func noQuotaBurn() async throws {
        var routes = openMeteoRoutes(air: .json(airQualityBody(pm25: 40)))
        routes["/waqi/feed/geo:40.6769;-73.9423/"] = .fixture("waqi/feed_geo.success.json")
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "[sources]\nair = [\"waqi\"]")
        for _ in 0..<3 {
            let result = try await sandbox.run(["--config", sandbox.configPath], environment: ["BREATHER_WAQI_TOKEN": "sekrit-token-0000"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stderr.contains("sekrit"))
        }
        #expect(server.requests.filter { $0.hasPrefix("/waqi/") }.count == 1, "\(server.requests)")
    }

    @Test("a store filled from an index-only source, then --standard eu: the next air source that can serve it is asked")
    func standardTheStoreCannotServe() async throws {
        var routes = openMeteoRoutes(air: .json(airQualityBody(pm25: 40)))
        routes["/waqi/feed/geo:40.6769;-73.9423/"] = .fixture("waqi/feed_geo.success.json")
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "[sources]\nair = [\"waqi\", \"open-meteo\"]")
        let keys = ["BREATHER_WAQI_TOKEN": "sekrit-token-0000"]
        let first = try await sandbox.run(["--config", sandbox.configPath], environment: keys)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!server.requests.contains { $0.hasPrefix("/aq/") }, "WAQI served the US index: Open-Meteo's air was not needed")
        let eu = try await sandbox.run(["--config", sandbox.configPath, "--standard", "eu", "--format", "json"], environment: keys)
        #expect(eu.status == 0, "\(eu.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(eu.stdout.utf8)) as? [String: Any])
        let air = try #require(json["air_quality"] as? [String: Any])
        #expect(air["source"] as? String == "open-meteo" && air["aqi"] is Int, "\(air)")
        #expect(server.requests.filter { $0.hasPrefix("/waqi/") }.count == 1, "WAQI, already on hand, is not asked again")
        #expect(server.requests.filter { $0.hasPrefix("/aq/") }.count == 1)
    }
}
