#if canImport(Glibc)
import Glibc
#endif
import BreatherStore

/// The history file: readings in, rows out. Owns one `Database`; not for two threads at
/// once (`HistoryRecorder` serialises its use). Several processes share the file through
/// SQLite's WAL journal and busy timeout: the daemon, `watch` and one-shots all write it.
public final class HistoryStore {
    let database: Database
    /// The file's path.
    public var path: String { database.path }
    var placeIDs: [HistoryPlace: Int] = [:]
    var placeNames: [Int: String] = [:]
    var sourceIDs: [String: Int] = [:]
    var variableIDs: [String: Int] = [:]
    /// `dataVersion` when the names were last read; nil before.
    private var namesVersion: Int?

    /// How long hourly means are kept before only daily summaries remain (a year and a day).
    public static let keepHourlySeconds = 366 * 86_400

    /// Opens the file at `path` (creating it and its folders unless `readOnly`), in WAL mode,
    /// and brings its schema up to date. Throws `SQLiteError`; `isCorruption` says the file
    /// is not a database (see `HistoryStore.openMovingAsideCorrupt`).
    public init(path: String, readOnly: Bool = false, busyTimeoutMilliseconds: Int32 = 2000) throws(SQLiteError) {
        if !readOnly { Self.makeParentDirectories(of: path) }
        database = try Database(path: path, readOnly: readOnly, create: !readOnly, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        if readOnly {
            _ = try database.userVersion  // reads the header: garbage fails here, not mid-export
        } else {
            // A new file frees the pages retention empties (`incremental_vacuum` after a write):
            // without it a year imported at once left 17 MB where 6 MB were in use. It can only
            // be chosen before the first table exists.
            if try database.userVersion == 0 { try database.execute("PRAGMA auto_vacuum = INCREMENTAL") }
            // WAL: readers never block the writer; NORMAL: a commit survives the process being
            // killed (only a power cut can lose the last ones), and it costs no fsync per write.
            _ = try database.scalarText("PRAGMA journal_mode=WAL")
            try database.execute("PRAGMA synchronous=NORMAL")
            try HistorySchema.migrations.migrate(database)
        }
        try loadNames()
    }

    /// Opens `path`; a file that is not a database (or is damaged) is renamed to
    /// `path.corrupt-<date>` with its journal files, and a new one started. `movedAside`
    /// hears the new name. Other errors (locked, read-only, full) are thrown.
    public static func openMovingAsideCorrupt(path: String, now: Int, busyTimeoutMilliseconds: Int32 = 2000,
                                              movedAside: (String) -> Void) throws(SQLiteError) -> HistoryStore {
        do {
            return try HistoryStore(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        } catch where error.isCorruption {
            let aside = moveAside(path, now: now)
            movedAside(aside)
            return try HistoryStore(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        }
    }

    /// Renames a damaged file (and its `-wal`, `-shm`) to a free `path.corrupt-YYYY-MM-DD[.N]`.
    static func moveAside(_ path: String, now: Int) -> String {
        let base = "\(path).corrupt-\(CalendarDay.utcDate(ofDay: now / 86_400))"
        var aside = base
        var counter = 2
        while access(aside, F_OK) == 0 {
            aside = "\(base).\(counter)"
            counter += 1
        }
        rename(path, aside)
        for suffix in ["-wal", "-shm"] { rename(path + suffix, aside + suffix) }
        return aside
    }

    private static func makeParentDirectories(of path: String) {
        var prefix = ""
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for (index, part) in parts.enumerated() {
            prefix += (index == 0 ? "" : "/") + part
            if !prefix.isEmpty, access(prefix, F_OK) != 0 { mkdir(prefix, 0o700) }
        }
    }

    /// The names other connections (the daemon, `watch`, one-shots) committed since this one
    /// last read them: reread only when `PRAGMA data_version` says another one has written
    /// (this connection's own names are added as it writes them).
    func loadNames() throws(SQLiteError) {
        let version = try dataVersion()
        guard version != namesVersion else { return }
        guard try database.userVersion > 0 else { return }  // a read-only open of a brand-new file
        let places = try database.kept("SELECT id, latitude, longitude, name FROM place")
        defer { places.reset() }
        while try places.step() {
            let place = HistoryPlace(latitude: places.double(at: 1), longitude: places.double(at: 2), name: places.text(at: 3))
            placeIDs[place] = places.int(at: 0)
            placeNames[places.int(at: 0)] = place.name
        }
        let sources = try database.kept("SELECT id, name FROM source")
        defer { sources.reset() }
        while try sources.step() { sourceIDs[sources.text(at: 1)] = sources.int(at: 0) }
        let variables = try database.kept("SELECT id, name FROM variable")
        defer { variables.reset() }
        while try variables.step() { variableIDs[variables.text(at: 1)] = variables.int(at: 0) }
        namesVersion = version
    }

    /// What the ids in the tables stand for, as last loaded (`loadNames`): rows read back
    /// into readings.
    var namesByID: (places: [Int: HistoryPlace], sources: [Int: String], variables: [Int: String]) {
        (Dictionary(uniqueKeysWithValues: placeIDs.map { ($1, HistoryPlace(latitude: $0.latitude, longitude: $0.longitude, name: placeNames[$1] ?? "")) }),
         Dictionary(uniqueKeysWithValues: sourceIDs.map { ($1, $0) }),
         Dictionary(uniqueKeysWithValues: variableIDs.map { ($1, $0) }))
    }

    /// A number that changes when another connection commits to the file (never for this
    /// connection's own commits): what this connection keeps from the file is stale then.
    public func dataVersion() throws(SQLiteError) -> Int { try database.scalarInt("PRAGMA data_version") ?? 0 }

    // MARK: Writing

    /// Writes `readings` in one transaction (a later value for the same place, source, time
    /// and variable replaces the earlier one), then rolls each place's readings older than
    /// `keepRawSeconds` into hourly means and those older than a year into daily summaries.
    /// Nothing is written when it throws.
    public func record(_ readings: [HistoryReading], keepRawSeconds: Int, now: Int) throws(SQLiteError) {
        guard !readings.isEmpty else { return }
        let snapshot = (placeIDs, placeNames, sourceIDs, variableIDs)
        do {
            try database.transaction { () throws(SQLiteError) in
                var earliest: [Int: Int] = [:]
                try insert(readings, earliest: &earliest)
                try rollUp(earliest, keepRawSeconds: keepRawSeconds, now: now)
            }
        } catch {
            (placeIDs, placeNames, sourceIDs, variableIDs) = snapshot  // ids the rollback took back
            throw error
        }
        try vacuumIfWorthIt()
    }

    /// Inserts `readings` (in the caller's transaction), noting each place's earliest time.
    func insert(_ readings: [HistoryReading], earliest: inout [Int: Int]) throws(SQLiteError) {
        let insert = try database.kept("""
            INSERT INTO reading(place, time, variable, source, value) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT DO UPDATE SET value = excluded.value WHERE value IS NOT excluded.value
            """)
        defer { insert.reset() }
        for reading in readings {
            let place = try placeID(reading.place)
            let values = (try variableID(reading.variable), try sourceID(reading.source))
            try insert.bind(place, at: 1)
            try insert.bind(reading.time, at: 2)
            try insert.bind(values.0, at: 3)
            try insert.bind(values.1, at: 4)
            try insert.bind(reading.value, at: 5)
            try insert.step()
            insert.reset()
            earliest[place] = min(earliest[place] ?? reading.time, reading.time)
        }
    }

    func rollUp(_ earliest: [Int: Int], keepRawSeconds: Int, now: Int) throws(SQLiteError) {
        for (place, first) in earliest {
            try HistoryRetention(database: database, place: place)
                .rollUp(from: first, keepRawSeconds: keepRawSeconds, keepHourlySeconds: max(Self.keepHourlySeconds, keepRawSeconds), now: now)
        }
    }

    /// Hands back what retention emptied, once it is worth a write of its own (256 KiB).
    func vacuumIfWorthIt() throws(SQLiteError) {
        if try database.scalarInt("PRAGMA freelist_count") ?? 0 >= 64 { try database.execute("PRAGMA incremental_vacuum") }
    }

    // MARK: Importing

    /// An import under way (`beginImport`).
    var importing: ImportState?

    func placeID(_ place: HistoryPlace) throws(SQLiteError) -> Int {
        if let id = placeIDs[place] {
            if !place.name.isEmpty, placeNames[id] != place.name {
                let rename = try database.kept("UPDATE place SET name = ? WHERE id = ?")
                defer { rename.reset() }
                try rename.bind(place.name, at: 1)
                try rename.bind(id, at: 2)
                try rename.step()
                placeNames[id] = place.name
            }
            return id
        }
        // Upserts: another process may have added the same place, source or variable since this
        // connection loaded its names.
        let insert = try database.kept("""
            INSERT INTO place(latitude, longitude, name) VALUES (?, ?, ?)
            ON CONFLICT(latitude, longitude) DO UPDATE SET name = iif(excluded.name = '', name, excluded.name) RETURNING id, name
            """)
        defer { insert.reset() }
        try insert.bind(place.latitude, at: 1)
        try insert.bind(place.longitude, at: 2)
        try insert.bind(place.name, at: 3)
        try insert.step()
        let id = insert.int(at: 0)
        placeIDs[place] = id
        placeNames[id] = insert.text(at: 1)
        return id
    }

    func sourceID(_ name: String) throws(SQLiteError) -> Int {
        if let id = sourceIDs[name] { return id }
        let insert = try database.kept("INSERT INTO source(name) VALUES (?) ON CONFLICT(name) DO UPDATE SET name = excluded.name RETURNING id")
        defer { insert.reset() }
        try insert.bind(name, at: 1)
        try insert.step()
        sourceIDs[name] = insert.int(at: 0)
        return insert.int(at: 0)
    }

    func variableID(_ name: String) throws(SQLiteError) -> Int {
        if let id = variableIDs[name] { return id }
        guard let known = (HistoryVariable.all + HistoryVariable.channels).first(where: { $0.name == name }) else {
            throw SQLiteError(code: 20, message: "unknown variable \(name)")  // SQLITE_MISMATCH
        }
        let insert = try database.kept("INSERT INTO variable(name, unit, period) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET name = excluded.name RETURNING id")
        defer { insert.reset() }
        try insert.bind(known.name, at: 1)
        try insert.bind(known.unit, at: 2)
        try insert.bind(known.period, at: 3)
        try insert.step()
        variableIDs[name] = insert.int(at: 0)
        return insert.int(at: 0)
    }

    /// True when the file at `path` is no longer the one this store has open (deleted or replaced).
    public var hasMoved: Bool { database.hasMoved }

    /// Writes every committed page into the file this store has open and empties its WAL. Done
    /// before a store whose file was replaced is dropped: SQLite leaves the WAL and its index
    /// under the path's names when the file was renamed over, and the next connection would
    /// read the old file's pages from them into the new one.
    public func emptyJournal() { _ = try? database.scalarText("PRAGMA wal_checkpoint(TRUNCATE)") }

    /// `PRAGMA integrity_check`'s first line: `ok` for a sound file.
    public func integrityCheck() throws(SQLiteError) -> String { try database.scalarText("PRAGMA integrity_check") ?? "" }
}

/// One day's summary of one variable: what is kept for ever, once hourly means are pruned.
public struct DailySummary: Sendable, Hashable {
    /// The place.
    public var place: HistoryPlace
    /// The provider id.
    public var source: String
    /// The UTC day's start, seconds since 1970.
    public var day: Int
    /// A `HistoryVariable` name.
    public var variable: String
    /// The day's mean, lowest and highest values.
    public var mean: Double, min: Double, max: Double
}
