import BreatherTestSupport
import Foundation
import Testing

/// Item 5 of the science issue: given index as given, computed when asked for another
/// standard, next source when the first cannot serve, a clear exit 69 when none can.
@Suite("provenance and standard-driven fallback")
struct ProvenanceTests {
    static let key = "sekrit-key-123456"

    func routes() -> [String: Route] {
        var routes = openMeteoRoutes(air: .json(airQualityBody(pm25: 40)))
        routes["/v2/nearest_city"] = .fixture("iqair-airvisual/nearest_city.success.json")
        return routes
    }

    func run(_ server: FixtureServer, air: String, _ arguments: [String]) async throws -> RunResult {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "[sources]\nair = [\(air)]\nweather = [\"open-meteo\"]")
        return try await sandbox.run(["--config", sandbox.configPath, "--format", "json"] + arguments,
                               environment: ["BREATHER_AIRVISUAL_KEY": Self.key])
    }

    func airQuality(_ result: RunResult) throws -> [String: Any] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(json["air_quality"] as? [String: Any])
    }

    @Test("AirVisual's aqicn is shown as given for china (no fallback, no computation)")
    func givenIndex() async throws {
        let server = try await FixtureServer.start(routes: routes())
        let result = try await run(server, air: "\"airvisual\", \"open-meteo\"", ["--standard", "china"])
        #expect(result.status == 0, "\(result.stderr)")
        let air = try airQuality(result)
        #expect(air["computed"] as? Bool == false)
        #expect(air["source"] as? String == "airvisual:aqicn")
        #expect(!server.requests.contains { $0.hasPrefix("/aq/v1") })
    }

    @Test("eu is not given by AirVisual: the next source computes it and the skip is a warning")
    func fallsBackToComputingSource() async throws {
        let server = try await FixtureServer.start(routes: routes())
        let result = try await run(server, air: "\"airvisual\", \"open-meteo\"", ["--standard", "eu"])
        #expect(result.status == 0, "\(result.stderr)")
        let air = try airQuality(result)
        #expect(air["computed"] as? Bool == true)
        #expect(air["source"] as? String == "open-meteo")
        // EAQI 2024: PM2.5 1-h 40 µg/m³ is in the 15–50 band (3, "Moderate"), above the other four.
        #expect(air["aqi"] as? Int == 3)
        #expect(result.stderr.contains("warning: airvisual (air): gives no eu index and no concentrations to compute one"))
    }

    @Test("no source can serve the standard → 69 naming it")
    func noneCanServe() async throws {
        let server = try await FixtureServer.start(routes: routes())
        let result = try await run(server, air: "\"airvisual\"", ["--standard", "canada"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("error: airvisual (air): gives no canada index and no concentrations to compute one"))
        #expect(!result.stderr.contains(Self.key))
    }
}
