import Testing
@testable import BreatherHistory
import BreatherModel

/// `history import` rolls rows older than the raw tier into hourly means and daily summaries as
/// it streams: the store ends as writing them raw and rolling them up (`HistoryStore.record`)
/// would leave it, a second import of the same file adds nothing, and a bad row far down still
/// names its line and leaves the store as it was.
@Suite struct HistoryImportRollupTests {
    static let keepRaw = 90 * 86_400
    /// The import's clock: day0, so the raw tier starts 90 days before it and the daily tier
    /// 366 days before it.
    static let now = day0

    static func line(_ time: Int, _ values: [String: String], place: String = "Brooklyn", source: String = "open-meteo") -> String {
        let fields = ["time": Timestamp.rfc3339(Timestamp(timeIntervalSince1970: Double(time))), "place": place,
                      "latitude": "40.6769", "longitude": "-73.9423", "source": source].merging(values) { $1 }
        return HistoryCSV.columns.map { fields[$0] ?? "" }.joined(separator: ",") + "\r\n"
    }

    /// Streams `text` into `store` as `breather history import` does, `chunk` bytes at a time.
    static func streamImport(_ text: String, into store: HistoryStore, chunk: Int = 997) throws {
        var rest = Array(text.utf8)[...]
        var reader = HistoryImport(chunks: {
            guard !rest.isEmpty else { return nil }
            defer { rest = rest.dropFirst(chunk) }
            return Array(rest.prefix(chunk))
        }, now: now)
        try store.beginImport(keepRawSeconds: keepRaw, now: now)
        do {
            while let batch = try reader.nextBatch() { try store.importBatch(batch) }
            try store.finishImport()
        } catch {
            store.abandonImport()
            throw error
        }
    }

    /// Every reading and daily summary, for comparing two stores.
    static func contents(_ store: HistoryStore) throws -> (readings: [HistoryReading], days: [DailySummary]) {
        var readings: [HistoryReading] = []
        try store.forEachReading(since: -(1 << 40), until: 1 << 40) { readings.append($0) }
        // Ordered by name, not by the ids each store gave its variables.
        readings.sort { ($0.time, $0.variable, $0.source) < ($1.time, $1.variable, $1.source) }
        let days = try store.dailySummaries(since: -(1 << 40), until: 1 << 40)
        return (readings, days.sorted { ($0.day, $0.variable, $0.source) < ($1.day, $1.variable, $1.source) })
    }

    static func expectSame(_ a: HistoryStore, _ b: HistoryStore, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (left, right) = (try contents(a), try contents(b))
        #expect(left.readings.count == right.readings.count, sourceLocation: sourceLocation)
        #expect(left.days.count == right.days.count, sourceLocation: sourceLocation)
        for (x, y) in zip(left.readings, right.readings) {
            #expect(x.time == y.time && x.variable == y.variable && x.source == y.source && abs(x.value - y.value) <= 1e-9 * max(1, abs(x.value)),
                    "\(x) against \(y)", sourceLocation: sourceLocation)
        }
        for (x, y) in zip(left.days, right.days) {
            let close = [(x.mean, y.mean), (x.min, y.min), (x.max, y.max)].allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($0)) }
            #expect(x.day == y.day && x.variable == y.variable && x.source == y.source && close, "\(x) against \(y)", sourceLocation: sourceLocation)
        }
    }

    /// A day 400 days back (daily tier), an hour 200 days back (hourly tier), a reading a day back (raw).
    static let old = day0 - 400 * 86_400 + 10 * 3600
    static let hourly = day0 - 200 * 86_400 + 5 * 3600
    static let recent = day0 - 86_400 + 600

    static let handFile = HistoryCSV.header
        + line(old, ["pm2_5": "10", "temperature_c": "-2"]) + line(old + 1200, ["pm2_5": "20", "temperature_c": "4"])
        + line(old + 2400, ["pm2_5": "60"])                                      // 10:00 hour: pm2_5 30, temperature 1
        + line(old + 3600 + 600, ["pm2_5": "6"]) + line(old + 3600 + 1800, ["pm2_5": "14"])  // 11:00 hour: pm2_5 10
        + line(hourly, ["pm2_5": "8"]) + line(hourly + 1200, ["pm2_5": "12"]) + line(hourly + 2400, ["pm2_5": "16"])  // 12
        + line(hourly + 3600 + 900, ["pm2_5": "5"]) + line(hourly + 3600 + 2700, ["pm2_5": "7"])  // 6, at the hour's start
        + line(recent, ["pm2_5": "9"])

    @Test func rowsOlderThanTheRawTierBecomeTheMeansAndSummariesCountedByHand() throws {
        let folder = TempFolder()
        let store = try HistoryStore(path: folder.file("h.sqlite3"))
        try Self.streamImport(Self.handFile, into: store)
        let (readings, days) = try Self.contents(store)
        #expect(readings.map { "\($0.time - day0) \($0.variable) \($0.value)" } == [
            "\(Self.hourly - day0) pm2_5 12.0", "\(Self.hourly + 3600 - day0) pm2_5 6.0", "\(Self.recent - day0) pm2_5 9.0",
        ])
        let day = day0 - 400 * 86_400
        #expect(days.map { "\($0.day - day) \($0.variable) \($0.mean) \($0.min) \($0.max)" }.sorted() == [
            "0 pm2_5 20.0 10.0 30.0", "0 temperature_c 1.0 1.0 1.0",
        ])
    }

    @Test func streamingLeavesWhatWritingRawAndRollingUpLeaves() throws {
        let folder = TempFolder()
        // Three days in each tier, 10-minute rows with values that vary, a second source on some
        // rows, a row repeated with a new value (the later one counts) and two rows a few
        // minutes out of order; into a store that already holds means and summaries there.
        var text = HistoryCSV.header
        for start in [day0 - 500 * 86_400, day0 - 367 * 86_400, day0 - 300 * 86_400, day0 - 91 * 86_400, day0 - 3 * 86_400] {
            for step in 0..<(3 * 144) {
                let time = start + step * 600 + (step % 7 == 3 ? 60 : 0)
                text += Self.line(time, ["pm2_5": "\(Double(step % 23) + 0.5)", "o3": "\(40 + step % 11)", "asthma_risk": ["low", "high"][step % 2]])
                if step % 5 == 0 { text += Self.line(time, ["pm2_5": "\(step % 13)"], source: "waqi") }
                if step == 40 { text += Self.line(time, ["pm2_5": "99"]) }
                if step == 50 { text += Self.line(time - 900, ["o3": "77"]) }
                if step == 100 { text += Self.line(time - 7200 + 300, ["o3": "70"]) }
            }
        }
        // Hour 4 of each stretch starts at :01 (step 24), so a mean kept at 04:00 joins its readings.
        let earlier = [reading("pm2_5", 3, at: day0 - 300 * 86_400 + 60), reading("pm2_5", 50, at: day0 - 300 * 86_400 + 4 * 3600 + 120),
                       reading("o3", 33, at: day0 - 91 * 86_400 + 4 * 3600 + 300),
                       reading("o3", 20, at: day0 - 500 * 86_400 + 7200), reading("pm2_5", 1, at: day0 - 367 * 86_400)]
        let streamed = try HistoryStore(path: folder.file("streamed.sqlite3"))
        let rolled = try HistoryStore(path: folder.file("rolled.sqlite3"))
        for store in [streamed, rolled] { try store.record(earlier, keepRawSeconds: Self.keepRaw, now: Self.now) }
        try Self.streamImport(text, into: streamed)
        try rolled.record(try HistoryImport.readings(from: Array(text.utf8), now: Self.now), keepRawSeconds: Self.keepRaw, now: Self.now)
        #expect(try streamed.readingCount() > 3 * 144, "the raw tier's rows are kept")
        #expect(try streamed.summarisedDayCount() >= 8)
        try Self.expectSame(streamed, rolled)
        #expect(try streamed.integrityCheck() == "ok")
    }

    @Test func aSecondImportOfTheSameFileAddsNothing() throws {
        let folder = TempFolder()
        let store = try HistoryStore(path: folder.file("h.sqlite3"))
        try Self.streamImport(Self.handFile, into: store)
        let copy = try HistoryStore(path: folder.file("copy.sqlite3"))
        try Self.streamImport(Self.handFile, into: copy)
        let counts = (try store.readingCount(), try store.summarisedDayCount())
        try Self.streamImport(Self.handFile, into: store)
        #expect(try store.readingCount() == counts.0)
        #expect(try store.summarisedDayCount() == counts.1)
        try Self.expectSame(store, copy)
    }

    @Test func aBadRowFarDownNamesItsLineAndLeavesTheStoreAsItWas() throws {
        let folder = TempFolder()
        let store = try HistoryStore(path: folder.file("h.sqlite3"))
        try Self.streamImport(Self.handFile, into: store)
        let before = try Self.contents(store)
        // 3,000 rows of three readings: more than one batch before the bad line 2,900.
        var text = HistoryCSV.header
        for row in 0..<3000 {
            text += Self.line(day0 - 600 * 86_400 + row * 600, ["pm2_5": "12", "o3": row == 2898 ? "-40" : "55", "temperature_c": "3"])
        }
        let error = #expect(throws: HistoryImportError.self) { try Self.streamImport(text, into: store) }
        #expect(error?.description == "line 2900: o3 -40 µg/m³ (expected 0 to 100000 µg/m³)")
        let after = try Self.contents(store)
        #expect(after.readings == before.readings)
        #expect(after.days == before.days)
        // The store still takes an import after the one it dropped.
        try Self.streamImport(HistoryCSV.header + Self.line(Self.recent + 600, ["pm2_5": "4"]), into: store)
        #expect(try store.readingCount() == before.readings.count + 1)
    }
}
