@testable import BreatherHistory
import Testing

/// Each logged day's exposure from the store's hourly values: the windows, the delays, and a
/// gap kept as a gap.
@Suite("exposure per logged day", .serialized)
struct ExposureTests {
    @Test("a day with too few hours is a gap: missing, never zero")
    func gapIsMissing() {
        let hours: [Double?] = Array(repeating: 30, count: 17) + Array(repeating: nil, count: 7)
        let pm = ExposureMetric.all.first { $0.id == "pm2_5_24h_mean" }!
        #expect(pm.value(hours: hours, temperature: hours) == nil)
        let eighteen: [Double?] = Array(repeating: 30, count: 18) + Array(repeating: nil, count: 6)
        #expect(pm.value(hours: eighteen, temperature: eighteen) == 30)
        // Ozone's 8-h maximum: 8 hours of 100 among 50s, and the windows around them.
        let ozone = ExposureMetric.all.first { $0.id == "o3_8h_max" }!
        let day: [Double?] = Array(repeating: 50, count: 8) + Array(repeating: 100, count: 8) + Array(repeating: 50, count: 8)
        #expect(ozone.value(hours: day, temperature: []) == 100)
        // Dew point at 20 °C and 50 %: 9.3 °C (Magnus, Sonntag's constants).
        let dew = ExposureMetric.dewPoint(temperatureC: 20, humidity: 50)!
        #expect(abs(dew - 9.26) < 0.01)
    }

    @Test("a day's features: PM2.5 the day before, ozone two days before, the snapshot kept beside an entry")
    func featuresAndSnapshot() throws {
        try withTimeZone("UTC") {
            let folder = TempFolder()
            let store = try HistoryStore(path: folder.file("h.sqlite3"))
            var readings: [HistoryReading] = []
            // Three full days: PM2.5 10, 20, 30 (day 2 the logged day); ozone 8-h max 40, 50, 60.
            for day in 0..<3 {
                for hour in 0..<24 {
                    let time = day0 + day * 86_400 + hour * 3600
                    readings += [reading("pm2_5", Double(10 * (day + 1)), at: time), reading("o3", Double(40 + 10 * day), at: time)]
                }
            }
            // Day 2's NO2 has only 12 hours: a gap, not a zero and not 12 hours' maximum.
            for hour in 0..<12 { readings.append(reading("no2", 80, at: day0 + 2 * 86_400 + hour * 3600)) }
            try store.record(readings, keepRawSeconds: 90 * 86_400, now: day0 + 3 * 86_400)
            let snapshot = try store.exposureSnapshot(time: day0 + 2 * 86_400 + 20 * 3600, place: "Brooklyn")
            #expect(snapshot == ["pm2_5_24h_mean@0": 30, "pm2_5_24h_mean@1": 20,
                                 "o3_8h_max@0": 60, "o3_8h_max@1": 50, "o3_8h_max@2": 40])
            // The primary place when none is named; an unknown name has no exposure.
            #expect(try store.exposureSnapshot(time: day0 + 2 * 86_400 + 20 * 3600, place: "") == snapshot)
            #expect(try store.exposureSnapshot(time: day0 + 2 * 86_400 + 20 * 3600, place: "Atlantis").isEmpty)
        }
    }
}
