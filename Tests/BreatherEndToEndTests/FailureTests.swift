import BreatherTestSupport
import Foundation
import Testing

/// Every documented failure ends with its exit code and one clear stderr line naming the
/// provider and the cause: never a backtrace, never a key.
@Suite("one-shot failures and exit codes")
struct FailureTests {
    static let key = "sekrit-key-123456"

    func run(air: Route, extra: String = "", arguments: [String] = [], timeout: String = "20s") async throws -> RunResult {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: air))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: extra, timeout: timeout)
        return try await sandbox.run(["--config", sandbox.configPath] + arguments, environment: ["BREATHER_AIRVISUAL_KEY": Self.key])
    }

    func expectClean(_ result: RunResult) {
        #expect(!result.stderr.contains(Self.key))
        #expect(!result.stdout.contains(Self.key))
        #expect(!result.stderr.contains("Fatal error"))
        #expect(!result.stderr.contains("Backtrace"))
    }

    @Test("HTTP 500 → 69 (unavailable)")
    func serverError() async throws {
        let result = try await run(air: .json("{\"error\":true,\"reason\":\"Internal\"}", status: 500))
        #expect(result.status == 69)
        #expect(result.stderr.contains("open-meteo (air): HTTP 500"))
        expectClean(result)
    }

    @Test("a run the store answers with the last fetch's failure exits as that run did, and says why")
    func storedFailureSaysWhy() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json("{}", status: 503)))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let first = try await sandbox.run(["--config", sandbox.configPath])
        let airRequests = server.requests.filter { $0.hasPrefix("/aq/v1/air-quality") }.count
        let second = try await sandbox.run(["--config", sandbox.configPath])
        #expect(server.requests.filter { $0.hasPrefix("/aq/v1/air-quality") }.count == airRequests, "the store answered the second run")
        for result in [first, second] {
            #expect(result.status == 69)
            #expect(result.stderr.split(separator: "\n") == ["breather: error: open-meteo (air): HTTP 503: service unavailable"], "\(result.stderr)")
        }
        let bar = try await sandbox.run(["--config", sandbox.configPath, "--format", "i3blocks"])
        #expect(bar.status == 0, "a bar's line carries the failure; bars drop a failing command's output")
        #expect(bar.stderr.isEmpty, "\(bar.stderr)")
    }

    @Test("HTTP 429 with Retry-After → 75 (try later)")
    func rateLimited() async throws {
        let result = try await run(air: Route(fixture: "open-meteo/error.429.hourly.json", status: 429, headers: ["Retry-After": "120"]))
        #expect(result.status == 75)
        #expect(result.stderr.contains("open-meteo (air): rate limited: Hourly API request limit exceeded"))
        #expect(result.stderr.contains("(retry after 120 s)"))
        expectClean(result)
        let json = try await run(air: Route(fixture: "open-meteo/error.429.hourly.json", status: 429, headers: ["Retry-After": "120"]),
                           arguments: ["--format", "json"])
        #expect(json.status == 75)
        #expect(json.stdout.contains("\"retry_after_seconds\": 120") || json.stdout.contains("\"retry_after_seconds\":120"))
    }

    @Test("invalid JSON → 65 (unreadable data)")
    func invalidJSON() async throws {
        let result = try await run(air: .json("{\"current\": {\"pm2_5\": 12,,}"))
        #expect(result.status == 65)
        #expect(result.stderr.contains("open-meteo (air): unreadable reply: invalid JSON at line 1"))
        expectClean(result)
    }

    @Test("wrongly typed field → 65 naming the JSON path")
    func wrongTypes() async throws {
        let result = try await run(air: .json("{\"current\": {\"time\": \"2026-11-22T00:00\", \"pm2_5\": \"high\"}}"))
        #expect(result.status == 65)
        #expect(result.stderr.contains("current.pm2_5: expected number, found string"))
        expectClean(result)
    }

    @Test("a reply slower than the timeout → 75 within the limit")
    func slowReply() async throws {
        var slow = Route.json(airQualityBody(pm25: 5))
        slow.delay = 120  // far past the 3 s timeout: "timed out" can only come from the limit
        let result = try await run(air: slow, timeout: "3s")
        #expect(result.status == 75)
        #expect(result.stderr.contains("open-meteo (air): timed out"))
        expectClean(result)
    }

    @Test("a 64 MB body is refused, not buffered → 65")
    func oversizedBody() async throws {
        let result = try await run(air: Route(bytes: 64 << 20))
        #expect(result.status == 65)
        #expect(result.stderr.contains("too large"))
        expectClean(result)
    }

    @Test("AirVisual rejects the key → 78, the key never printed")
    func rejectedKey() async throws {
        let server = try await FixtureServer.start(routes: ["/v2/nearest_city": Route(fixture: "iqair-airvisual/error.incorrect_api_key.json", status: 401)])
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "[sources]\nair = [\"airvisual\"]\nweather = [\"airvisual\"]")
        let result = try await sandbox.run(["--config", sandbox.configPath, "--log-level", "debug"], environment: ["BREATHER_AIRVISUAL_KEY": Self.key])
        #expect(result.status == 78)
        #expect(result.stderr.contains("airvisual (air): key rejected (incorrect_api_key)"))
        expectClean(result)
    }

    @Test("AirVisual with no key → 78 saying where to put one")
    func missingKey() async throws {
        let server = try await FixtureServer.start(routes: [:])
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "[sources]\nair = [\"airvisual\"]")
        let result = try await sandbox.run(["--config", sandbox.configPath])
        #expect(result.status == 78)
        #expect(result.stderr.contains("BREATHER_AIRVISUAL_KEY"))
        #expect(server.requests.filter { $0.hasPrefix("/v2") }.isEmpty)
    }

    @Test("AirVisual call_limit_reached → 75; the fallback source then serves → 0")
    func fallback() async throws {
        var routes = openMeteoRoutes(air: .json(airQualityBody(pm25: 5)))
        routes["/v2/nearest_city"] = Route(fixture: "iqair-airvisual/error.limit_reached.json", status: 429)
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "[sources]\nair = [\"airvisual\"]")
        let limited = try await sandbox.run(["--config", sandbox.configPath], environment: ["BREATHER_AIRVISUAL_KEY": Self.key])
        #expect(limited.status == 75)
        #expect(limited.stderr.contains("airvisual (air): rate limited (call_limit_reached)"))

        try sandbox.writeConfig(server: server, extra: "[sources]\nair = [\"airvisual\", \"open-meteo\"]")
        let served = try await sandbox.run(["--config", sandbox.configPath], environment: ["BREATHER_AIRVISUAL_KEY": Self.key])
        #expect(served.status == 0, "\(served.stderr)")
        #expect(served.stdout.hasPrefix("Brooklyn · US AQI 28 Good (PM2.5)"))
        #expect(served.stderr.contains("warning: airvisual (air): rate limited"))
    }

    @Test("connection refused → 69")
    func connectionRefused() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("""
            [location]
            latitude = 1.0
            longitude = 2.0
            [providers.open-meteo]
            forecast_url = "http://127.0.0.1:9/v1"
            air_quality_url = "http://127.0.0.1:9/v1"
            """)
        let result = try await sandbox.run(["--config", sandbox.configPath])
        #expect(result.status == 69)
        #expect(result.stderr.contains("open-meteo (air):"))
        #expect(result.stdout.contains("no data yet"))
    }

    @Test("usage errors → 64", arguments: [
        ["--standard", "mars"], ["--latitude", "95", "--longitude", "0"], ["--latitude", "1"], ["--format", "xml"], ["--bogus"],
        ["--log-level", "loud"], ["--units", "kelvin"],
    ])
    func usage(arguments: [String]) async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.run(arguments)
        #expect(result.status == 64)
        // One line, naming the problem: a bar or the journal shows only that.
        #expect(result.stderr.hasPrefix("breather: error: "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("Backtrace"))
        #expect(result.stdout.isEmpty)
    }

    @Test("an invalid choice lists the valid ones on the same line")
    func usageListsChoices() async throws {
        let result = try await Sandbox().run(["--standard", "mars"])
        #expect(result.status == 64)
        #expect(result.stderr == "breather: error: The value 'mars' is invalid for '--standard <standard>'. "
            + "Please provide one of the following: us, china, china-2012, eu, uk, india, canada (see breather --help)\n")
    }

    @Test("an invalid config file → 78 with file and line")
    func badConfig() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("standard = \"us\"\nunits = \"kelvin\"\n")
        let result = try await sandbox.run(["--config", sandbox.configPath])
        #expect(result.status == 78)
        #expect(result.stderr.contains("config.toml:2: units: unknown value \"kelvin\"; allowed: metric, imperial"))
    }

    @Test("a missing --config file → 78")
    func missingConfig() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.run(["--config", "/nonexistent/breather.toml"])
        #expect(result.status == 78)
        #expect(result.stderr.contains("/nonexistent/breather.toml: cannot read the config file"))
    }
}

@Suite("locating the user")
struct LocationTests {
    @Test("--city is geocoded through Open-Meteo")
    func city() async throws {
        var routes = openMeteoRoutes(air: .json(airQualityBody(pm25: 5)))
        routes["/geo/v1/search"] = .fixture("open-meteo/geocoding.search.json")
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let result = try await sandbox.run(["--config", sandbox.configPath, "--city", "Enschede"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Enschede · US AQI 28"))
        #expect(server.requests.contains { $0.contains("latitude=52.2183") })
    }

    @Test("an unknown --city → 64 with a clear message")
    func unknownCity() async throws {
        let server = try await FixtureServer.start(routes: ["/geo/v1/search": .fixture("open-meteo/geocoding.empty.json")])
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let result = try await sandbox.run(["--config", sandbox.configPath, "--city", "Atlantis"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("no place named \"Atlantis\""))
    }

    @Test("no location anywhere: located by IP once, then from the day's cache")
    func ipLocation() async throws {
        var routes = openMeteoRoutes(air: .json(airQualityBody(pm25: 5)))
        routes["/ip/json/"] = .json("{\"city\": \"Utrecht\", \"latitude\": 52.09, \"longitude\": 5.12}")
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, location: nil)
        let first = try await sandbox.run(["--config", sandbox.configPath])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("Utrecht · US AQI"))
        let second = try await sandbox.run(["--config", sandbox.configPath, "--refresh"])
        #expect(second.status == 0)
        #expect(server.requests.filter { $0.hasPrefix("/ip/") }.count == 1)
    }

    @Test("auto = false and no location → 78 asking for one")
    func autoOff() async throws {
        let server = try await FixtureServer.start(routes: [:])
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, location: "auto = false")
        let result = try await sandbox.run(["--config", sandbox.configPath])
        #expect(result.status == 78)
        #expect(result.stderr.contains("no location: pass --latitude/--longitude or --city"))
        #expect(server.requests.isEmpty)
    }
}
