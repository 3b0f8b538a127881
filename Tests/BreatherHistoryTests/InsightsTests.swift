@testable import BreatherHistory
import Testing

/// `breather insights` against hand-counted tables: a designed 90-day history where bad days
/// follow high ozone by one day, a log too short to say anything, GINA control and peak-flow
/// zones for a designed fortnight.
@Suite("insights: triggers, control and peak flow, counted by hand", .serialized)
struct InsightsTests {
    /// Day 0 of the designed history: 2026-08-22 (UTC; the tests pin TZ=UTC).
    static let start = day0 - 90 * 86_400
    /// Ozone high (8-h max 150) on these days; on day 40 only 110, and day 41 stays good.
    static let highOzone: Set<Int> = [4, 13, 22, 31, 40, 49, 58, 67, 76, 85]
    /// The bad days: the day after each high-ozone day but 40, and day 62 (sick, ozone normal).
    static let badDays: Set<Int> = [5, 14, 23, 32, 50, 59, 68, 77, 86, 62]
    /// PM2.5 (24-h mean 45) as high on good days (10, 30, 70) as on bad ones (5, 23, 50).
    static let highPM: Set<Int> = [5, 23, 50, 10, 30, 70]

    /// Hourly readings from 3 days before day 0 to day 89: every variable on every hour, so no day is a gap.
    static func designedReadings() -> [HistoryReading] {
        var readings: [HistoryReading] = []
        for day in -3..<90 {
            let ozone = day == 40 ? 110.0 : highOzone.contains(day) ? 150 : 60
            let pm = highPM.contains(day) ? 45.0 : 10
            let no2 = 20 + Double((day * 7) % 5)
            let temperature = 10 + Double(((day % 6) + 6) % 6)
            let grass = 5 + Double(((day % 4) + 4) % 4)
            for hour in 0..<24 {
                let time = start + day * 86_400 + hour * 3600
                readings += [reading("o3", ozone, at: time), reading("pm2_5", pm, at: time), reading("no2", no2, at: time),
                             reading("temperature_c", temperature, at: time), reading("humidity", 70, at: time),
                             reading("pollen_grass", grass, at: time)]
            }
        }
        return readings
    }

    /// One entry a day at 20:00 for `days`: bad days 4 (3 for the sick one), good days 1 or 2.
    static func designedLog(days: Range<Int>) -> [LogEntry] {
        days.map { day in
            let score = badDays.contains(day) ? (day == 62 ? 3 : 4) : 1 + day % 2
            return LogEntry(time: start + day * 86_400 + 20 * 3600, score: score, tags: day == 62 ? ["sick"] : [])
        }
    }

    static func store(days: Range<Int>, in folder: TempFolder) throws -> HistoryStore {
        let store = try HistoryStore(path: folder.file("h.sqlite3"))
        try store.record(designedReadings(), keepRawSeconds: 90 * 86_400, now: start + 90 * 86_400)
        for entry in designedLog(days: days) { _ = try store.addLogEntry(entry) }
        return store
    }

    @Test("90 days where bad days follow high ozone by a day: ozone the day before is named with the hand counts, nothing else")
    func ozoneOneDayBefore() throws {
        try withTimeZone("UTC") {
            let folder = TempFolder()
            let store = try Self.store(days: 0..<90, in: folder)
            let report = try store.insights(since: Self.start, now: Self.start + 90 * 86_400, personalBest: nil).triggers
            // By hand: 90 logged days, 10 bad (9 after high ozone, day 62 sick), 80 good.
            #expect((report.loggedDays, report.goodDays, report.badDays) == (90, 80, 10))
            #expect(report.moreDaysNeeded == nil)
            #expect(report.suspects.map(\.feature.id) == ["o3_8h_max@1"])
            let ozone = try #require(report.comparisons.first { $0.feature.id == "o3_8h_max@1" })
            // Good days the day after ozone: day 41 after 110; the rest after 60. Bad: 9 after 150, day 62 after 60.
            #expect(ozone.toleratedUpTo == 110)
            #expect(ozone.suspectedAbove == 110)
            #expect((ozone.badDaysAbove, ozone.badDays, ozone.goodDays) == (9, 10, 80))
            let badMean: Double = (9 * 150 + 60) / 10, goodMean: Double = (110 + 79 * 60) / 80
            #expect(ozone.badMean == badMean)
            #expect(ozone.goodMean == goodMean)
            // Ozone on the day itself was as high on good days (the high days were good): not named.
            let sameDay = try #require(report.comparisons.first { $0.feature.id == "o3_8h_max@0" })
            #expect((sameDay.toleratedUpTo, sameDay.badDaysAbove, sameDay.suspectedAbove) == (150, 0, nil))
            // PM2.5 was 45 on three bad days and three good ones: tolerated up to 45, not suspected.
            let pm = try #require(report.comparisons.first { $0.feature.id == "pm2_5_24h_mean@0" })
            #expect((pm.toleratedUpTo, pm.badDaysAbove, pm.suspectedAbove) == (45, 0, nil))
            // Indoor sensors: none, so no row at all (a gap is not a zero).
            #expect(!report.comparisons.contains { $0.feature.metric.id.hasPrefix("indoor") })
            let table = InsightsFormat.table(try store.insights(since: Self.start, now: Self.start + 90 * 86_400, personalBest: nil))
            #expect(table.contains("  ozone, highest 8-h mean, 1 day before: suspected above 110 µg/m³ (9 of 10 bad days above it, no good day of 80)\n"))
            let json = InsightsFormat.json(try store.insights(since: Self.start, now: Self.start + 90 * 86_400, personalBest: nil))
            #expect(json.contains("\"suspected\":[\"o3_8h_max@1\"]"))
            #expect(json.contains("{\"id\":\"o3_8h_max@1\",\"exposure\":\"o3_8h_max\",\"lag_days\":1,\"unit\":\"µg/m³\",\"good_days\":80,\"bad_days\":10,"
                                  + "\"good_mean\":60.625,\"bad_mean\":141,\"tolerated_up_to\":110,\"bad_days_above\":9,\"suspected_above\":110}"))
            let csv = InsightsFormat.csv(try store.insights(since: Self.start, now: Self.start + 90 * 86_400, personalBest: nil))
            #expect(csv.contains("\r\no3_8h_max,1,µg/m³,80,10,60.625,141,110,9,110\r\n"))
        }
    }

    @Test("five logged days: how many more it needs, and nothing named")
    func fiveDays() throws {
        try withTimeZone("UTC") {
            let folder = TempFolder()
            let store = try Self.store(days: 12..<17, in: folder)  // includes bad day 14, after high ozone on 13
            let report = try store.insights(since: Self.start, now: Self.start + 90 * 86_400, personalBest: nil)
            #expect(report.triggers.loggedDays == 5)
            #expect(report.triggers.moreDaysNeeded == 9)
            #expect(report.triggers.suspects.isEmpty && report.triggers.comparisons.isEmpty)
            let table = InsightsFormat.table(report)
            #expect(table.contains("Triggers: not enough data yet: 9 more logged days (a score each day).\n"))
            #expect(!table.contains("suspected"))
            #expect(InsightsFormat.json(report).contains("\"more_days_needed\":9,\"suspected\":[],\"exposures\":[]"))
        }
    }
}
