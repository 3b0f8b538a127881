import BreatherStore

/// `breather history import`: a file of any size in one transaction, written a batch at a time.
extension HistoryStore {
    /// Starts an import: every `importBatch` goes into one transaction, which `finishImport`
    /// commits (retention once, at the end) and `abandonImport` rolls back, so a file with a
    /// bad line far down leaves the store as it was while memory holds one batch at a time.
    public func beginImport() throws(SQLiteError) {
        try database.execute("BEGIN IMMEDIATE")
        importing = ([:], (placeIDs, placeNames, sourceIDs, variableIDs))
    }

    /// Writes one batch of the import `beginImport` started.
    public func importBatch(_ readings: [HistoryReading]) throws(SQLiteError) {
        guard var state = importing else { preconditionFailure("importBatch without beginImport") }
        try insert(readings, earliest: &state.earliest)
        importing = state
    }

    /// Rolls the import's readings into the retention tiers and commits it.
    public func finishImport(keepRawSeconds: Int, now: Int) throws(SQLiteError) {
        guard let state = importing else { preconditionFailure("finishImport without beginImport") }
        try rollUp(state.earliest, keepRawSeconds: keepRawSeconds, now: now)
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
}
