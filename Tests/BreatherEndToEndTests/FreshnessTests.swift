import BreatherTestSupport
import Foundation
import Testing

/// The one-shot's time limit and how it treats old data: one deadline for the whole fetch,
/// cached data shown (stale) when a fetch fails, and readings measured hours ago marked stale.
@Suite("one-shot deadline, cache fallback and observation age")
struct FreshnessTests {
    static let keys = ["BREATHER_AIRVISUAL_KEY": "sekrit-av-1234", "BREATHER_WAQI_TOKEN": "sekrit-waqi-5678",
                       "BREATHER_OPENWEATHERMAP_KEY": "sekrit-owm-9012"]
    static let waqiFeed = "/waqi/feed/geo:40.6769;-73.9423/"

    @Test("every source hung: exit 75 within the overall deadline, sources after it not asked, one stderr line")
    func overallDeadline() async throws {
        let hung = Route(body: "{}", delay: 20)
        let server = try await FixtureServer.start(routes: ["/aq/v1/air-quality": hung, "/v2/nearest_city": hung, Self.waqiFeed: hung,
                                                            "/owm/data/2.5/air_pollution": hung, "/v1/forecast": hung, "/prod/forecast": hung])
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: """
            [sources]
            air = ["open-meteo", "airvisual", "waqi", "openweathermap"]
            asthma = ["propeller"]
            """, timeout: "2s")
        // Four air sources at 2 s each, then Propeller, would take 10 s; the deadline is three
        // request timeouts, 6 s. WAQI is still asked as long as starting each of the first two
        // requests costs under 2 s: a margin for a loaded machine, whose child runs on the
        // real clock.
        let result = try await sandbox.run(["--config", sandbox.configPath], environment: Self.keys)
        #expect(result.status == 75, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines == ["breather: error: openweathermap (air): not asked: the 6 s limit for the whole fetch ran out waiting for open-meteo, airvisual, waqi"])
        #expect(result.stdout.hasPrefix("Breather: no data yet ("), "\(result.stdout)")
        #expect(!server.requests.contains { $0.hasPrefix("/owm/") || $0.hasPrefix("/prod/") }, "\(server.requests)")
        #expect(server.requests.contains { $0.hasPrefix("/waqi/") }, "the fallback still runs while time is left")
        #expect(!result.stderr.contains("sekrit"))
    }

    @Test("the deadline covers the location lookup too: a slow geocoder leaves less time for the fetch after it")
    func deadlineCoversLocationLookup() async throws {
        let hung = Route(body: "{}", delay: 30)
        let slowGeocoder = Route(fixture: "open-meteo/geocoding.search.json", delay: 3.5)
        let server = try await FixtureServer.start(routes: ["/geo/v1/search": slowGeocoder, "/aq/v1/air-quality": hung,
                                                            "/v2/nearest_city": hung, "/waqi/feed/geo:52.2183;6.8958/": hung,
                                                            "/v1/forecast": hung])
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, location: "city = \"Brooklyn\"", extra: """
            [sources]
            air = ["open-meteo", "airvisual", "waqi"]
            """, timeout: "5s")
        // The limit is three request timeouts, 15 s, from the start. The lookup answers after
        // 3.5 s (1.5 s under its timeout); then three air sources at 5 s each would end at
        // 18.5 s if the fetch had a limit of its own, started after the lookup. Within one limit
        // the run ends at 15 s: the bound below sits 1.5 s under the 18.5 s that bug gives (it
        // can only come later on a loaded machine), and leaves 2 s for the load. Both ends are
        // read off the cooperative pool: the lookup's arrival at the server (the fetch's start,
        // whatever the process's own start cost) and the child's exit, seen by the thread that
        // waited for it (`RunResult.ended`), not by this test's task, which a parallel suite
        // can keep waiting for seconds (34.5 s was once seen for a 30 s limit that way).
        let result = try await sandbox.run(["--config", sandbox.configPath], environment: Self.keys)
        let lookup = zip(server.requests, server.requestTimes).first { $0.0.hasPrefix("/geo/v1/search") }?.1 ?? 0
        let elapsed = result.ended - lookup
        #expect(result.status == 75, "\(result.stderr) \(server.requests)")
        #expect(server.requests.contains { $0.hasPrefix("/geo/v1/search") })
        #expect(result.stderr.contains("the 15 s limit for the whole fetch ran out"), "\(result.stderr)")
        #expect(elapsed < 17, "took \(elapsed) s: the fetch after the lookup had a limit of its own")
    }

    @Test("a failed fetch shows the cached data marked stale, warns once and exits 0; --refresh too")
    func failedFetchFallsBackToCache() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "[cache]\nmax_age = \"1s\"")
        let first = try await sandbox.run(["--config", sandbox.configPath])
        #expect(first.status == 0, "\(first.stderr)")
        try server.setRoutes(["/aq/v1/air-quality": .json("{}", status: 503), "/v1/forecast": .json("{}", status: 503)])

        // --refresh: a store still inside max_age is asked past (when one past it is: StorePolicyTests).
        let plain = try await sandbox.run(["--config", sandbox.configPath, "--refresh"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.hasPrefix("Brooklyn · US AQI 112 Unhealthy for Sensitive Groups (PM2.5) · Partly cloudy 18°C"), "\(plain.stdout)")
        #expect(plain.stdout.contains("stale, updated"))
        let warnings = plain.stderr.split(separator: "\n")
        #expect(warnings.count == 1, "\(plain.stderr)")
        #expect(warnings.first?.hasPrefix("breather: warning: open-meteo (air): HTTP 503: service unavailable; showing the cached data from ") == true,
                "\(plain.stderr)")

        let json = try await sandbox.run(["--config", sandbox.configPath, "--refresh", "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(root["stale"] as? Bool == true)
        #expect((root["age_seconds"] as? Int).map { $0 >= 0 } == true, "the kept data's age: \(json.stdout)")
        #expect((root["air_quality"] as? [String: Any])?["aqi"] as? Int == 112)
        let errors = try #require(root["errors"] as? [[String: Any]])
        #expect(errors.prefix(2).map { "\($0["provider"] ?? "") \($0["part"] ?? "")" } == ["open-meteo air", "open-meteo weather"])
        #expect(server.requests.filter { $0.hasPrefix("/aq/v1/") }.count == 3, "--refresh asked again")

        // The failed runs did not overwrite the cache: it still holds the good reading.
        let waybar = try await sandbox.run(["--config", sandbox.configPath, "--format", "waybar"])
        #expect(waybar.status == 0)
        #expect(waybar.stdout.contains("stale"), "\(waybar.stdout)")
    }

    @Test("a rejected key with a cache: the stale data prints, and the run still exits 78")
    func rejectedKeyWithCache() async throws {
        var routes = openMeteoRoutes(air: .json(airQualityBody(pm25: 40)))
        routes["/v2/nearest_city"] = Route(fixture: "iqair-airvisual/error.incorrect_api_key.json", status: 401)
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "[cache]\nmax_age = \"1s\"")
        #expect(try await sandbox.run(["--config", sandbox.configPath]).status == 0)
        // New [sources]: the store, filled from the old ones, does not answer; AirVisual is asked.
        try sandbox.writeConfig(server: server, extra: "[cache]\nmax_age = \"1s\"\n[sources]\nair = [\"airvisual\"]")
        let result = try await sandbox.run(["--config", sandbox.configPath], environment: Self.keys)
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Brooklyn · US AQI 112"), "\(result.stdout)")
        #expect(result.stdout.contains("stale, updated"))
        #expect(result.stderr.hasPrefix("breather: error: airvisual (air): key rejected"), "\(result.stderr)")
        #expect(result.stderr.contains("showing the cached data"))
        #expect(!result.stderr.contains("sekrit"))
    }

    @Test("without a cache a failed fetch still ends with its error code and prints no data")
    func failedFetchWithoutCache() async throws {
        let server = try await FixtureServer.start(routes: ["/aq/v1/air-quality": .json("{}", status: 503), "/v1/forecast": .json("{}", status: 503)])
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let result = try await sandbox.run(["--config", sandbox.configPath])
        #expect(result.status == 69)
        #expect(result.stderr.split(separator: "\n") == ["breather: error: open-meteo (air): HTTP 503: service unavailable"])
        #expect(!result.stdout.contains("AQI 1"))
    }

    @Test("a city that cannot be geocoded right now: the cached reading stands in; an unknown city does not")
    func locationFailureFallsBack() async throws {
        var routes = openMeteoRoutes(air: .json(airQualityBody(pm25: 40)))
        routes["/geo/v1/search"] = .fixture("open-meteo/geocoding.search.json")
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, location: "city = \"Brooklyn\"", extra: "[cache]\nmax_age = \"0s\"")
        #expect(try await sandbox.run(["--config", sandbox.configPath]).status == 0)

        routes["/geo/v1/search"] = .json("{}", status: 503)
        try server.setRoutes(routes)
        let down = try await sandbox.run(["--config", sandbox.configPath])
        #expect(down.status == 0, "\(down.stderr)")
        #expect(down.stdout.contains("AQI 112") && down.stdout.contains("stale, updated"), "\(down.stdout)")
        #expect(down.stderr.split(separator: "\n").count == 1)
        #expect(down.stderr.hasPrefix("breather: warning: open-meteo geocoding: HTTP 503"), "\(down.stderr)")

        routes["/geo/v1/search"] = .fixture("open-meteo/geocoding.empty.json")
        try server.setRoutes(routes)
        let unknown = try await sandbox.run(["--config", sandbox.configPath])
        #expect(unknown.status == 78, "a city the geocoder does not know is a configuration error, cache or not")
        #expect(unknown.stdout.isEmpty)
    }

    /// WAQI's Brooklyn fixture with its measurement time moved to `secondsAgo` before now, in
    /// the station's own +02:00 offset as WAQI sends it.
    func waqiFeed(measuredSecondsAgo secondsAgo: Double) throws -> (body: String, measured: Date) {
        let text = try String(contentsOfFile: SupportPaths.fixtures + "/waqi/feed_geo.success.json", encoding: .utf8)
        let measured = Date(timeIntervalSinceNow: -secondsAgo)
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.timeZone = TimeZone(secondsFromGMT: 7200)
        local.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxx"
        let body = text.replacingOccurrences(of: "\"2023-08-07T17:00:00+02:00\"", with: "\"\(local.string(from: measured))\"")
        #expect(body != text, "the fixture's time was replaced")
        return (body, measured)
    }

    @Test("a WAQI reading measured 5 h ago is stale even when just fetched; one 20 min old is not",
          arguments: [(5 * 3600.0, true), (20 * 60.0, false)])
    func observationAge(secondsAgo: Double, stale: Bool) async throws {
        let feed = try waqiFeed(measuredSecondsAgo: secondsAgo)
        let server = try await FixtureServer.start(routes: [Self.waqiFeed: .json(feed.body), "/v1/forecast": .fixture("open-meteo/forecast.current.json")])
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "[sources]\nair = [\"waqi\"]")
        let result = try await sandbox.run(["--config", sandbox.configPath, "--format", "json"], environment: Self.keys)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("waqi"), "old data is not an error: \(result.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(root["stale"] as? Bool == stale)
        let utc = ISO8601DateFormatter()
        #expect(root["observed_at"] as? String == utc.string(from: feed.measured))
        let age = try #require(root["age_seconds"] as? Int)
        // From the fetch (about 0), unless the measurement's age made it stale: then from the
        // measurement (issue 48). The run itself may take a minute or more on a loaded machine.
        if stale {
            #expect(Double(age) >= secondsAgo - 1 && Double(age) < secondsAgo + 600, "a reading stale by its age counts from the measurement: \(age)")
        } else {
            #expect(age < 600, "age counts from the fetch, not the provider's time: \(age)")
        }
        #expect((root["display"] as? [String: Any])?["staleness"] as? String == (stale ? "stale, measured 5 h ago" : ""))
    }
}
