import BreatherStore

/// Reading the store back: whether and when a place last had a reading from a source, every
/// reading of a span in the key's order, the daily summaries, and the counts an import reports.
extension HistoryStore {
    /// True when the store holds a reading for `place` from `source` at `since` or later (a
    /// range of the key, then the few rows in it).
    public func hasReading(at place: HistoryPlace, from source: String, since: Int) throws(SQLiteError) -> Bool {
        try loadNames()  // another process (the daemon, an earlier run) may have written them
        guard let placeID = placeIDs[place], let sourceID = sourceIDs[source] else { return false }
        let query = try database.kept("SELECT 1 FROM reading WHERE place = ? AND time >= ? AND source = ? LIMIT 1")
        defer { query.reset() }
        try query.bind(placeID, at: 1)
        try query.bind(since, at: 2)
        try query.bind(sourceID, at: 3)
        return try query.step()
    }

    /// The time of the newest reading from `source` at `place`; nil when there is none.
    public func newestReading(at place: HistoryPlace, from source: String) throws(SQLiteError) -> Int? {
        try loadNames()  // another process (the daemon, an earlier run, an import) may have written them
        guard let placeID = placeIDs[place], let sourceID = sourceIDs[source] else { return nil }
        let query = try database.kept("SELECT time FROM reading WHERE place = ? AND source = ? ORDER BY time DESC LIMIT 1")
        defer { query.reset() }
        try query.bind(placeID, at: 1)
        try query.bind(sourceID, at: 2)
        return try query.step() ? query.int(at: 0) : nil
    }

    /// Every reading from `since` (inclusive) to `until` (exclusive), ordered by place, time,
    /// variable and source (the key's order: no sort), handed to `body` one at a time.
    /// With `place`, only that place's (a range of the key: no scan of the other places);
    /// with `only`, only the variables it names (`HistoryStore.variableTest`).
    public func forEachReading(since: Int, until: Int, place: HistoryPlace? = nil, only: [String]? = nil,
                               _ body: (HistoryReading) throws -> Void) throws {
        try loadNames()  // names another process added since this connection opened
        var placeID: Int?
        if let place {
            guard let id = placeIDs[place] else { return }
            placeID = id
        }
        var filter = ""
        if let only {
            guard let test = Self.variableTest(wanted: only.compactMap { variableIDs[$0] }, known: Array(variableIDs.values)) else { return }
            filter = test
        }
        let (places, sources, variables) = namesByID
        let query = try database.kept(placeID == nil
            ? "SELECT place, time, variable, source, value FROM reading WHERE time >= ?1 AND time < ?2\(filter) ORDER BY place, time, variable, source"
            : "SELECT place, time, variable, source, value FROM reading WHERE place = ?3 AND time >= ?1 AND time < ?2\(filter) ORDER BY place, time, variable, source")
        defer { query.reset() }
        try query.bind(since, at: 1)
        try query.bind(until, at: 2)
        if let placeID { try query.bind(placeID, at: 3) }
        while try query.step() {
            guard let place = places[query.int(at: 0)], let variable = variables[query.int(at: 2)], let source = sources[query.int(at: 3)] else { continue }
            try body(HistoryReading(place: place, source: source, time: query.int(at: 1), variable: variable, value: query.double(at: 4)))
        }
    }

    /// The daily summaries (days older than the hourly tier) of the UTC days that overlap
    /// `since`…`until` (a local midnight west of UTC falls inside the UTC day it names).
    public func dailySummaries(since: Int, until: Int) throws(SQLiteError) -> [DailySummary] {
        try loadNames()
        let (places, sources, variables) = namesByID
        let query = try database.prepare("SELECT place, day, variable, source, mean, min, max FROM daily WHERE day > ? - 86400 AND day < ? ORDER BY place, day, variable, source")
        try query.bind(since, at: 1)
        try query.bind(until, at: 2)
        var summaries: [DailySummary] = []
        while try query.step() {
            guard let place = places[query.int(at: 0)], let variable = variables[query.int(at: 2)], let source = sources[query.int(at: 3)] else { continue }
            summaries.append(DailySummary(place: place, source: source, day: query.int(at: 1), variable: variable,
                                          mean: query.double(at: 4), min: query.double(at: 5), max: query.double(at: 6)))
        }
        return summaries
    }

    /// The number of rows in `reading` (an import's count, tests and benchmarks).
    public func readingCount() throws(SQLiteError) -> Int { try database.scalarInt("SELECT count(*) FROM reading") ?? 0 }

    /// The number of days (a place, source and UTC day) kept as daily summaries.
    public func summarisedDayCount() throws(SQLiteError) -> Int {
        try database.scalarInt("SELECT count(*) FROM (SELECT DISTINCT place, source, day FROM daily)") ?? 0
    }
}
