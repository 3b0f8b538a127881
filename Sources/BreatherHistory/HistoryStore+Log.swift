import BreatherStore

/// The breathing log's rows (`log` table, schema version 3). Each write is one statement in
/// its own transaction, so a daemon recording readings at the same time only waits its turn
/// (WAL + busy timeout): nothing is lost and no "locked" reaches the user.
extension HistoryStore {
    static let logColumns = "id, time, place, score, reliever, peak_flow, night_waking, activity_limited, cough, wheeze, chest_tightness, breathlessness, tags, note, exposure"

    /// Writes a new entry and returns its id. Throws `SQLITE_CONSTRAINT_UNIQUE` when an entry
    /// at the same time and place exists.
    public func addLogEntry(_ entry: LogEntry) throws(SQLiteError) -> Int {
        let insert = try database.kept("""
            INSERT INTO log(time, place, score, reliever, peak_flow, night_waking, activity_limited, cough, wheeze, chest_tightness,
                            breathlessness, tags, note, exposure) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14) RETURNING id
            """)
        defer { insert.reset() }
        try bind(entry, to: insert)
        try insert.step()
        return insert.int(at: 0)
    }

    /// Adds the entries no entry at the same time and place already holds, all in one
    /// transaction; returns how many were new (an import read twice adds nothing).
    public func importLogEntries(_ entries: [LogEntry]) throws(SQLiteError) -> Int {
        try database.transaction { () throws(SQLiteError) in
            let insert = try database.kept("""
                INSERT INTO log(time, place, score, reliever, peak_flow, night_waking, activity_limited, cough, wheeze, chest_tightness,
                                breathlessness, tags, note, exposure) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
                ON CONFLICT(time, place) DO NOTHING
                """)
            defer { insert.reset() }
            var added = 0
            for entry in entries {
                insert.reset()
                try bind(entry, to: insert)
                try insert.step()
                added += database.changes
            }
            return added
        }
    }

    /// Replaces entry `entry.id`'s fields; false when no entry has that id.
    public func updateLogEntry(_ entry: LogEntry) throws(SQLiteError) -> Bool {
        guard let id = entry.id else { return false }
        let update = try database.kept("""
            UPDATE log SET time = ?1, place = ?2, score = ?3, reliever = ?4, peak_flow = ?5, night_waking = ?6, activity_limited = ?7,
                           cough = ?8, wheeze = ?9, chest_tightness = ?10, breathlessness = ?11, tags = ?12, note = ?13, exposure = ?14
            WHERE id = ?15
            """)
        defer { update.reset() }
        try bind(entry, to: update)
        try update.bind(id, at: 15)
        try update.step()
        return database.changes == 1
    }

    /// Deletes entry `id`; false when there is none.
    public func deleteLogEntry(id: Int) throws(SQLiteError) -> Bool {
        let delete = try database.kept("DELETE FROM log WHERE id = ?")
        defer { delete.reset() }
        try delete.bind(id, at: 1)
        try delete.step()
        return database.changes == 1
    }

    /// Entry `id`, or nil.
    public func logEntry(id: Int) throws(SQLiteError) -> LogEntry? {
        let query = try database.kept("SELECT \(Self.logColumns) FROM log WHERE id = ?")
        defer { query.reset() }
        try query.bind(id, at: 1)
        return try query.step() ? Self.entry(query) : nil
    }

    /// The entries from `since` (inclusive) to `until` (exclusive), oldest first.
    public func logEntries(since: Int = Int.min / 2, until: Int = Int.max / 2) throws(SQLiteError) -> [LogEntry] {
        let query = try database.kept("SELECT \(Self.logColumns) FROM log WHERE time >= ? AND time < ? ORDER BY time, id")
        defer { query.reset() }
        try query.bind(since, at: 1)
        try query.bind(until, at: 2)
        var entries: [LogEntry] = []
        while try query.step() { entries.append(Self.entry(query)) }
        return entries
    }

    /// The number of entries (tests, the import's count).
    public func logEntryCount() throws(SQLiteError) -> Int { try database.scalarInt("SELECT count(*) FROM log") ?? 0 }

    private func bind(_ entry: LogEntry, to statement: Statement) throws(SQLiteError) {
        func optional(_ value: Int?, _ index: Int32) throws(SQLiteError) {
            if let value { try statement.bind(value, at: index) } else { try statement.bindNull(at: index) }
        }
        try statement.bind(entry.time, at: 1)
        try statement.bind(entry.place, at: 2)
        try optional(entry.score, 3)
        try optional(entry.reliever, 4)
        try optional(entry.peakFlow, 5)
        try optional(entry.nightWaking.map { $0 ? 1 : 0 }, 6)
        try optional(entry.activityLimited.map { $0 ? 1 : 0 }, 7)
        for (offset, symptom) in Symptom.allCases.enumerated() { try optional(entry.symptoms[symptom], Int32(8 + offset)) }
        try statement.bind(entry.tags.joined(separator: ";"), at: 12)
        try statement.bind(entry.note, at: 13)
        try statement.bind(ExposureText.encode(entry.exposure), at: 14)
    }

    private static func entry(_ row: Statement) -> LogEntry {
        var symptoms: [Symptom: Int] = [:]
        for (offset, symptom) in Symptom.allCases.enumerated() {
            if let rating = row.optionalInt(at: Int32(8 + offset)) { symptoms[symptom] = rating }
        }
        return LogEntry(id: row.int(at: 0), time: row.int(at: 1), place: row.text(at: 2), score: row.optionalInt(at: 3),
                        reliever: row.optionalInt(at: 4), peakFlow: row.optionalInt(at: 5),
                        nightWaking: row.optionalInt(at: 6).map { $0 != 0 }, activityLimited: row.optionalInt(at: 7).map { $0 != 0 },
                        symptoms: symptoms, tags: row.text(at: 12).split(separator: ";").map(String.init), note: row.text(at: 13),
                        exposure: ExposureText.decode(row.text(at: 14)) ?? [:])
    }
}

extension HistoryStore {
    /// The entries from `since` to `until` at `place`: those naming it, and those naming no
    /// place when it is the primary one (the first the store recorded), as insights reads them.
    public func logEntries(at place: HistoryPlace, since: Int, until: Int) throws(SQLiteError) -> [LogEntry] {
        try loadNames()
        guard let wanted = placeIDs[place] else { return [] }
        var resolved: [String: Int?] = [:]
        var entries: [LogEntry] = []
        for entry in try logEntries(since: since, until: until) {
            if resolved[entry.place] == nil {
                let id = try placeID(forLog: entry.place)
                resolved[entry.place] = .some(id)
            }
            if resolved[entry.place] == .some(wanted) { entries.append(entry) }
        }
        return entries
    }
}
