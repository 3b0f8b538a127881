import BreatherTestSupport
import Foundation
import Testing

/// An Open-Meteo forecast reply with chosen current weather (not a fixture's values); `code` is its WMO `weather_code`.
func forecastBody(temperature: Double, humidity: Int = 81, pressure: Double = 998.4, wind: Double = 7.2, code: Int = 71) -> String {
    """
    {"latitude": 40.7, "longitude": -73.9, "utc_offset_seconds": 0,
     "current": {"time": "2026-11-22T00:00", "interval": 900, "temperature_2m": \(temperature),
                 "relative_humidity_2m": \(humidity), "surface_pressure": \(pressure), "wind_speed_10m": \(wind),
                 "wind_direction_10m": 90, "weather_code": \(code)}}
    """
}

/// One synthetic place: concentrations (µg/m³, steady for 24 h) and a temperature, with the
/// answers worked out by hand from the reference tables (Tests/Fixtures/reference/aqi-standards.md).
struct ValueCase: Sendable, CustomStringConvertible {
    var pm25: Double, pm10: Double, o3: Double
    var temperature: Double
    var standard: String
    var aqi: Int, category: String, mainPollutant: String?
    var shownTemperature: String
    var asthmaRisk: String
    var description: String { "\(standard) pm2.5=\(pm25) o3=\(o3) t=\(temperature)" }
}

@Suite("one-shot values that are in no fixture")
struct ValuesTests {
    static let cases: [ValueCase] = [
        // China 2026 1-h: O3 250 → 100 + 50×(250−200)/(300−200) = 125; PM2.5 20 → 50×20/35 = 28.6 → 29.
        // AQHI: O3 127.3 ppb, NO2 5.3 ppb, PM2.5 20 → 8.2 → high.
        ValueCase(pm25: 20, pm10: 30, o3: 250, temperature: -3.6, standard: "china", aqi: 125,
                  category: "Lightly Polluted", mainPollutant: "o3", shownTemperature: "-4°C", asthmaRisk: "high"),
        // US: O3 0.127 ppm 8-h → 201 + 99×(0.127−0.106)/(0.200−0.106) = 223.1 → 223 (beats the 1-h 104).
        ValueCase(pm25: 20, pm10: 30, o3: 250, temperature: -3.6, standard: "us", aqi: 223,
                  category: "Very Unhealthy", mainPollutant: "o3", shownTemperature: "-4°C", asthmaRisk: "high"),
        // China: every IAQI ≤ 50 (max O3 60 → 18.75 → 19; PM10 20 → 20) → AQI 20, no main pollutant.
        // AQHI 2.5 → 3 → low. -0.4 °C must not print as "-0°C".
        ValueCase(pm25: 10, pm10: 20, o3: 60, temperature: -0.4, standard: "china", aqi: 20,
                  category: "Excellent", mainPollutant: nil, shownTemperature: "0°C", asthmaRisk: "low"),
        // US: PM2.5 10 → 51 + 49×(10−9.1)/(35.4−9.1) = 52.7 → 53 Moderate, main PM2.5.
        ValueCase(pm25: 10, pm10: 20, o3: 60, temperature: 31.5, standard: "us", aqi: 53,
                  category: "Moderate", mainPollutant: "pm2_5", shownTemperature: "32°C", asthmaRisk: "low"),
    ]

    @Test("index, category, main pollutant, temperature and asthma risk", arguments: cases)
    func values(_ expected: ValueCase) async throws {
        let server = try await FixtureServer.start(routes: [
            "/v1/forecast": .json(forecastBody(temperature: expected.temperature)),
            "/aq/v1/air-quality": .json(airQualityBody(pm25: expected.pm25, pm10: expected.pm10, o3: expected.o3)),
        ])
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let result = try await sandbox.run(["--config", sandbox.configPath, "--standard", expected.standard, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let air = try #require(json["air_quality"] as? [String: Any])
        #expect(air["aqi"] as? Int == expected.aqi)
        #expect(air["category"] as? String == expected.category)
        #expect(air["main_pollutant"] as? String == expected.mainPollutant)
        let weather = try #require(json["weather"] as? [String: Any])
        #expect(weather["temperature_c"] as? Double == expected.temperature)
        let asthma = try #require(json["asthma"] as? [String: Any])
        #expect(asthma["risk"] as? String == expected.asthmaRisk)
        let display = try #require(json["display"] as? [String: Any])
        #expect(display["temperature"] as? String == expected.shownTemperature)

        let plain = try await sandbox.run(["--config", sandbox.configPath, "--standard", expected.standard])
        #expect(plain.status == 0)
        #expect(plain.stdout.contains("AQI \(expected.aqi) \(expected.category)"))
        #expect(plain.stdout.contains(" \(expected.shownTemperature) · "), "\(plain.stdout)")
    }
}
