import BreatherTestSupport
import Foundation
import Testing

/// An Open-Meteo air-quality reply with the same value every hour for 24 hours (µg/m³).
/// `current.time` is the start of this hour (UTC), as Open-Meteo sends it, so the reading is
/// not hours old (which would make it stale); the hourly block lies before it.
func airQualityBody(pm25: Double, pm10: Double = 10, o3: Double = 20, no2: Double = 10, so2: Double = 2, co: Double = 200,
                    uv: Double? = nil) -> String {
    let hours = (0..<25).map { String(format: "\"2026-11-21T%02d:00\"", $0 % 24) }
    func series(_ v: Double) -> String { "[" + Array(repeating: "\(v)", count: 25).joined(separator: ",") + "]" }
    return """
        {"latitude": 40.7, "longitude": -73.9, "utc_offset_seconds": 0,
         "current": {"time": "\(openMeteoTime(Date()))", "interval": 3600, "pm2_5": \(pm25), "pm10": \(pm10), "ozone": \(o3),
                     "nitrogen_dioxide": \(no2), "sulphur_dioxide": \(so2), "carbon_monoxide": \(co)\(uv.map { ", \"uv_index\": \($0)" } ?? "")},
         "hourly": {"time": [\(hours.joined(separator: ","))], "pm2_5": \(series(pm25)), "pm10": \(series(pm10)),
                    "ozone": \(series(o3)), "nitrogen_dioxide": \(series(no2)), "sulphur_dioxide": \(series(so2)),
                    "carbon_monoxide": \(series(co))}}
        """
}

/// `2026-11-22T13:00`: Open-Meteo's local time format (the bodies here say utc_offset 0), to the hour.
/// From the UTC calendar fields (gmtime_r), not a DateFormatter: the replies of a week of hours
/// call this hundreds of times, and a formatter made at each call is costly.
func openMeteoTime(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var fields = tm()
    gmtime_r(&seconds, &fields)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(fields.tm_year + 1900)-\(two(fields.tm_mon + 1))-\(two(fields.tm_mday))T\(two(fields.tm_hour)):00"
}

/// The default Open-Meteo routes with a chosen air-quality reply.
func openMeteoRoutes(air: Route) -> [String: Route] {
    ["/v1/forecast": .fixture("open-meteo/forecast.current.json"), "/aq/v1/air-quality": air]
}

@Suite("one-shot breather against a loopback provider")
struct OneShotTests {
    @Test("--standard china computes HJ 633-2026 with China's own category and main pollutant")
    func chinaStandard() async throws {
        // PM2.5 75 µg/m³: 114 under HJ 633-2026 (it would be 100 under 2012).
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 75))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let result = try await sandbox.run(["--standard", "china", "--config", sandbox.configPath])
        #expect(result.status == 0, "\(result.stderr)")
        // Asthma: PM2.5 75 µg/m³ this hour → AQHI-Plus ⌈7.5⌉ = 8 → high, above the AQHI's medium (issue 41).
        #expect(result.stdout == "Brooklyn · CN AQI 114 Lightly Polluted (PM2.5) · Partly cloudy 18°C · Asthma high\n")
    }

    @Test("--standard us uses the 2024 EPA table on the NowCast")
    func usStandard() async throws {
        // A steady 40 µg/m³ → NowCast 40.0 → (150-101)/(55.4-35.5)×(40-35.5)+101 = 112.08 → 112.
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let result = try await sandbox.run(["--config", sandbox.configPath, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let air = try #require(json["air_quality"] as? [String: Any])
        #expect(air["aqi"] as? Int == 112)
        #expect(air["category"] as? String == "Unhealthy for Sensitive Groups")
        #expect(air["main_pollutant"] as? String == "pm2_5")
        #expect(air["color"] as? String == "#FF7E00")
        #expect(air["computed"] as? Bool == true)
        #expect(json["standard"] as? String == "us")
        #expect(json["stale"] as? Bool == false)
        let weather = try #require(json["weather"] as? [String: Any])
        #expect(weather["temperature_c"] as? Double == 17.7)
        #expect(weather["wind_speed_ms"] as? Double == 3.6)
        let display = try #require(json["display"] as? [String: Any])
        #expect(display["aqi"] as? String == "112")
        #expect(display["city"] as? String == "Brooklyn")
        for key in ["location", "standard", "air_quality", "weather", "asthma", "display", "updated_at", "stale", "age_seconds", "errors"] {
            #expect(json[key] != nil, "missing key \(key)")
        }
        // The request asked for wind in m/s and the hourly series.
        let requests = server.requests.joined(separator: "\n")
        #expect(requests.contains("wind_speed_unit=ms"))
        #expect(requests.contains("hourly=pm2_5"))
    }

    @Test("--output writes the file atomically and prints nothing")
    func outputFile() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let path = sandbox.home.appendingPathComponent("out/dir/status.txt").path
        let result = try await sandbox.run(["--config", sandbox.configPath, "--output", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.hasPrefix("Brooklyn · US AQI "))
        #expect(written.hasSuffix("\n"))
    }

    @Test("the one-shot (as breather.timer runs it) also writes every [[output]] file in its format")
    func configuredOutputs() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        let sandbox = try Sandbox()
        let plain = sandbox.home.appendingPathComponent("run/breather/status.txt").path
        let waybar = sandbox.home.appendingPathComponent("run/breather/waybar.json").path
        try sandbox.writeConfig(server: server, extra: """
            [[output]]
            path = "\(plain)"
            [[output]]
            path = "\(waybar)"
            format = "waybar"
            """)
        let result = try await sandbox.run(["--config", sandbox.configPath, "--refresh"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Brooklyn · US AQI 28"))
        #expect(try String(contentsOfFile: plain, encoding: .utf8) == result.stdout)
        let bar = try String(contentsOfFile: waybar, encoding: .utf8)
        let object = try JSONSerialization.jsonObject(with: Data(bar.utf8)) as? [String: Any]
        #expect((object?["text"] as? String)?.contains("AQI 28") == true, "\(bar)")
    }

    @Test("asthma down, air up: the line still prints, asthma unavailable, exit 0")
    func partialFailure() async throws {
        var routes = openMeteoRoutes(air: .json(airQualityBody(pm25: 5)))
        routes["/prod/forecast"] = .fixture("propeller/error.json").with(status: 502)
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "[sources]\nasthma = [\"propeller\"]")
        let result = try await sandbox.run(["--config", sandbox.configPath])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("· Asthma unavailable\n"))
        #expect(result.stderr.contains("propeller"))
        #expect(result.stderr.contains("502"))
    }

    @Test("Propeller answering gives its risk and probability")
    func propellerAsthma() async throws {
        var routes = openMeteoRoutes(air: .json(airQualityBody(pm25: 5)))
        routes["/prod/forecast"] = .fixture("propeller/forecast.success.json")
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "[sources]\nasthma = [\"propeller\"]")
        let result = try await sandbox.run(["--config", sandbox.configPath])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("· Asthma medium 49%\n"))
    }

    @Test("AirVisual gives indices only: shown as given, computed false")
    func airVisualIndex() async throws {
        let server = try await FixtureServer.start(routes: ["/v2/nearest_city": .fixture("iqair-airvisual/nearest_city.success.json")])
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "[sources]\nair = [\"airvisual\"]\nweather = [\"airvisual\"]\nasthma = [\"estimate\"]")
        let result = try await sandbox.run(["--config", sandbox.configPath, "--format", "json"], environment: ["BREATHER_AIRVISUAL_KEY": "sekrit-key-123456"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let air = try #require(json["air_quality"] as? [String: Any])
        #expect(air["aqi"] as? Int == 52)
        #expect(air["computed"] as? Bool == false)
        #expect(air["source"] as? String == "airvisual:aqius")
        // One call serves air and weather.
        #expect(server.requests.count == 1)
        #expect(!result.stdout.contains("sekrit"))
    }
}

extension Route {
    func with(status: Int) -> Route {
        var copy = self
        copy.status = status
        return copy
    }
}
