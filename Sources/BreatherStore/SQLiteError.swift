import CSQLite

/// A failed SQLite call: the result code and SQLite's own message, copied out of the
/// connection before the next call can overwrite it.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The extended result code (`SQLITE_BUSY` = 5, `SQLITE_CORRUPT` = 11, `SQLITE_FULL` = 13, …).
    public var code: Int32
    /// SQLite's message (`database is locked`), with what Breather was doing when it failed.
    public var message: String

    /// An error with SQLite's `code` and `message`.
    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// The primary result code (the low byte of the extended one).
    public var primaryCode: Int32 { code & 0xff }

    /// The file is not a database or is damaged: move it aside and start anew.
    public var isCorruption: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }

    /// Another process holds the lock for longer than the busy timeout.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    /// `database disk image is malformed (SQLite 11)`.
    public var description: String { "\(message) (SQLite \(code))" }
}
