import BreatherTestSupport
import Foundation
import Testing

@Suite("bar formats from the command line")
struct BarFormatTests {
    @Test("--template renders display keys; an unknown placeholder exits 64 listing the valid ones")
    func template() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let ok = try await sandbox.run(["--template", "{city}|{aqi}|{category_id}|{aqi_color}", "--config", sandbox.configPath])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout == "Brooklyn|112|unhealthy_for_sensitive_groups|#FF7E00\n")
        let bad = try await sandbox.run(["--template", "{city} {aqui}", "--config", sandbox.configPath])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("unknown placeholder {aqui}") && bad.stderr.contains("{temperature}"), "\(bad.stderr)")
        #expect(server.requests.count == 2, "a bad template fails before any fetch")
    }

    @Test("icons and units from the config file, overridden by flags")
    func iconsAndUnits() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "icons = \"emoji\"\nunits = \"imperial\"")
        let fromFile = try await sandbox.run(["--template", "{icon}|{temperature}", "--config", sandbox.configPath])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        let parts = fromFile.stdout.dropLast().split(separator: "|", omittingEmptySubsequences: false)
        #expect(parts.count == 2 && !parts[0].isEmpty && parts[1].hasSuffix("°F"), "\(fromFile.stdout)")
        let fromFlags = try await sandbox.run(["--template", "{icon}|{temperature}", "--icons", "none", "--units", "metric", "--config", sandbox.configPath])
        #expect(fromFlags.stdout.hasPrefix("|") && fromFlags.stdout.hasSuffix("°C\n"), "\(fromFlags.stdout)")
    }

    @Test("every bar format runs end to end and shows the index colour")
    func everyFormat() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let expected = ["waybar": #""class":["unhealthy_for_sensitive_groups","us"]"#, "i3bar": ##""background":"#FF7E00""##,
                        "i3blocks": "<span background=\"#FF7E00\" foreground=\"#000000\"> US AQI 112 USG", "polybar": "%{B#FF7E00}%{F#000000} US AQI 112 USG",
                        "tmux": "#[fg=#000000,bg=#ff7e00] US AQI 112 USG",
                        "prometheus": #"breather_aqi{standard="us",location="Brooklyn"} 112"#]
        for (format, fragment) in expected {
            let result = try await sandbox.run(["--format", format, "--config", sandbox.configPath])
            #expect(result.status == 0 && result.stdout.contains(fragment), "\(format): \(result.stdout) \(result.stderr)")
        }
    }

    @Test("the next 24 hours from Open-Meteo reach json forecast[] and the waybar tooltip")
    func forecast() async throws {
        // 24 past hours, the current one, then 24 forecast hours with a PM2.5 peak 6 hours ahead.
        let now = Date()
        let hours = (-24...24).map { openMeteoTime(now.addingTimeInterval(Double($0) * 3600)) }
        let pm25 = (-24...24).map { $0 == 6 ? "150" : "8" }
        let body = """
            {"utc_offset_seconds": 0, "current": {"time": "\(hours[24])", "pm2_5": 8, "ozone": 20},
             "hourly": {"time": [\(hours.map { "\"\($0)\"" }.joined(separator: ","))],
                        "pm2_5": [\(pm25.joined(separator: ","))], "ozone": [\(Array(repeating: "20", count: 49).joined(separator: ","))]}}
            """
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(body)))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let json = try await sandbox.run(["--format", "json", "--refresh", "--config", sandbox.configPath])
        #expect(json.status == 0, "\(json.stderr)")
        let root = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let forecast = root?["forecast"] as? [[String: Any]] ?? []
        #expect(forecast.count == 24, "\(json.stdout)")
        let worst = forecast.max { ($0["aqi"] as? Int ?? 0) < ($1["aqi"] as? Int ?? 0) }
        #expect((worst?["time"] as? String)?.hasPrefix(String(hours[30].prefix(13))) == true, "\(worst ?? [:])")
        let waybar = try await sandbox.run(["--format", "waybar", "--refresh", "--config", sandbox.configPath])
        #expect(waybar.stdout.contains("Next 24 h: US AQI "), "\(waybar.stdout)")
    }
}
