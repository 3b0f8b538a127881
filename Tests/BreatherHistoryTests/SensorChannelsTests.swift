import Testing
@testable import BreatherHistory
import BreatherModel

/// A PurpleAir's PM2.5 channels kept in the store for the EPA's A/B rule on hourly means
/// (issue 41, part 4): recorded with each reading, read back as this hour's sums and counts.
@Suite("history: a PurpleAir's PM2.5 channels, this hour's totals")
struct SensorChannelsTests {
    let location = Location(name: "Brooklyn", latitude: 40.6769, longitude: -73.9423)

    /// A PurpleAir reading at `time` with channels A `a` and B `b`, as `SensorReading.pollution` gives it.
    func fetched(a: Double, b: Double, at time: Int) -> CityConditions {
        var reading = SensorReading(source: "purpleair", pm2_5: (a + b) / 2)
        reading.channels = ["pm2_5_atm_a": a, "pm2_5_atm_b": b]
        let at = Timestamp(timeIntervalSince1970: Double(time))
        return CityConditions(location: location, pollution: reading.pollution, fetchedAt: at)
    }

    @Test("readings of this hour only, this sensor's only: their sums and counts; an export has no channel column")
    func thisHoursTotals() throws {
        let folder = TempFolder()
        let now = day0 + 12 * 3600 + 1800
        let recorder = HistoryRecorder(path: folder.file("h.sqlite3"), keepRawSeconds: 30 * 86_400, backfillDays: 0,
                                       warn: { Issue.record("warning: \($0)") }, clock: { now })
        recorder.record(fetched(a: 100, b: 10, at: day0 + 11 * 3600 + 3000))  // hour 11: not this hour's
        recorder.record(fetched(a: 20, b: 21, at: day0 + 12 * 3600 + 120))
        recorder.record(fetched(a: 22, b: 25, at: day0 + 12 * 3600 + 240))
        recorder.write([reading("pm2_5_atm_a", 500, at: day0 + 12 * 3600 + 300, source: "airgradient")])  // another source
        let totals = recorder.channelsThisHour(from: "purpleair", at: location)
        #expect(totals == ["pm2_5_atm_a": HourTotal(sum: 42, count: 2), "pm2_5_atm_b": HourTotal(sum: 46, count: 2)])
        #expect(recorder.channelsThisHour(from: "purpleair", at: Location(name: "Elsewhere", latitude: 10, longitude: 10)).isEmpty)
        // The channels are a check on `pm2_5`, not a value of the air: no export column.
        #expect(!HistoryCSV.columns.contains { $0.hasPrefix("pm2_5_atm") || $0.hasPrefix("pm2_5_cf_1") })
    }

    @Test("a store with no reading this hour gives none: the rule then runs on the reading alone")
    func emptyHour() {
        let folder = TempFolder()
        let recorder = HistoryRecorder(path: folder.file("h.sqlite3"), keepRawSeconds: 30 * 86_400, backfillDays: 0,
                                       warn: { Issue.record("warning: \($0)") }, clock: { day0 + 13 * 3600 + 60 })
        recorder.record(fetched(a: 20, b: 21, at: day0 + 12 * 3600 + 120))
        #expect(recorder.channelsThisHour(from: "purpleair", at: location).isEmpty)
    }
}
