import CSQLite

/// A prepared statement, owned: finalized in `deinit`. Binds and columns are typed and
/// 0-based for columns, 1-based for parameters (as SQLite numbers them). Text and blobs are
/// copied into Swift values as they are read: nothing SQLite owns escapes.
public final class Statement {
    private let handle: OpaquePointer
    /// The connection's handle, for its error messages.
    private let connection: OpaquePointer
    /// A prepared statement keeps its connection open while it lives; a kept one (`Database.kept`)
    /// is the connection's own, and holding it back would keep both alive for ever.
    private let owner: Database?

    init(database: Database, sql: String, ownsConnection: Bool = true) throws(SQLiteError) {
        var prepared: OpaquePointer?
        let result = sqlite3_prepare_v2(database.handle, sql, -1, &prepared, nil)
        guard result == SQLITE_OK, let prepared else { throw database.error(result, doing: "preparing \"\(sql.prefix(60))\"") }
        handle = prepared
        connection = database.handle
        owner = ownsConnection ? database : nil
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds an integer to parameter `index` (1-based).
    public func bind(_ value: Int, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, sqlite3_int64(value)))
    }

    /// Binds a double to parameter `index`; a non-finite value binds NULL (SQLite stores NaN as NULL anyway).
    public func bind(_ value: Double, at index: Int32) throws(SQLiteError) {
        try check(value.isFinite ? sqlite3_bind_double(handle, index, value) : sqlite3_bind_null(handle, index))
    }

    /// Binds text (copied by SQLite) to parameter `index`.
    public func bind(_ value: String, at index: Int32) throws(SQLiteError) {
        // withCString: never a NULL pointer (which would bind NULL for ""); the length keeps embedded NULs.
        try check(value.withCString { csqlite_bind_text(handle, index, $0, Int32(value.utf8.count)) })
    }

    /// Binds NULL to parameter `index`.
    public func bindNull(at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_null(handle, index))
    }

    /// Binds an optional text: NULL for nil.
    public func bind(_ value: String?, at index: Int32) throws(SQLiteError) {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    /// Advances to the next row: true when a row is ready to read, false when done.
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        let result = sqlite3_step(handle)
        switch result {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw Database.error(on: connection, result)
        }
    }

    /// True between a `step` that returned a row and the last row or `reset`.
    public var isRunning: Bool { sqlite3_stmt_busy(handle) != 0 }

    /// Makes the statement ready to run again with new binds.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Column `index` (0-based) of the current row as an integer (0 for NULL).
    public func int(at index: Int32) -> Int { Int(sqlite3_column_int64(handle, index)) }

    /// Column `index` as a double (0 for NULL).
    public func double(at index: Int32) -> Double { sqlite3_column_double(handle, index) }

    /// Column `index` as text ("" for NULL).
    public func text(at index: Int32) -> String { optionalText(at: index) ?? "" }

    /// True when column `index` of the current row is NULL.
    public func isNull(at index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    /// Column `index` as an integer, nil for NULL.
    public func optionalInt(at index: Int32) -> Int? { isNull(at: index) ? nil : int(at: index) }

    /// Column `index` as a double, nil for NULL.
    public func optionalDouble(at index: Int32) -> Double? { isNull(at: index) ? nil : double(at: index) }

    /// Column `index` as text copied into a Swift string (embedded NULs kept), nil for NULL.
    public func optionalText(at index: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    private func check(_ result: Int32) throws(SQLiteError) {
        guard result == SQLITE_OK else { throw Database.error(on: connection, result) }
    }
}
