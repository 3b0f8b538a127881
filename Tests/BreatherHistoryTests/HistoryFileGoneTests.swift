#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import BreatherHistory
import BreatherModel

/// The history file deleted or replaced under a running daemon: the recorder notices at its
/// next write (the open file is no longer the one at the path), warns once and goes on in the
/// file now at the path, so readings are not written to an unlinked inode where no one sees them.
@Suite struct HistoryFileGoneTests {
    func write(_ recorder: HistoryRecorder, pm25: Double, at time: Int) {
        recorder.write([reading("pm2_5", pm25, at: time)])
    }

    @Test(arguments: [false, true])
    func aDeletedFileIsStartedAgainWithOneWarningAndReadingsContinue(removingJournal: Bool) throws {
        let folder = TempFolder()
        let path = folder.file("history.sqlite3")
        let warnings = Warnings()
        let recorder = HistoryRecorder(path: path, keepRawSeconds: 90 * 86_400, backfillDays: 7, warn: warnings.add, clock: { day0 + 86_400 })
        write(recorder, pm25: 10, at: day0)
        #expect(unlink(path) == 0)
        if removingJournal { for suffix in ["-wal", "-shm"] { unlink(path + suffix) } }
        write(recorder, pm25: 11, at: day0 + 3600)
        write(recorder, pm25: 12, at: day0 + 7200)
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.hasPrefix("history: \(path) was deleted or replaced") == true)
        #expect(access(path, F_OK) == 0)
        let store = try HistoryStore(path: path)
        var values: [Double] = []
        try store.forEachReading(since: 0, until: Int.max) { values.append($0.value) }
        #expect(values == [11, 12])
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func aReplacedFileIsWrittenFromTheNextWriteOn() throws {
        let folder = TempFolder()
        let path = folder.file("history.sqlite3")
        let warnings = Warnings()
        let recorder = HistoryRecorder(path: path, keepRawSeconds: 90 * 86_400, backfillDays: 7, warn: warnings.add, clock: { day0 + 86_400 })
        write(recorder, pm25: 10, at: day0)
        // A backup put back in its place (`mv backup.sqlite3 history.sqlite3`).
        let backup = folder.file("backup.sqlite3")
        do {  // written and closed first, as a backup made by another process is
            let store = try HistoryStore(path: backup)
            try store.record([reading("pm2_5", 5, at: day0 - 3600)], keepRawSeconds: 90 * 86_400, now: day0 + 86_400)
        }
        #expect(rename(backup, path) == 0)
        write(recorder, pm25: 11, at: day0 + 3600)
        write(recorder, pm25: 12, at: day0 + 7200)
        #expect(warnings.all.count == 1)
        var values: [Double] = []
        try HistoryStore(path: path).forEachReading(since: 0, until: Int.max) { values.append($0.value) }
        #expect(values == [5, 11, 12])
    }
}
