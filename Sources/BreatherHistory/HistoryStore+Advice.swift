import BreatherModel
import BreatherStore

/// One change of the advice shown at a place (README "What to do now").
public struct AdviceChange: Sendable, Equatable {
    /// Where.
    public var place: HistoryPlace
    /// When it was first shown, Unix seconds.
    public var time: Int
    /// The action's id: `ventilate`, `keep_closed`, `purifier`, `ventilate_briefly`, `unknown`.
    public var action: String
    /// Its reasons, joined by ", ".
    public var reasons: String

    /// A change to `action` at `place` at `time`.
    public init(place: HistoryPlace, time: Int, action: String, reasons: String) {
        self.place = place
        self.time = time
        self.action = action
        self.reasons = reasons
    }
}

extension HistoryStore {
    /// Records `change` unless the place's latest recorded advice is that action already (a
    /// one-shot, or a daemon started again, shows the advice anew); true when it wrote.
    @discardableResult
    public func recordAdvice(_ change: AdviceChange) throws(SQLiteError) -> Bool {
        let place = try placeID(change.place)
        let latest = try database.kept("SELECT action FROM advice WHERE place = ? ORDER BY time DESC LIMIT 1")
        defer { latest.reset() }
        try latest.bind(place, at: 1)
        if try latest.step(), latest.text(at: 0) == change.action { return false }
        let insert = try database.kept("INSERT OR REPLACE INTO advice(place, time, action, reasons) VALUES (?, ?, ?, ?)")
        defer { insert.reset() }
        try insert.bind(place, at: 1)
        try insert.bind(change.time, at: 2)
        try insert.bind(change.action, at: 3)
        try insert.bind(change.reasons, at: 4)
        _ = try insert.step()
        return true
    }

    /// The advice changes recorded at `place` from `since` on, oldest first.
    public func adviceChanges(at place: HistoryPlace, since: Int) throws(SQLiteError) -> [AdviceChange] {
        guard let id = placeIDs[place] else { return [] }
        let query = try database.kept("SELECT time, action, reasons FROM advice WHERE place = ? AND time >= ? ORDER BY time")
        defer { query.reset() }
        try query.bind(id, at: 1)
        try query.bind(since, at: 2)
        var changes: [AdviceChange] = []
        while try query.step() {
            changes.append(AdviceChange(place: place, time: query.int(at: 0), action: query.text(at: 1), reasons: query.text(at: 2)))
        }
        return changes
    }
}

extension HistoryRecorder {
    /// Records a change of the advice shown at `location` (best effort: a file that cannot be
    /// written is reported by the readings' writes, and the advice is not kept waiting).
    public func recordAdvice(at location: Location, action: String, reasons: [String], time: Timestamp) {
        let now = clock()
        state.withLock { state in
            let change = AdviceChange(place: HistoryPlace(location), time: Int(time.timeIntervalSince1970), action: action,
                                      reasons: reasons.joined(separator: ", "))
            _ = try? openedStore(&state, now: now).recordAdvice(change)
        }
    }

    /// The advice changes recorded at `location` from `since` (Unix seconds) on; empty when the file cannot be read.
    public func adviceChanges(at location: Location, since: Int) -> [AdviceChange] {
        let now = clock()
        return state.withLock { state in (try? openedStore(&state, now: now).adviceChanges(at: HistoryPlace(location), since: since)) ?? [] }
    }
}
