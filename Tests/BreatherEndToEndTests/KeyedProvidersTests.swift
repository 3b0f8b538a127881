import BreatherTestSupport
import Foundation
import Testing

/// WAQI and OpenWeatherMap through the built binary: decoding, attribution in the json,
/// their error bodies mapped to exit codes, and keys never printed.
@Suite("WAQI and OpenWeatherMap end to end")
struct KeyedProvidersTests {
    static let secrets = ["BREATHER_WAQI_TOKEN": "waqi-sekrit-1234", "BREATHER_OPENWEATHERMAP_KEY": "owm-sekrit-5678"]
    static let waqiFeed = "/waqi/feed/geo:40.6769;-73.9423/"

    func run(_ routes: [String: Route], sources: String, _ arguments: [String] = []) async throws -> (RunResult, FixtureServer) {
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "[sources]\n\(sources)")
        let result = try await sandbox.run(["--config", sandbox.configPath] + arguments, environment: Self.secrets)
        #expect(!result.stdout.contains("sekrit") && !result.stderr.contains("sekrit"))
        return (result, server)
    }

    @Test("WAQI: index shown as given, attributions in the json")
    func waqiJSON() async throws {
        let (result, _) = try await run([Self.waqiFeed: .fixture("waqi/feed_geo.success.json")],
                                  sources: "air = [\"waqi\"]", ["--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let air = try #require(json["air_quality"] as? [String: Any])
        #expect(air["aqi"] as? Int == 29)
        #expect(air["source"] as? String == "waqi:aqi")
        #expect(air["computed"] as? Bool == false)
        let credits = try #require(json["attributions"] as? [[String: Any]])
        #expect(credits.contains { $0["name"] as? String == "World Air Quality Index Project" })
    }

    @Test("WAQI error bodies → exit codes", arguments: [
        ("waqi/error.invalid_key.json", Int32(78), "waqi (air): token rejected (Invalid key)"),
        ("waqi/error.unknown_station.json", 69, "waqi (air): no data for this place (Unknown station)"),
    ])
    func waqiErrors(fixture: String, status: Int32, message: String) async throws {
        let (result, _) = try await run([Self.waqiFeed: .fixture(fixture)], sources: "air = [\"waqi\"]")
        #expect(result.status == status)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("WAQI aqi \"-\" → the next source computes the index")
    func waqiDashFallsBack() async throws {
        var routes = openMeteoRoutes(air: .json(airQualityBody(pm25: 5)))
        routes[Self.waqiFeed] = .fixture("waqi/feed.success.aqi_dash_no_pm25.json")
        let (result, _) = try await run(routes, sources: "air = [\"waqi\", \"open-meteo\"]")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Brooklyn · US AQI 28 Good (PM2.5)"))
        #expect(result.stderr.contains("waqi (air): gives no us index"))
    }

    @Test("OpenWeatherMap: air computed from components, weather converted from Kelvin")
    func openWeatherMapLine() async throws {
        let (result, server) = try await run(["/owm/data/2.5/air_pollution": .fixture("openweathermap/air_pollution.success.json"),
                                        "/owm/data/2.5/weather": .fixture("openweathermap/weather.success.docs.json")],
                                       sources: "air = [\"openweathermap\"]\nweather = [\"openweathermap\"]",
                                       ["--standard", "eu"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Brooklyn · EAQI 3 Moderate (PM2.5) · Rain 25°C"), "\(result.stdout)")
        #expect(server.requests.contains { $0.hasPrefix("/owm/data/2.5/air_pollution?lat=40.6769&lon=-73.9423&appid=") })
    }

    @Test("OpenWeatherMap error bodies (cod number or string) → exit codes", arguments: [
        ("openweathermap/error.401.invalid_key.json", 401, Int32(78)),
        ("openweathermap/error.404.city_not_found.json", 404, 69),
        ("openweathermap/error.429.blocked.json", 429, 75),
        ("openweathermap/error.400.wrong_latitude.json", 400, 78),
    ])
    func openWeatherMapErrors(fixture: String, status: Int, exit: Int32) async throws {
        let (result, _) = try await run(["/owm/data/2.5/air_pollution": Route(fixture: fixture, status: status)],
                                  sources: "air = [\"openweathermap\"]")
        #expect(result.status == exit, "\(result.stderr)")
        #expect(result.stderr.contains("openweathermap (air):"))
    }
}
