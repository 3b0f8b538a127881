import BreatherModel
import Foundation
import Testing

/// A reading, µg/m³ unless told otherwise.
func reading(
    _ pollutant: Pollutant, _ period: AveragingPeriod, _ value: Double, _ unit: ConcentrationUnit = .microgramsPerCubicMetre
) -> PollutantReading {
    PollutantReading(pollutant: pollutant, period: period, value: value, unit: unit)
}

/// The reference JSON (`Tests/Fixtures/reference/aqi-standards.json`), found from this file.
enum ReferenceJSON {
    static var url: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/reference/aqi-standards.json")
    }

    /// The standard object with this `id` (e.g. `us_epa_2024`).
    static func standard(_ id: String) throws -> [String: Any] {
        let data = try Data(contentsOf: url)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let standards = try #require(root["standards"] as? [[String: Any]])
        return try #require(standards.first { $0["id"] as? String == id })
    }

    /// The JSON id for each of our standards.
    static func id(_ standard: AQIStandard) -> String {
        switch standard {
        case .us: "us_epa_2024"
        case .china: "cn_hj633_2026"
        case .china2012: "cn_hj633_2012"
        case .eu: "eu_eaqi_2024"
        case .uk: "uk_daqi"
        case .india: "in_naqi"
        case .canada: "ca_aqhi"
        }
    }

    /// Maps a pollutant key such as `pm25_24h`, `so2_15min` or `o3` (EAQI: hourly) onto our
    /// pollutant and period; `nil` for pollutants Breather does not model (NH3, Pb).
    static func pollutantAndPeriod(_ key: String) -> (Pollutant, AveragingPeriod)? {
        let parts = key.split(separator: "_").map(String.init)
        let pollutant: Pollutant? = switch parts[0] {
        case "pm25": .pm2_5
        case "pm10": .pm10
        case "o3": .o3
        case "no2": .no2
        case "so2": .so2
        case "co": .co
        default: nil
        }
        guard let pollutant else { return nil }
        guard parts.count > 1 else { return (pollutant, .hour1) }
        guard let period = AveragingPeriod(rawValue: parts[1]) else { return nil }
        return (pollutant, period)
    }

    /// JSON numbers (or null) as optional doubles.
    static func number(_ any: Any?) -> Double? {
        (any as? NSNumber)?.doubleValue
    }
}
