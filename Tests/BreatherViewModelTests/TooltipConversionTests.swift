import BreatherModel
import BreatherViewModel
import Foundation
import Testing

/// The tooltip says at which reference conditions ppb ↔ µg/m³ was converted and which footnote
/// rules shaped the index, for the same provider data the calculator would index (issue 15).
@Suite struct TooltipConversionTests {
    func tooltip(_ standard: AQIStandard, _ series: HourlySeries) throws -> [String] {
        let pollution = Pollution(source: "open-meteo", hourly: series)
        let conditions = CityConditions(location: Location(name: "Test", latitude: 0, longitude: 0), pollution: pollution,
                                        fetchedAt: Timestamp(timeIntervalSince1970: 1_795_000_000))
        return Format.details(conditions: conditions, report: try pollution.report(for: standard), standard: standard,
                              units: .metric, icons: .none, ageSeconds: nil, stale: false, errors: [])
    }

    @Test func usGasesConvertAtTwentyFiveDegrees() throws {
        // NO2 94.1 µg/m³ × 24.4654 / 46.0055 = 50.04 ppb → 50 → 47.
        let lines = try tooltip(.us, HourlySeries([.no2: [94.1]]))
        #expect(lines.contains("  NO2 47 (50.0 ppb, 1h)"))
        #expect(lines.contains("  ppb ↔ µg/m³ at 25 °C, 101.325 kPa"))
    }

    @Test func chinaRealTimeParticlesSayWhichColumn() throws {
        let lines = try tooltip(.china, HourlySeries([.pm2_5: [10, 50]]))
        #expect(lines.contains("  PM2.5 80 (50.0 µg/m³, 1h)"))
        #expect(lines.contains("  PM2.5 1-h value indexed on the 24-hour column, as the HJ 633-2026 real-time report does"))
        // µg/m³ in, µg/m³ indexed: no conversion line.
        #expect(!lines.contains { $0.contains("ppb ↔") })
    }
}
