#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
@testable import BreatherHistory
import BreatherLocale
import BreatherModel
import BreatherStore

/// Collects a recorder's warnings.
final class Warnings: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func add(_ line: String) { lines.withLock { $0.append(line) } }
}

@Suite struct HistoryRecorderTests {
    func conditions(pm25: Double, at time: Int, weatherFresh: Bool = true) -> CityConditions {
        let hours = (0..<3).map { Timestamp(timeIntervalSince1970: Double(time - (2 - $0) * 3600)) }
        let pollution = Pollution(source: "open-meteo", observedAt: hours.last, hourly: HourlySeries([.pm2_5: [pm25 - 2, pm25 - 1, pm25], .o3: [30, 31]]),
                                  reported: [ReportedIndex(standard: .us, value: 57, mainPollutant: .pm2_5, field: "us_aqi")],
                                  pollen: [.birch: 12], uv: UVIndex(index: 4.5, clearSky: 5.1, hourly: nil), hourlyTimes: hours)
        let fetched = Timestamp(timeIntervalSince1970: Double(time + 120))
        let weather = Weather(temperatureC: 8, humidity: 70, pressureHPa: 1012, windSpeedMS: 3, windDirectionDeg: 200,
                              observedAt: Timestamp(timeIntervalSince1970: Double(time + 900)), source: "open-meteo")
        return CityConditions(location: Location(name: "Brooklyn", latitude: 40.6769, longitude: -73.9423), weather: weather,
                              pollution: pollution, asthma: Asthma(risk: .high, probability: 0.7, source: "estimate"), fetchedAt: fetched,
                              partsFetchedAt: PartTimes(air: fetched, weather: weatherFresh ? fetched : fetched.addingTimeInterval(-600), asthma: fetched))
    }

    @Test func aFetchBecomesOneReadingPerValueAtItsOwnTime() {
        let readings = conditions(pm25: 20, at: day0 + 7200, weatherFresh: false).historyReadings
        let pm = readings.filter { $0.variable == "pm2_5" }
        #expect(pm.map(\.time) == [day0, day0 + 3600, day0 + 7200])
        #expect(pm.map(\.value) == [18, 19, 20])
        // O3 had no current value: its two hours end an hour earlier.
        #expect(readings.filter { $0.variable == "o3" }.map(\.time) == [day0, day0 + 3600])
        #expect(readings.contains(reading("reported_us", 57, at: day0 + 7200)))
        #expect(readings.contains(reading("pollen_birch", 12, at: day0 + 7200)))
        #expect(readings.contains(reading("uv_index", 4.5, at: day0 + 7200)))
        #expect(readings.contains(reading("asthma_risk", 2, at: day0 + 7200, source: "estimate")))
        #expect(readings.contains(reading("asthma_probability", 0.7, at: day0 + 7200, source: "estimate")))
        // Weather kept from an earlier fetch was recorded then, not again.
        #expect(!readings.contains { $0.variable == "temperature_c" })
        let fresh = conditions(pm25: 20, at: day0 + 7200).historyReadings
        #expect(fresh.contains(reading("temperature_c", 8, at: day0 + 7200 + 900)))
        #expect(fresh.contains(reading("wind_direction_deg", 200, at: day0 + 7200 + 900)))
    }

    @Test func aCorruptFileIsMovedAsideWithOneWarningAndANewOneStarted() throws {
        let folder = TempFolder()
        folder.write("history.sqlite3", (0..<20_000).map { UInt8(truncatingIfNeeded: $0 * 7919 + 13) })
        let warnings = Warnings()
        let recorder = HistoryRecorder(path: folder.file("history.sqlite3"), keepRawSeconds: 90 * 86_400, backfillDays: 7,
                                       warn: warnings.add, clock: { day0 + 86_400 })
        recorder.record(conditions(pm25: 20, at: day0 + 7200))
        recorder.record(conditions(pm25: 21, at: day0 + 10_800))
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.contains("moved it to") == true)
        #expect(folder.names().contains("history.sqlite3.corrupt-2026-11-21"))
        let store = try HistoryStore(path: folder.file("history.sqlite3"))
        #expect(try store.readingCount() > 0)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func anUnwritableFolderWarnsOnceAndTheReadingsWaitForTheNextWrite() throws {
        guard getuid() != 0 else {
            // root writes anywhere: make the path unreachable instead (a file where a folder should be).
            return try unreachablePathWarnsOnceAndKeepsReadings()
        }
        let folder = TempFolder()
        mkdir(folder.file("locked"), 0o500)
        defer { chmod(folder.file("locked"), 0o700) }
        let warnings = Warnings()
        let recorder = HistoryRecorder(path: folder.file("locked/history.sqlite3"), keepRawSeconds: 90 * 86_400, backfillDays: 7,
                                       warn: warnings.add, clock: { day0 + 86_400 })
        recorder.record(conditions(pm25: 20, at: day0 + 7200))
        recorder.record(conditions(pm25: 21, at: day0 + 10_800))
        #expect(warnings.all.count == 1)
        chmod(folder.file("locked"), 0o700)
        recorder.record(conditions(pm25: 22, at: day0 + 14_400))
        let store = try HistoryStore(path: folder.file("locked/history.sqlite3"))
        var hours: Set<Int> = []
        try store.forEachReading(since: 0, until: Int.max / 2) { if $0.variable == "pm2_5" { hours.insert($0.time) } }
        #expect(hours.isSuperset(of: [day0 + 7200, day0 + 10_800, day0 + 14_400]))
    }

    @Test("a store it cannot write: its one warning in the recorder's language (German), the path as it is; English unchanged")
    func unwritableStoreWarnsInItsLanguage() throws {
        for (language, start) in [(Language.english, "history: cannot write "), (.german, "history: kann ")] {
            let folder = TempFolder()
            folder.write("state", [0x78])  // a file where the folder should be
            let warnings = Warnings()
            let path = folder.file("state/history.sqlite3")
            let recorder = HistoryRecorder(path: path, keepRawSeconds: 90 * 86_400, backfillDays: 7, warn: warnings.add,
                                           clock: { day0 + 86_400 }, language: language)
            recorder.record(conditions(pm25: 20, at: day0 + 7200))
            #expect(warnings.all.count == 1)
            let line = try #require(warnings.all.first)
            #expect(line.hasPrefix(start + path), "\(line)")
            #expect(line.contains(language == .german ? "die Messwerte bleiben für den nächsten Schreibvorgang" : "readings are kept for the next write"), "\(line)")
        }
    }

    func unreachablePathWarnsOnceAndKeepsReadings() throws {
        let folder = TempFolder()
        folder.write("state", [0x78])  // a file where the folder should be
        let warnings = Warnings()
        let recorder = HistoryRecorder(path: folder.file("state/history.sqlite3"), keepRawSeconds: 90 * 86_400, backfillDays: 7,
                                       warn: warnings.add, clock: { day0 + 86_400 })
        recorder.record(conditions(pm25: 20, at: day0 + 7200))
        recorder.record(conditions(pm25: 21, at: day0 + 10_800))
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.contains("cannot write") == true)
        unlink(folder.file("state"))
        mkdir(folder.file("state"), 0o700)
        recorder.record(conditions(pm25: 22, at: day0 + 14_400))
        let store = try HistoryStore(path: folder.file("state/history.sqlite3"))
        var hours: Set<Int> = []
        try store.forEachReading(since: 0, until: Int.max / 2) { if $0.variable == "pm2_5" { hours.insert($0.time) } }
        #expect(hours.isSuperset(of: [day0 + 7200, day0 + 10_800, day0 + 14_400]))
    }

    @Test func readingsAFileCouldNotTakeGoToAnotherRecordersFile() throws {
        let folder = TempFolder()
        folder.write("state", [0x78])  // a file where the folder should be: nothing can be written
        let stuck = HistoryRecorder(path: folder.file("state/history.sqlite3"), keepRawSeconds: 90 * 86_400, backfillDays: 7,
                                    warn: { _ in }, clock: { day0 + 86_400 })
        stuck.record(conditions(pm25: 20, at: day0 + 3600))  // hours up to 01:00; the next write's are 02:00-04:00
        let moved = HistoryRecorder(path: folder.file("moved.sqlite3"), keepRawSeconds: 90 * 86_400, backfillDays: 7,
                                    warn: { _ in }, clock: { day0 + 86_400 })
        moved.keepWaiting(stuck.takeWaiting())
        #expect(stuck.takeWaiting().isEmpty)
        moved.record(conditions(pm25: 22, at: day0 + 14_400))
        let store = try HistoryStore(path: folder.file("moved.sqlite3"))
        var hours: Set<Int> = []
        try store.forEachReading(since: 0, until: Int.max / 2) { if $0.variable == "pm2_5" { hours.insert($0.time) } }
        #expect(hours.isSuperset(of: [day0 + 3600, day0 + 14_400]), "\(hours)")
    }

    @Test func aLockedFileWarnsOnceAndWritesWhenTheLockGoes() throws {
        let folder = TempFolder()
        let path = folder.file("history.sqlite3")
        let holder = try HistoryStore(path: path)
        try holder.database.execute("BEGIN IMMEDIATE")
        let warnings = Warnings()
        let recorder = HistoryRecorder(path: path, keepRawSeconds: 90 * 86_400, backfillDays: 7, warn: warnings.add, clock: { day0 + 86_400 },
                                       busyTimeoutMilliseconds: 50)
        recorder.record(conditions(pm25: 20, at: day0 + 7200))
        recorder.record(conditions(pm25: 21, at: day0 + 10_800))
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.contains("locked") == true)
        try holder.database.execute("COMMIT")
        recorder.record(conditions(pm25: 22, at: day0 + 14_400))
        var hours: Set<Int> = []
        try holder.forEachReading(since: 0, until: Int.max / 2) { if $0.variable == "pm2_5" { hours.insert($0.time) } }
        #expect(hours.isSuperset(of: [day0 + 7200, day0 + 10_800, day0 + 14_400]))
    }

    @Test func backfillIsAskedOnlyForAPlaceWithoutReadings() {
        let folder = TempFolder()
        let recorder = HistoryRecorder(path: folder.file("history.sqlite3"), keepRawSeconds: 90 * 86_400, backfillDays: 7,
                                       warn: { _ in }, clock: { day0 + 86_400 })
        let place = Location(latitude: 40.6769, longitude: -73.9423)
        #expect(recorder.backfillDays(at: place, from: "open-meteo") == 7)
        // A sensor's readings there (a new file after a reload, read every minute) keep nothing out.
        recorder.write([HistoryReading(place: HistoryPlace(place), source: "airgradient", time: day0 + 3600, variable: "pm2_5", value: 8)])
        #expect(recorder.backfillDays(at: place, from: "open-meteo") == 7)
        recorder.record(conditions(pm25: 20, at: day0 + 7200))
        #expect(recorder.backfillDays(at: place, from: "open-meteo") == nil)
        #expect(recorder.backfillDays(at: Location(latitude: 51.5, longitude: -0.12), from: "open-meteo") == 7)
        let off = HistoryRecorder(path: folder.file("history.sqlite3"), keepRawSeconds: 90 * 86_400, backfillDays: 0, warn: { _ in })
        #expect(off.backfillDays(at: Location(latitude: 51.5, longitude: -0.12), from: "open-meteo") == nil)
    }
}

@Suite struct RecentIndicesTests {
    @Test func theLastDaysHoursUnderTheStandardAsked() throws {
        let folder = TempFolder()
        let now = day0 + 3 * 86_400 + 1800
        let recorder = HistoryRecorder(path: folder.file("history.sqlite3"), keepRawSeconds: 90 * 86_400, backfillDays: 7, warn: { _ in }, clock: { now })
        let place = Location(latitude: 40.6769, longitude: -73.9423)
        // 48 hours of 40 µg/m³ then the last 10 hours at 5, and another place far worse.
        let hours = (0..<48).map { now / 3600 * 3600 - (47 - $0) * 3600 }
        recorder.write(hours.enumerated().map { reading("pm2_5", $0.offset >= 38 ? 5 : 40, at: $0.element) }
                       + [reading("pm2_5", 300, at: hours.last!, place: HistoryPlace(latitude: 1, longitude: 2))])
        let recent = try #require(recorder.recentIndices(at: place, standard: .us))
        #expect(recent.hourly.count == 24)
        #expect(Int(recent.start.timeIntervalSince1970) == now / 3600 * 3600 - 23 * 3600)
        #expect(recent.hourly.first == 112)  // a steady 40 µg/m³
        #expect(recent.hourly.allSatisfy { $0 != nil && $0! < 200 })
        #expect(try #require(recent.hourly.last ?? nil) < 112)   // NowCast falling after the clean hours
        let eu = try #require(recorder.recentIndices(at: place, standard: .eu))
        #expect(eu.hourly.first != 112)
        #expect(recorder.recentIndices(at: Location(latitude: 10, longitude: 10), standard: .us)?.hourly.allSatisfy { $0 == nil } == true)
    }

    @Test func aWriteIsSeenByTheNextRender() throws {
        let folder = TempFolder()
        let now = day0 + 3 * 86_400 + 1800
        let recorder = HistoryRecorder(path: folder.file("history.sqlite3"), keepRawSeconds: 90 * 86_400, backfillDays: 7, warn: { _ in }, clock: { now })
        let place = Location(latitude: 40.6769, longitude: -73.9423)
        let hour = now / 3600 * 3600
        recorder.write([reading("pm2_5", 5, at: hour - 3600)])
        let before = try #require(recorder.recentIndices(at: place, standard: .us))
        #expect((before.hourly.last ?? nil) == nil)
        #expect(recorder.recentIndices(at: place, standard: .us) == before)  // the same answer again
        recorder.write([reading("pm2_5", 200, at: hour)])
        let after = try #require(recorder.recentIndices(at: place, standard: .us))
        #expect((after.hourly.last ?? nil) != nil)
    }

    @Test("a sensor's reading a minute redoes the hours from it on: the same answer as working the day out anew")
    func aWriteRedoesOnlyTheHoursFromIt() throws {
        let folder = TempFolder()
        let now = day0 + 3 * 86_400 + 1800
        let path = folder.file("history.sqlite3")
        let recorder = HistoryRecorder(path: path, keepRawSeconds: 90 * 86_400, backfillDays: 7, warn: { _ in }, clock: { now })
        let place = Location(latitude: 40.6769, longitude: -73.9423)
        let hour = now / 3600 * 3600
        // The model's 30 hours, and a sensor read every minute for the last 3 hours.
        recorder.write((0..<30).map { reading("pm2_5", 20, at: hour - $0 * 3600) }
                       + (0..<150).map { reading("pm2_5", 10, at: now - $0 * 60, source: "purpleair") })
        let before = try #require(recorder.recentIndices(at: place, standard: .us))
        // Smoke reaches the sensor: readings of 150 µg/m³ in the current hour and the one before.
        recorder.write((1...20).map { reading("pm2_5", 150, at: now - 3600 + $0 * 60, source: "purpleair") })
        recorder.write([reading("pm2_5", 150, at: now, source: "purpleair")])
        let after = try #require(recorder.recentIndices(at: place, standard: .us))
        let anew = try #require(HistoryRecorder(path: path, keepRawSeconds: 90 * 86_400, backfillDays: 7, warn: { _ in }, clock: { now })
            .recentIndices(at: place, standard: .us))
        #expect(after == anew)
        #expect(after.hourly.dropLast(2) == before.hourly.dropLast(2))
        #expect(try #require(after.hourly.last ?? nil) > (before.hourly.last ?? nil) ?? 0)
    }
}

@Suite("the dashboard's hourly indices: a month read whole, from each hour's means")
struct DashboardIndicesTests {
    @Test("an index an hour from the hour's mean, gaps kept, the sparkline's answer left alone")
    func hourly() throws {
        let folder = TempFolder()
        let now = day0 + 3 * 86_400 + 1800
        let recorder = HistoryRecorder(path: folder.file("history.sqlite3"), keepRawSeconds: 90 * 86_400, backfillDays: 7, warn: { _ in }, clock: { now })
        let place = Location(latitude: 40.6769, longitude: -73.9423)
        let lastHour = now / 3600 * 3600
        // 40 µg/m³ for 60 hours, read every 10 minutes, then 3 hours with none, then 10 minutes
        // of 20 and 60 in the current hour (a mean of 40).
        var readings = (0..<360).map { reading("pm2_5", 40, at: lastHour - 63 * 3600 + $0 * 600) }
        readings += [reading("pm2_5", 20, at: lastHour), reading("pm2_5", 60, at: lastHour + 600)]
        recorder.write(readings)
        let sparkline = try #require(recorder.recentIndices(at: place, standard: .us))
        let month = try #require(recorder.hourlyIndices(at: place, standard: .us, hours: 72))
        #expect(month.hourly.count == 72)
        #expect(Int(month.start.timeIntervalSince1970) == lastHour - 71 * 3600)
        #expect(month.hourly[..<8].allSatisfy { $0 == nil }, "before the first reading")
        #expect(month.hourly[8...67].allSatisfy { $0 == 112 }, "a steady 40 µg/m³: \(month.hourly)")
        #expect(month.hourly[68...70].allSatisfy { $0 == nil }, "the hours without a reading")
        #expect(month.hourly[71] == 112, "the current hour's mean is 40")
        #expect(recorder.recentIndices(at: place, standard: .us) == sparkline)
    }
}
