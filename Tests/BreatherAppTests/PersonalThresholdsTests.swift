@testable import BreatherApp
import BreatherHistory
import BreatherViewModel
import Testing

@Suite("personal alert thresholds from the log's suspects")
struct PersonalThresholdsTests {
    @Test("one threshold per pollutant (the lowest delay's limit wins); temperature is never one")
    func thresholds() {
        // 12 good days: ozone the day before 60, two days before 70, 20 °C. 4 bad days: 150, 140, 30 °C.
        let good = (0..<12).map { LoggedDay(dayStart: $0 * 86_400, score: 1, features: ["o3_8h_max@1": 60, "o3_8h_max@2": 70, "temperature_mean@0": 20]) }
        let bad = (12..<16).map { LoggedDay(dayStart: $0 * 86_400, score: 4, features: ["o3_8h_max@1": 150, "o3_8h_max@2": 140, "temperature_mean@0": 30]) }
        let report = TriggerReport(days: good + bad)
        #expect(Set(report.suspects.map(\.feature.id)) == ["o3_8h_max@1", "o3_8h_max@2", "temperature_mean@0"])
        #expect(PersonalThresholds.thresholds(report)
                == [PersonalThreshold(variable: "o3", label: "ozone, highest 8-h mean", unit: "µg/m³", limit: 60, badDays: 4)])
    }
}
