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
        let expected = ["waybar": #""class":["unhealthy_for_sensitive_groups"]"#, "i3bar": ##""color":"#FF7E00""##,
                        "i3blocks": "\n#FF7E00\n", "polybar": "%{F#FF7E00}Brooklyn AQI 112", "tmux": "#[fg=#ff7e00]Brooklyn AQI 112",
                        "prometheus": #"breather_aqi{standard="us",location="Brooklyn"} 112"#]
        for (format, fragment) in expected {
            let result = try await sandbox.run(["--format", format, "--config", sandbox.configPath])
            #expect(result.status == 0 && result.stdout.contains(fragment), "\(format): \(result.stdout) \(result.stderr)")
        }
    }
}
