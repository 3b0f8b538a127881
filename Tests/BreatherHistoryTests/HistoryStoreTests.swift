#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import BreatherHistory
import BreatherModel
import BreatherStore

@Suite struct HistoryStoreTests {
    func all(_ store: HistoryStore, since: Int = 0, until: Int = Int.max / 2) throws -> [HistoryReading] {
        var out: [HistoryReading] = []
        try store.forEachReading(since: since, until: until) { out.append($0) }
        return out
    }

    @Test func theSameHourRecordedTwiceIsOneRow() throws {
        let folder = TempFolder()
        let oneShot = try HistoryStore(path: folder.file("h.sqlite3"))
        let daemon = try HistoryStore(path: folder.file("h.sqlite3"))  // a second process's connection
        let hour = day0 + 3600
        try oneShot.record([reading("pm2_5", 12.5, at: hour), reading("temperature_c", 8, at: hour)], keepRawSeconds: 90 * 86_400, now: hour)
        try daemon.record([reading("pm2_5", 12.5, at: hour), reading("temperature_c", 8, at: hour)], keepRawSeconds: 90 * 86_400, now: hour)
        try daemon.record([reading("pm2_5", 13, at: hour)], keepRawSeconds: 90 * 86_400, now: hour)  // the provider revised it
        let rows = try all(oneShot)
        #expect(rows.count == 2)
        #expect(rows.first { $0.variable == "pm2_5" }?.value == 13)
        #expect(try oneShot.readingCount() == 2)
    }

    @Test func placesAreKeyedByRoundedCoordinatesAndKeepTheirName() throws {
        let folder = TempFolder()
        let store = try HistoryStore(path: folder.file("h.sqlite3"))
        let near = HistoryPlace(latitude: 40.676_94, longitude: -73.942_31, name: "")
        try store.record([reading("pm2_5", 1, at: day0), reading("pm2_5", 2, at: day0 + 60, place: near)], keepRawSeconds: 86_400, now: day0)
        let rows = try all(store)
        #expect(rows.map(\.place.name) == ["Brooklyn", "Brooklyn"])
        #expect(try store.hasReading(at: HistoryPlace(latitude: 40.6769, longitude: -73.9423), from: "open-meteo", since: Int.min))
        #expect(try !store.hasReading(at: HistoryPlace(latitude: 51.5, longitude: -0.12), from: "open-meteo", since: Int.min))
    }

    @Test func aFailedWriteLeavesNothingBehind() throws {
        let folder = TempFolder()
        let store = try HistoryStore(path: folder.file("h.sqlite3"))
        #expect(throws: SQLiteError.self) {
            try store.record([reading("pm2_5", 1, at: day0), reading("no_such_variable", 2, at: day0)], keepRawSeconds: 86_400, now: day0)
        }
        #expect(try store.readingCount() == 0)
        try store.record([reading("pm2_5", 1, at: day0)], keepRawSeconds: 86_400, now: day0)  // ids taken back with the rollback
        #expect(try all(store).map(\.value) == [1])
    }

    @Test func rawReadingsOlderThanKeepRawBecomeHourlyMeans() throws {
        let folder = TempFolder()
        let store = try HistoryStore(path: folder.file("h.sqlite3"))
        let tenMinutes = (0..<12).map { reading("pm2_5", Double($0), at: day0 + $0 * 600) }  // 00:00–01:50
        try store.record(tenMinutes, keepRawSeconds: 86_400, now: day0 + 7200)
        #expect(try store.readingCount() == 12)  // all still young
        try store.record([reading("pm2_5", 99, at: day0 + 86_400 + 7200)], keepRawSeconds: 86_400, now: day0 + 86_400 + 7200)
        let rows = try all(store)
        #expect(rows.map(\.time) == [day0, day0 + 3600, day0 + 86_400 + 7200])
        #expect(rows.map(\.value) == [2.5, 8.5, 99])  // means of 0…5 and 6…11
    }

    @Test func hourlyMeansOlderThanAYearBecomeDailySummaries() throws {
        let folder = TempFolder()
        let store = try HistoryStore(path: folder.file("h.sqlite3"))
        let hours = (0..<24).map { reading("o3", Double($0 * 2), at: day0 + $0 * 3600) }
        let now = day0 + 367 * 86_400
        try store.record(hours + [reading("o3", 5, at: now)], keepRawSeconds: 90 * 86_400, now: now)
        #expect(try all(store).map(\.time) == [now])
        let summaries = try store.dailySummaries(since: 0, until: now)
        #expect(summaries == [DailySummary(place: brooklyn, source: "open-meteo", day: day0, variable: "o3", mean: 23, min: 0, max: 46)])
    }

    @Test func aYearAtTenMinutesStaysUnderTenMegabytes() throws {
        let folder = TempFolder()
        let store = try HistoryStore(path: folder.file("h.sqlite3"))
        // A day per write, as a daemon polling every 10 minutes would leave it (17 values each).
        let variables = ["pm2_5", "pm10", "o3", "no2", "so2", "co", "temperature_c", "humidity", "pressure_hpa",
                         "wind_speed_ms", "wind_direction_deg", "pollen_birch", "pollen_grass", "asthma_risk", "asthma_probability"]
        for day in 0..<365 {
            var batch: [HistoryReading] = []
            for step in 0..<144 {
                let time = day0 + day * 86_400 + step * 600
                for (offset, variable) in variables.enumerated() { batch.append(reading(variable, Double((step * 7 + offset * 13) % 97) + 0.1, at: time)) }
            }
            try store.record(batch, keepRawSeconds: 90 * 86_400, now: day0 + (day + 1) * 86_400)
        }
        try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        var status = stat()
        stat(folder.file("h.sqlite3"), &status)
        #expect(Int(status.st_size) <= 10_000_000, "a place-year is \(status.st_size) bytes")
        #expect(try store.integrityCheck() == "ok")
    }
}
