import BreatherTestSupport
import Foundation
import Testing

/// A provider's physically impossible numbers are unreadable data (exit 65), said in one line
/// naming the provider and the field; they never reach the formatters (which used to trap on
/// 1e300) nor the index tables.
@Suite("implausible provider values end to end")
struct ImplausibleDataTests {
    func run(forecast: String, air: String, arguments: [String] = []) async throws -> RunResult {
        let server = try await FixtureServer.start(routes: ["/v1/forecast": .json(forecast), "/aq/v1/air-quality": .json(air)])
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        return try await sandbox.run(["--config", sandbox.configPath] + arguments)
    }

    func expectOneCleanLine(_ result: RunResult, _ message: String) {
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"))
        #expect(!result.stderr.contains("Backtrace"))
    }

    @Test("Open-Meteo temperature 1e300 → 65, one line naming open-meteo and temperature_c")
    func hugeTemperature() async throws {
        let result = try await run(forecast: forecastBody(temperature: 1e300), air: airQualityBody(pm25: 5))
        #expect(result.status == 65)
        expectOneCleanLine(result, "error: open-meteo (weather): implausible value: temperature_c 1e300 °C (expected -100 to 70 °C)")
        // The air part answered and is still shown; the weather is not.
        #expect(result.stdout.hasPrefix("Brooklyn · US AQI 28 Good (PM2.5)"), "\(result.stdout)")
        #expect(!result.stdout.contains("e+300"))
    }

    @Test("json output says the same in errors[] with kind badData")
    func hugeTemperatureJSON() async throws {
        let result = try await run(forecast: forecastBody(temperature: 1e300), air: airQualityBody(pm25: 5), arguments: ["--format", "json"])
        #expect(result.status == 65)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["weather"] is NSNull)
        let errors = try #require(json["errors"] as? [[String: Any]])
        #expect(errors.contains { $0["provider"] as? String == "open-meteo" && $0["part"] as? String == "weather"
                && $0["kind"] as? String == "badData" })
    }

    @Test("a negative PM2.5 concentration → 65 naming pm2_5, not silently skipped")
    func negativeConcentration() async throws {
        let result = try await run(forecast: forecastBody(temperature: 12), air: airQualityBody(pm25: -3))
        #expect(result.status == 65)
        expectOneCleanLine(result, "error: open-meteo (air): implausible value: pm2_5 -3 µg/m³ (expected 0 to 100000 µg/m³)")
    }

    @Test("record-breaking but real weather is shown, exit 0")
    func realExtreme() async throws {
        let result = try await run(forecast: forecastBody(temperature: -89.2, pressure: 330), air: airQualityBody(pm25: 5))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(" -89°C · "), "\(result.stdout)")
    }
}
