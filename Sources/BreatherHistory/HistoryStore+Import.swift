import BreatherStore

/// `breather history import`: a file of any size in one transaction, written a batch at a time,
/// with the rows older than the raw tier rolled up as they stream (`ImportTiers`): what the
/// store ends with is what writing them raw and rolling them up would leave (for a file in time
/// order), without writing and deleting the millions of raw readings a long file holds.
extension HistoryStore {
    /// An import under way: its tiers, the places it has brought up to date, and the names as
    /// they were before it (restored if it is abandoned).
    struct ImportState {
        var tiers: ImportTiers?
        let keepRawSeconds: Int
        let now: Int
        var places: Set<Int> = []
        var variables: [Int] = []
        var last: (place: HistoryPlace, id: Int, source: String, sourceID: Int)?
        let names: ([HistoryPlace: Int], [Int: String], [String: Int], [String: Int])
    }

    /// Starts an import: every `importBatch` goes into one transaction, which `finishImport`
    /// commits and `abandonImport` rolls back, so a file with a bad line far down (or a process
    /// killed part-way) leaves the store as it was while memory holds one batch at a time.
    /// Rows older than `keepRawSeconds` before `now` go into the hourly and daily tiers.
    public func beginImport(keepRawSeconds: Int, now: Int) throws(SQLiteError) {
        try database.execute("BEGIN IMMEDIATE")
        importing = ImportState(keepRawSeconds: keepRawSeconds, now: now, names: (placeIDs, placeNames, sourceIDs, variableIDs))
    }

    /// Writes one batch of the import `beginImport` started.
    public func importBatch(_ batch: ImportBatch) throws(SQLiteError) {
        guard var state = importing else { preconditionFailure("importBatch without beginImport") }
        defer { importing = state }
        if state.tiers == nil {
            let keepHourly = max(Self.keepHourlySeconds, state.keepRawSeconds)
            state.tiers = ImportTiers(columns: batch.columns.count, rawCut: ImportTiers.floor(state.now - state.keepRawSeconds, 3600),
                                      hourlyCut: ImportTiers.floor(state.now - keepHourly, 86_400))
            state.variables = try batch.columns.map { (position) throws(SQLiteError) in try variableID(HistoryVariable.all[position].name) }
        }
        guard var tiers = state.tiers else { return }
        defer { state.tiers = tiers }
        let raw = try database.kept("""
            INSERT INTO reading(place, time, variable, source, value) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT DO UPDATE SET value = excluded.value WHERE value IS NOT excluded.value
            """)
        defer { raw.reset() }
        var flushed = ImportTiers.Flushed()
        for (index, row) in batch.rows.enumerated() {
            let (place, source) = try ids(row, &state)
            let values = batch.values(ofRow: index)
            if row.time >= tiers.rawCut {
                for (column, value) in values.enumerated() where !value.isNaN {
                    try raw.bind(place, at: 1)
                    try raw.bind(row.time, at: 2)
                    try raw.bind(state.variables[column], at: 3)
                    try raw.bind(source, at: 4)
                    try raw.bind(value, at: 5)
                    try raw.step()
                    raw.reset()
                }
            } else {
                tiers.add(place: place, source: source, time: row.time, values: values, into: &flushed)
                if !flushed.isEmpty {
                    try write(flushed, variables: state.variables)
                    flushed = ImportTiers.Flushed()
                }
            }
        }
    }

    /// Writes the hours and days still open and commits the import.
    public func finishImport() throws(SQLiteError) {
        guard var state = importing else { preconditionFailure("finishImport without beginImport") }
        if var tiers = state.tiers {
            var flushed = ImportTiers.Flushed()
            tiers.finish(into: &flushed)
            try write(flushed, variables: state.variables)
            state.tiers = tiers
        }
        try database.execute("COMMIT")
        importing = nil
        try vacuumIfWorthIt()
    }

    /// Drops the import under way: nothing of it stays.
    public func abandonImport() {
        guard let state = importing else { return }
        try? database.execute("ROLLBACK")
        (placeIDs, placeNames, sourceIDs, variableIDs) = state.names  // ids the rollback took back
        importing = nil
    }

    /// The row's place and source ids (the row before's, most rows). A place met for the first
    /// time is rolled up to now first, as a write would, so its tiers hold only means where the
    /// import's rolled-up rows go.
    private func ids(_ row: ImportBatch.Row, _ state: inout ImportState) throws(SQLiteError) -> (Int, Int) {
        if let last = state.last, last.place == row.place, last.place.name == row.place.name, last.source == row.source {
            return (last.id, last.sourceID)
        }
        let place = try placeID(row.place)
        if state.places.insert(place).inserted {
            try HistoryRetention(database: database, place: place)
                .rollUp(from: state.now, keepRawSeconds: state.keepRawSeconds,
                        keepHourlySeconds: max(Self.keepHourlySeconds, state.keepRawSeconds), now: state.now)
        }
        let source = try sourceID(row.source)
        state.last = (row.place, place, row.source, source)
        return (place, source)
    }

    /// Writes rolled-up hours (each joined with the mean the store keeps at that hour, unless a
    /// row at the hour's start replaces it) and daily summaries (merged with a summary the store
    /// has of that day, weighted by hours, as retention merges them).
    private func write(_ flushed: ImportTiers.Flushed, variables: [Int]) throws(SQLiteError) {
        if !flushed.hours.isEmpty {
            let kept = try database.kept("SELECT value FROM reading WHERE place = ? AND time = ? AND variable = ? AND source = ?")
            let mean = try database.kept("INSERT OR REPLACE INTO reading(place, time, variable, source, value) VALUES (?, ?, ?, ?, ?)")
            for hour in flushed.hours {
                var sum = 0.0
                var count = 0
                if !hour.onTheHour {
                    defer { kept.reset() }
                    try kept.bind(hour.key.place, at: 1)
                    try kept.bind(hour.key.start, at: 2)
                    try kept.bind(variables[hour.column], at: 3)
                    try kept.bind(hour.key.source, at: 4)
                    if try kept.step() { sum = kept.double(at: 0); count = 1 }
                }
                for value in hour.values { sum += value }
                count += hour.values.count
                defer { mean.reset() }
                try mean.bind(hour.key.place, at: 1)
                try mean.bind(hour.key.start, at: 2)
                try mean.bind(variables[hour.column], at: 3)
                try mean.bind(hour.key.source, at: 4)
                try mean.bind(sum / Double(count), at: 5)
                try mean.step()
            }
        }
        if !flushed.days.isEmpty {
            let summary = try database.kept("""
                INSERT INTO daily(place, day, variable, source, mean, min, max, count) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT DO UPDATE SET
                  mean = (daily.mean * daily.count + excluded.mean * excluded.count) / (daily.count + excluded.count),
                  min = min(daily.min, excluded.min), max = max(daily.max, excluded.max), count = daily.count + excluded.count
                """)
            for day in flushed.days {
                defer { summary.reset() }
                try summary.bind(day.key.place, at: 1)
                try summary.bind(day.key.start, at: 2)
                try summary.bind(variables[day.column], at: 3)
                try summary.bind(day.key.source, at: 4)
                try summary.bind(day.mean, at: 5)
                try summary.bind(day.min, at: 6)
                try summary.bind(day.max, at: 7)
                try summary.bind(day.count, at: 8)
                try summary.step()
            }
        }
    }
}
