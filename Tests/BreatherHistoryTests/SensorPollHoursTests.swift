import Testing
@testable import BreatherHistory
import BreatherModel

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
}
