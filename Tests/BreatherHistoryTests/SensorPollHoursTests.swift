import Testing
@testable import BreatherHistory
import BreatherModel
import Synchronization

/// A daemon's recorder keeps the sensor's means of the hours that have ended between polls and
/// asks the store for the latest hour alone: what it gives must be what a recorder reading the
/// whole day afresh gives, also after a write reaching back into the kept hours.
@Suite("history: a sensor poll within the hour reads its own hour, and means stay those of the store")
struct SensorPollHoursTests {
    let averaging = SensorAveragingTests()

    /// A new recorder on the same file: nothing kept, the day read from the store.
    func fresh(_ folder: TempFolder) -> HistoryRecorder {
        HistoryRecorder(path: folder.file("h.sqlite3"), keepRawSeconds: 30 * 86_400, backfillDays: 0,
                        warn: { Issue.record("warning: \($0)") }, clock: { [fetchTime = averaging.fetchTime] in fetchTime })
    }

    @Test("a second poll in the hour: its reading counts, the earlier hours as before")
    func secondPollInTheHour() throws {
        let folder = TempFolder()
        let recorder = try averaging.recorder(folder, seeded: (1...11).flatMap { averaging.hour($0, mean: 10) })
        _ = recorder.recordAveragingSensors(averaging.fetched(pm25: 20))
        let second = recorder.recordAveragingSensors(averaging.fetched(pm25: 60))
        #expect(second.pollution?.hourly?.values[.pm2_5]?.last == 60)
        #expect(second.pollution == fresh(folder).averagingSensors(averaging.fetched(pm25: 60)).pollution)
    }

    @Test("a write into an earlier hour between two polls (a backfill) changes the next poll's means")
    func writeIntoAnEarlierHour() throws {
        let folder = TempFolder()
        let recorder = try averaging.recorder(folder, seeded: (1...11).flatMap { averaging.hour($0, mean: 10) })
        let first = recorder.recordAveragingSensors(averaging.fetched(pm25: 20))
        recorder.write(averaging.hour(11, mean: 90).map { reading($0.variable, $0.value, at: $0.time + 60, source: $0.source) })
        let second = recorder.recordAveragingSensors(averaging.fetched(pm25: 20))
        #expect(second.pollution != first.pollution)
        #expect(second.pollution == fresh(folder).averagingSensors(averaging.fetched(pm25: 20)).pollution)
    }

    @Test("a sparkline redone a minute at a time, a reading replaced and another process's write: as worked out anew")
    func sparklineAMinuteAtATime() throws {
        let folder = TempFolder()
        let path = folder.file("h.sqlite3")
        let hour = day0 + 3 * 86_400
        let clock = Atomic<Int>(hour + 600)
        func recorder() -> HistoryRecorder {
            HistoryRecorder(path: path, keepRawSeconds: 90 * 86_400, backfillDays: 0, warn: { Issue.record("warning: \($0)") },
                            clock: { clock.load(ordering: .relaxed) })
        }
        let place = Location(latitude: 40.6769, longitude: -73.9423)
        let daemon = recorder()
        // The model's 30 hours and a sensor read every minute for the 3 hours before.
        daemon.write((0..<30).map { reading("pm2_5", 20, at: hour - $0 * 3600) }
                     + (1...180).map { reading("pm2_5", 10, at: hour - $0 * 60, source: "purpleair") })
        var answers: [IndexHistory] = []
        for minute in 10...40 {
            let now = hour + minute * 60
            clock.store(now, ordering: .relaxed)
            var readings = [reading("pm2_5", minute == 20 ? 300 : 12, at: now, source: "purpleair")]
            if minute == 25 { readings.append(reading("pm2_5", 11, at: hour + 20 * 60, source: "purpleair")) }  // the smoke reading replaced
            daemon.write(readings)
            if minute == 30 {  // another process (a one-shot) writes earlier in the hour
                let other = try HistoryStore(path: path)
                try other.record([reading("pm2_5", 250, at: hour + 15 * 60 + 30, source: "purpleair")], keepRawSeconds: 90 * 86_400, now: now)
            }
            let kept = try #require(daemon.recentIndices(at: place, standard: .us))
            #expect(kept == recorder().recentIndices(at: place, standard: .us), "minute \(minute)")
            answers.append(kept)
        }
        // The sparkline moved with the smoke, its replacement and the other process's reading.
        #expect(Set(answers.map { $0.hourly.last ?? nil }).count >= 3)
    }

    @Test("a sparkline that goes on from its last read across the turn of the hour, a minute without a poll included: as worked out anew")
    func sparklineAcrossTheHour() throws {
        let folder = TempFolder()
        let path = folder.file("h.sqlite3")
        let hour = day0 + 5 * 86_400
        let clock = Atomic<Int>(hour - 900)
        func recorder() -> HistoryRecorder {
            HistoryRecorder(path: path, keepRawSeconds: 90 * 86_400, backfillDays: 0, warn: { Issue.record("warning: \($0)") },
                            clock: { clock.load(ordering: .relaxed) })
        }
        let place = Location(latitude: 40.6769, longitude: -73.9423)
        let daemon = recorder()
        daemon.write((1...30).map { reading("pm2_5", 18, at: hour - $0 * 3600) }
                     + (15...120).map { reading("pm2_5", 9, at: hour - $0 * 60, source: "purpleair") })
        var lastHours: [Int?] = []
        for minute in -14...20 {
            let now = hour + minute * 60
            clock.store(now, ordering: .relaxed)
            if minute != 0 {  // the poll on the hour failed: nothing written, the hour turns all the same
                daemon.write([reading("pm2_5", minute >= 5 && minute < 8 ? 160 : 9 + Double(minute % 3), at: now, source: "purpleair")])
            }
            let kept = try #require(daemon.recentIndices(at: place, standard: .us))
            #expect(kept == recorder().recentIndices(at: place, standard: .us), "minute \(minute)")
            lastHours.append(kept.hourly.last ?? nil)
        }
        // The new hour's slot starts empty or low, then shows the smoke.
        #expect(Set(lastHours.suffix(21).compactMap { $0 }).count >= 2)
    }
}
