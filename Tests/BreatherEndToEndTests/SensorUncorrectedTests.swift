import BreatherTestSupport
import Foundation
import Testing

/// An outdoor sensor whose PM2.5 is shown as it measured it, without the correction its counter
/// needs (issue 41, part 5): an AirGradient with raw `pm02` and no humidity, a PurpleAir with
/// `correction = "none"`. Every output a user reads says so: json, the waybar tooltip, the
/// plain line.
@Suite("an outdoor sensor's PM2.5 as measured is marked uncorrected, end to end")
struct SensorUncorrectedEndToEndTests {
    /// Open-Meteo (PM2.5 40, ozone 120 µg/m³) and the sensor `id` at `/sensor` replying `body`
    /// at `path`, first in `air`, with `extra` in its table.
    func run(_ id: String, path: String, body: String, extra: String = "",
             _ arguments: [String]) async throws -> RunResult {
        var routes = openMeteoRoutes(air: .json(airQualityBody(pm25: 40, o3: 120)))
        routes["/sensor" + path] = .json(body)
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: """
            [sources]
            air = ["\(id)", "open-meteo"]

            [providers.\(id)]
            url = "\(server.baseURL)/sensor"
            \(extra)
            """)
        let result = try await sandbox.run(["--config", sandbox.configPath] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return result
    }

    /// An AirGradient Open Air on firmware before 3.1.4: raw pm02, no pm02Compensated, no rhum.
    let airGradient = #"{"pm01": 70, "pm02": 120, "pm10": 150, "rco2": 420, "atmp": 21}"#

    @Test("an outdoor AirGradient with raw pm02 and no humidity: json, tooltip and plain line say uncorrected")
    func airGradientWithoutHumidity() async throws {
        let json = try await run("airgradient", path: "/measures/current", body: airGradient, ["--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let air = try #require(document["air_quality"] as? [String: Any])
        #expect(air["source"] as? String == "airgradient")
        #expect(air["pm2_5_correction"] as? String == "uncorrected (pm02 as measured: no humidity for the US EPA correction)")
        #expect((air["notes"] as? [String])?.contains("PM2.5 uncorrected (pm02 as measured: no humidity for the US EPA correction), from airgradient") == true,
                "\(air["notes"] ?? "")")
        // 120 µg/m³ as measured (1-hour): US 196, Unhealthy, where the corrected 96.6 would read 180.
        let subIndices = try #require(air["sub_indices"] as? [[String: Any]])
        #expect(subIndices.first { $0["pollutant"] as? String == "pm2_5" }?["concentration"] as? Double == 120)

        let plain = try await run("airgradient", path: "/measures/current", body: airGradient, [])
        #expect(plain.stdout.contains("US AQI 196 Unhealthy (PM2.5 uncorrected)"), "\(plain.stdout)")

        let waybar = try await run("airgradient", path: "/measures/current", body: airGradient, ["--format", "waybar"])
        let bar = try #require(try JSONSerialization.jsonObject(with: Data(waybar.stdout.utf8)) as? [String: Any])
        #expect((bar["tooltip"] as? String)?.contains("PM2.5 uncorrected (pm02 as measured") == true, "\(bar["tooltip"] ?? "")")
    }

    @Test("an outdoor AirGradient with its humidity: corrected, nothing says uncorrected")
    func airGradientWithHumidity() async throws {
        let body = #"{"pm01": 70, "pm02": 120, "pm10": 150, "rco2": 420, "atmp": 21, "rhum": 40}"#
        let json = try await run("airgradient", path: "/measures/current", body: body, ["--format", "json"])
        #expect(!json.stdout.contains("uncorrected"), "\(json.stdout)")
        let plain = try await run("airgradient", path: "/measures/current", body: body, [])
        #expect(!plain.stdout.contains("uncorrected"), "\(plain.stdout)")
    }

    @Test("an outdoor PurpleAir with correction = \"none\": json, tooltip and plain line say uncorrected")
    func purpleAirCorrectionNone() async throws {
        let body = try String(contentsOfFile: SupportPaths.fixtures + "/purpleair/json.pa-ii.clean.json", encoding: .utf8)
        let none = "correction = \"none\""
        let json = try await run("purpleair", path: "/json", body: body, extra: none, ["--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let air = try #require(document["air_quality"] as? [String: Any])
        #expect(air["pm2_5_correction"] as? String == "uncorrected (the A/B mean of pm2_5_atm as measured: correction = \"none\")")
        #expect((air["notes"] as? [String])?.contains { $0.hasPrefix("PM2.5 uncorrected (the A/B mean of pm2_5_atm") } == true)
        // Ozone sets this index (PM2.5 13 µg/m³): the mark follows the main pollutant.
        let plain = try await run("purpleair", path: "/json", body: body, extra: none, [])
        #expect(plain.stdout.contains("(O3, PM2.5 uncorrected)"), "\(plain.stdout)")
        let waybar = try await run("purpleair", path: "/json", body: body, extra: none, ["--format", "waybar"])
        let bar = try #require(try JSONSerialization.jsonObject(with: Data(waybar.stdout.utf8)) as? [String: Any])
        #expect((bar["tooltip"] as? String)?.contains("PM2.5 uncorrected") == true, "\(bar["tooltip"] ?? "")")
        // The default EPA correction says nothing of the kind.
        let corrected = try await run("purpleair", path: "/json", body: body, ["--format", "json"])
        #expect(!corrected.stdout.contains("uncorrected"), "\(corrected.stdout)")
    }
}
