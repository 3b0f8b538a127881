import BreatherLocale
import BreatherModel
import BreatherStore
import Synchronization

/// Records each fetch's readings, and never takes the status down: a missing, locked,
/// read-only, full or corrupt file is one warning when writing starts failing (and one note
/// when it recovers), never an error of the run. Readings that could not be written wait in
/// memory and go with the next write. A corrupt file is moved aside and a new one started.
public final class HistoryRecorder: Sendable {
    /// Where the file is (or will be).
    public let path: String
    let keepRawSeconds: Int
    let backfillDays: Int
    private let warn: @Sendable (String) -> Void
    private let note: @Sendable (String) -> Void
    /// The language of the lines `warn` and `note` hear (paths and SQLite's words as they are).
    private let language: Language
    let clock: @Sendable () -> Int
    private let busyTimeoutMilliseconds: Int32
    let state = Mutex<State>(State())

    struct State {
        var store: HistoryStore?
        var pending: [HistoryReading] = []
        var lastProblem: String?
        /// The last `recentIndices` answer and what it was for: a view model renders each state
        /// (stored data, loading, the result), and only a write or a new hour changes it.
        var recent: (key: RecentKey, answer: IndexHistory)?
        /// The earliest time written since `recent` was worked out: the hours before it keep
        /// their answer (a sensor read every minute redoes the current hour only).
        var writtenSince: Int?
        /// Store readings of hours that have ended, kept so a sensor poll reads the store for
        /// its own hour alone (`CompletedHours`).
        var completed = CompletedHours()
        /// How far the sparkline has read the store, to go on from when only newer readings
        /// have been written since (`SparklineProgress`).
        var sparkline: SparklineProgress?
    }

    struct RecentKey: Equatable {
        var place: HistoryPlace
        var standard: AQIStandard
        var hour: Int
    }

    /// Readings kept in memory while the file cannot be written (a day of 10-minute polls).
    static let maxPending = 144 * 40

    /// A recorder writing to `path`. `warn` hears a problem once when it starts, `note` when
    /// it clears; `clock` is the wall clock in whole seconds.
    public init(path: String, keepRawSeconds: Int, backfillDays: Int,
                warn: @escaping @Sendable (String) -> Void, note: @escaping @Sendable (String) -> Void = { _ in },
                clock: @escaping @Sendable () -> Int = { Int(Timestamp.now().timeIntervalSince1970) },
                busyTimeoutMilliseconds: Int32 = 2000, language: Language = .english) {
        self.language = language
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        self.path = path
        self.keepRawSeconds = keepRawSeconds
        self.backfillDays = backfillDays
        self.warn = warn
        self.note = note
        self.clock = clock
    }

    /// Writes what `conditions`' latest fetch brought, with anything still waiting.
    public func record(_ conditions: CityConditions) {
        write(conditions.historyReadings)
    }

    /// Writes `readings` (and any waiting from failed writes) in one transaction.
    public func write(_ readings: [HistoryReading]) {
        let now = clock()
        state.withLock { state in
            let batch = state.pending + readings
            guard !batch.isEmpty else { return }
            do throws(SQLiteError) {
                let store = try openedStore(&state, now: now)
                try store.record(batch, keepRawSeconds: keepRawSeconds, now: now)
                state.pending = []
                if let earliest = batch.map(\.time).min() {
                    state.writtenSince = min(state.writtenSince ?? earliest, earliest)
                    state.completed.forget(from: earliest)
                }
                if state.lastProblem != nil {
                    state.lastProblem = nil
                    note("history: " + say { tr("writing to %s again").filled(path) })
                }
            } catch {
                state.pending = Array(batch.suffix(Self.maxPending))
                if error.isCorruption, let store = state.store {
                    // Damage found while writing: start anew, and write the batch there now.
                    state.store = nil
                    let aside = HistoryStore.moveAside(store.path, now: now)
                    warn("history: " + say { tr("%s is damaged (%s); moved it to %s and started a new one").filled(path, error.message, aside) })
                    if let fresh = try? openedStore(&state, now: now), (try? fresh.record(batch, keepRawSeconds: keepRawSeconds, now: now)) != nil {
                        state.pending = []
                    }
                    return
                }
                state.store = error.isBusy ? state.store : nil  // reopen next time: the file may be back
                report(&state, "history: " + say {
                    tr("cannot write %s: %s; the status is unaffected, readings are kept for the next write").filled(path, error.message)
                })
            }
        }
    }

    /// Hands over the readings waiting for a write that this recorder's file could not take,
    /// and forgets them: a reload that points `[history]` elsewhere carries them to the new file.
    public func takeWaiting() -> [HistoryReading] {
        state.withLock { state in
            defer { state.pending = [] }
            return state.pending
        }
    }

    /// Readings to go with the next write, before this recorder's own (another's `takeWaiting`).
    public func keepWaiting(_ readings: [HistoryReading]) {
        state.withLock { $0.pending = Array((readings + $0.pending).suffix(Self.maxPending)) }
    }

    /// Days of past hours to ask `source` for at `location`: `backfill` when the store has no
    /// reading of it there yet; when its newest one is more than a day old (an import that
    /// ends days ago, a machine that was off), the days since then, at most `backfill`, so the
    /// history has no hole up to now; else nil (a fetch's own hourly series covers the last
    /// day). Another source's readings do not count: a sensor read every minute into a new
    /// file must not keep the model's past days out of it. A store that cannot be read asks
    /// for none.
    public func backfillDays(at location: Location, from source: String) -> Int? {
        guard backfillDays > 0 else { return nil }
        let now = clock()
        return state.withLock { state in
            guard let store = try? openedStore(&state, now: now) else { return nil }
            let found: Int?
            do { found = try store.newestReading(at: HistoryPlace(location), from: source) } catch { return nil }
            guard let newest = found else { return backfillDays }
            let missing = now - newest
            guard missing > 86_400 else { return nil }
            return min(backfillDays, (missing + 86_399) / 86_400)
        }
    }

    func openedStore(_ state: inout State, now: Int) throws(SQLiteError) -> HistoryStore {
        if let store = state.store {
            guard store.hasMoved else { return store }
            // Deleted or replaced under a running daemon: writing on would fill an unlinked
            // inode. Close it first, its WAL checkpointed into the old file and emptied (a WAL
            // left under the path's name would be read into the new file), then start a new
            // file, or go on in the one now there.
            store.emptyJournal()
            state.store = nil
            warn("history: " + say { tr("%s was deleted or replaced while open; writing to the file now at that path").filled(path) })
        }
        let store = try HistoryStore.openMovingAsideCorrupt(path: path, now: now, busyTimeoutMilliseconds: busyTimeoutMilliseconds) { aside in
            warn("history: " + say { tr("%s was not a readable database; moved it to %s and started a new one").filled(path, aside) })
        }
        state.store = store
        // A new file: nothing kept from the old one holds.
        state.completed = CompletedHours()
        state.sparkline = nil
        return store
    }

    /// `text` made in the recorder's language.
    private func say(_ text: () -> String) -> String { L10n.$language.withValue(language, operation: text) }

    private func report(_ state: inout State, _ message: String) {
        guard state.lastProblem == nil else { return }
        state.lastProblem = message
        warn(message)
    }
}
