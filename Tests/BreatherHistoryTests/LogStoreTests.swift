#if canImport(Glibc)
import Glibc
#endif
@testable import BreatherHistory
import Testing

/// The breathing log in the store: written, listed, edited, deleted, exported and imported.
@Suite("the breathing log in the history store", .serialized)
struct LogStoreTests {
    static let entry = LogEntry(time: day0 + 8 * 3600, place: "Brooklyn", score: 3, reliever: 2, peakFlow: 410, nightWaking: true,
                                activityLimited: false, symptoms: [.wheeze: 2, .cough: 0], tags: ["smoke", "my-own_tag"],
                                note: "bonfire, \"next door\"\nall evening", exposure: ["o3_8h_max@1": 96.5, "pm2_5_24h_mean@0": 12])

    @Test("an entry reads back as written; edit replaces, delete removes, an unknown id changes nothing")
    func writeEditDelete() throws {
        let folder = TempFolder()
        let store = try HistoryStore(path: folder.file("h.sqlite3"))
        let id = try store.addLogEntry(Self.entry)
        var expected = Self.entry
        expected.id = id
        #expect(try store.logEntry(id: id) == expected)
        #expect(try store.logEntries() == [expected])
        // The same time and place twice is refused (SQLITE_CONSTRAINT_UNIQUE), not a second row.
        #expect(throws: (any Error).self) { _ = try store.addLogEntry(Self.entry) }
        var edited = expected
        edited.score = 2
        edited.tags = []
        #expect(try store.updateLogEntry(edited))
        #expect(try store.logEntry(id: id) == edited)
        var missing = edited
        missing.id = id + 100
        #expect(try store.updateLogEntry(missing) == false)
        #expect(try store.deleteLogEntry(id: id + 100) == false)
        #expect(try store.logEntryCount() == 1)
        #expect(try store.deleteLogEntry(id: id))
        #expect(try store.logEntryCount() == 0)
    }

    /// In the process's zone, whichever it is, with no pin switching it meanwhile (`inProcessZone`);
    /// the local offset itself, in a zone with DST, is LocalTimeLogTests.logRoundTrip's, end to end.
    @Test("CSV export and import round-trip the log; a second import adds nothing")
    func csvRoundTrip() throws {
        try inProcessZone {
            let folder = TempFolder()
            let store = try HistoryStore(path: folder.file("a.sqlite3"))
            let second = LogEntry(time: day0 + 30 * 3600, score: 1, peakFlow: 480)
            for entry in [Self.entry, second] { _ = try store.addLogEntry(entry) }
            let csv = LogCSV.header + (try store.logEntries()).map(LogCSV.line).joined()
            #expect(csv.hasPrefix("time,place,score,reliever,peak_flow,night_waking,activity_limited,cough,wheeze,chest_tightness,breathlessness,tags,note,exposure\r\n"))
            let line = csv.split(separator: "\r\n" as Character)[1]
            #expect(line.prefix { $0 != "," } == HistoryTime.rfc3339(Self.entry.time))
            #expect(line.drop { $0 != "," }
                    == ",Brooklyn,3,2,410,1,0,0,2,,,smoke;my-own_tag,\"bonfire, \"\"next door\"\"\nall evening\",o3_8h_max@1=96.5;pm2_5_24h_mean@0=12")
            let other = try HistoryStore(path: folder.file("b.sqlite3"))
            let entries = try LogCSV.entries(from: Array(csv.utf8), now: day0 + 86_400 * 3)
            #expect(try other.importLogEntries(entries) == 2)
            #expect(try other.importLogEntries(entries) == 0)
            let read = try other.logEntries().map { entry -> LogEntry in var e = entry; e.id = nil; return e }
            #expect(read == [Self.entry, second])
        }
    }

    @Test("an import with a bad line names it and writes nothing", arguments: [
        ("2026-11-20T09:00:00+01:00,,9,,,,,,,,,,,", "line 2: score 9 is not 1 (good) to 4 (bad)"),
        ("2026-11-20T09:00:00+01:00,,3,,5000,,,,,,,,,", "line 2: peak flow 5000 L/min is outside 30-900"),
        ("yesterday,,3,,,,,,,,,,,", "line 2: time \"yesterday\" is not an RFC 3339 time with an offset"),
        ("2026-11-20T09:00:00+01:00,,3,,,2,,,,,,,,", "line 2: night_waking \"2\" is not 0 or 1"),
        ("2036-11-20T09:00:00+01:00,,3,,,,,,,,,,,", "line 2: the time 2036-11-20 08:00 is in the future"),
    ])
    func badImportLine(line: String, message: String) throws {
        withTimeZone("UTC") {
            let bytes = Array((LogCSV.header + "2026-11-19T09:00:00+00:00,,2,,,,,,,,,,,\r\n" + line + "\r\n").utf8)
            // The good first row is line 2 only when the bad one is line 3.
            let fixed = message.replacingLine2(with: 3)
            #expect(throws: HistoryImportError.self) { _ = try LogCSV.entries(from: bytes, now: day0 + 86_400) }
            do {
                _ = try LogCSV.entries(from: bytes, now: day0 + 86_400)
            } catch {
                #expect("\(error)" == fixed)
            }
        }
    }

    /// In the process's zone, whichever it is (`inProcessZone`): the forms read back as the same
    /// local minute. RFC 3339 and a zone with DST are LocalTimeLogTests.logAt's, end to end.
    @Test("--at reads local times: a clock time, today, yesterday, a date and time", arguments: [
        ("08:30", "2026-11-20 08:30"), ("yesterday 22:00", "2026-11-19 22:00"), ("today 7:05", "2026-11-20 07:05"),
        ("2026-11-27 08:00", "2026-11-27 08:00"), ("2026-02-28", "2026-02-28 12:00"),
    ])
    func logTimes(text: String, minute: String) throws {
        try inProcessZone {
            let now = HistoryTime.startOfDay(day0 + 12 * 3600) + 15 * 3600  // 15:00 local on 2026-11-20
            let time = try #require(LogTime.parse(text, now: now))
            #expect(HistoryTime.minute(time) == minute)
        }
    }

    @Test("times --at does not read", arguments: ["25:00", "8h", "yesterday", "2026-02-29 08:00", "2026-13-01", "tomorrow 08:00", "08:3"])
    func badLogTimes(text: String) {
        #expect(LogTime.parse(text, now: day0) == nil)
    }

    @Test("each bad value is named, and an empty entry is refused")
    func problems() {
        let now = day0
        #expect(LogEntry(time: now, score: 9).problem(now: now) == "score 9 is not 1 (good) to 4 (bad)")
        #expect(LogEntry(time: now, peakFlow: 5000).problem(now: now) == "peak flow 5000 L/min is outside 30-900")
        #expect(LogEntry(time: now, symptoms: [.wheeze: 4]).problem(now: now) == "symptom wheeze=4 is not 0 to 3")
        #expect(LogEntry(time: now + 3600, score: 2).problem(now: now) != nil)
        #expect(LogEntry(time: now, tags: ["a;b"]).problem(now: now) != nil)
        #expect(LogEntry(time: now).problem(now: now)?.hasPrefix("nothing to log") == true)
        #expect(LogEntry(time: now, score: 1).problem(now: now) == nil)
    }
}

private extension String {
    /// The message with its `line 2:` made `line N:`.
    func replacingLine2(with line: Int) -> String { hasPrefix("line 2: ") ? "line \(line): " + dropFirst(8) : self }
}
