import CSQLite

/// One SQLite connection, owned: opened in `init`, closed in `deinit`.
///
/// Not shared between threads at once (SQLite's multi-thread mode): the owner serialises its
/// calls (`HistoryStore` holds it behind a mutex). Statements it prepares must not outlive it.
public final class Database {
    let handle: OpaquePointer
    /// The file's path as given (`:memory:` for a private in-memory database).
    public let path: String
    /// Statements compiled once and reused (`kept`): a sensor read every minute runs the same
    /// few dozen, and compiling them was about an eighth of what its poll cost.
    private var keptStatements: [String: Statement] = [:]

    /// Opens (and with `create`, creates) the database at `path`, read-write unless
    /// `readOnly`. The connection gives extended result codes and waits up to
    /// `busyTimeoutMilliseconds` for another process's lock before it reports `SQLITE_BUSY`.
    public init(path: String, readOnly: Bool = false, create: Bool = true, busyTimeoutMilliseconds: Int32 = 5000) throws(SQLiteError) {
        var flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if create && !readOnly { flags |= SQLITE_OPEN_CREATE }
        flags |= SQLITE_OPEN_NOMUTEX
        var opened: OpaquePointer?
        let result = sqlite3_open_v2(path, &opened, flags, nil)
        guard let opened else { throw SQLiteError(code: result, message: "cannot open \(path): out of memory") }
        guard result == SQLITE_OK else {
            let error = SQLiteError(code: sqlite3_extended_errcode(opened), message: "cannot open \(path): " + String(cString: sqlite3_errmsg(opened)))
            sqlite3_close_v2(opened)
            throw error
        }
        handle = opened
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
    }

    deinit {
        keptStatements = [:]  // finalized before the connection closes
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that take no parameters and return no rows wanted.
    public func execute(_ sql: String) throws(SQLiteError) {
        let result = sqlite3_exec(handle, sql, nil, nil, nil)
        guard result == SQLITE_OK else { throw error(result) }
    }

    /// Compiles one statement for `bind`/`step`, finalized when the last reference goes.
    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// The statement for `sql`, compiled on its first use and kept for the connection's life,
    /// reset and unbound. Reset it when done (`defer { statement.reset() }`): one left before
    /// its last row keeps its read transaction, and with it an old snapshot of the file, open.
    /// While the kept one is between rows (a loop around this call runs it), a new one is
    /// compiled for this use alone. A kept statement does not keep the connection open: use it
    /// while the connection lives.
    public func kept(_ sql: String) throws(SQLiteError) -> Statement {
        if let statement = keptStatements[sql] {
            if statement.isRunning { return try prepare(sql) }
            statement.reset()
            return statement
        }
        let statement = try Statement(database: self, sql: sql, ownsConnection: false)
        keptStatements[sql] = statement
        return statement
    }

    /// Runs one kept statement that takes no parameters and returns no rows wanted.
    func run(_ sql: String) throws(SQLiteError) {
        let statement = try kept(sql)
        defer { statement.reset() }
        try statement.step()
    }

    /// Runs `body` in one transaction (`BEGIN IMMEDIATE`: the write lock is taken at once, so a
    /// busy writer waits in the busy timeout instead of failing half-way); commits when it
    /// returns, rolls back when it throws.
    public func transaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try run("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try run("COMMIT")
            return value
        } catch {
            try? run("ROLLBACK")
            throw error
        }
    }

    /// `PRAGMA user_version`: the schema version the migrations last brought the file to.
    public var userVersion: Int {
        get throws(SQLiteError) { try scalarInt("PRAGMA user_version") ?? 0 }
    }

    /// Sets `PRAGMA user_version` (a pragma takes no bound parameters, hence the number in the text).
    public func setUserVersion(_ version: Int) throws(SQLiteError) {
        try execute("PRAGMA user_version = \(version)")
    }

    /// The first column of the first row of `sql` as an integer; nil for no row or NULL.
    public func scalarInt(_ sql: String) throws(SQLiteError) -> Int? {
        let statement = try kept(sql)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return statement.optionalInt(at: 0)
    }

    /// The first column of the first row of `sql` as text; nil for no row or NULL.
    public func scalarText(_ sql: String) throws(SQLiteError) -> String? {
        let statement = try prepare(sql)
        guard try statement.step() else { return nil }
        return statement.optionalText(at: 0)
    }

    /// True when the file this connection has open is no longer the one at `path`: deleted,
    /// renamed, or replaced by another file (SQLite compares the open file's inode with the
    /// path's: one `stat`). Writes would go on into a file no one can see.
    public var hasMoved: Bool {
        var moved: Int32 = 0
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK else { return false }
        return moved != 0
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// The connection's last error as a Swift value.
    func error(_ result: Int32, doing what: String? = nil) -> SQLiteError {
        Self.error(on: handle, result, doing: what)
    }

    /// The last error of the connection `handle` as a Swift value.
    static func error(on handle: OpaquePointer, _ result: Int32, doing what: String? = nil) -> SQLiteError {
        let code = sqlite3_extended_errcode(handle)
        let message = String(cString: sqlite3_errmsg(handle))
        return SQLiteError(code: code == SQLITE_OK ? result : code, message: what.map { "\($0): \(message)" } ?? message)
    }
}
