/// A TOML table: its keys in file order, each with the line it was defined on (so config
/// errors can name the line of the offending key, not a guess from scanning the text).
///
/// A class because the parser extends tables after creating them (`[a]` then `[a.b]`);
/// once `TOMLParser.parse` returns, nothing changes it.
final class TOMLTable {
    /// How the table came to be: TOML forbids defining one table twice, and which later
    /// definitions are allowed depends on how it was first made.
    enum Origin {
        /// Made on the way to another table (`[a.b]` makes `a`); a later `[a]` may define it.
        case implicit
        /// Defined by a `[header]` or `[[header]]` (the root counts as one).
        case header
        /// Made by a dotted key (`a.b = 1` makes `a`); more dotted keys may extend it.
        case dotted
        /// `{ … }`: complete as written, never extended.
        case inline
    }

    var origin: Origin
    /// The keys in the order they first appear.
    private(set) var keys: [String] = []
    private var values: [String: TOMLValue] = [:]
    private var lines: [String: Int] = [:]

    init(origin: Origin) {
        self.origin = origin
    }

    /// The value of `key`, nil when the table has no such key.
    subscript(key: String) -> TOMLValue? { values[key] }

    /// The 1-based line where `key` was defined (for an array of tables, its first `[[key]]`).
    func line(of key: String) -> Int? { lines[key] }

    /// Adds a new key; the parser has checked that `key` is not already there.
    func insert(_ value: TOMLValue, for key: String, line: Int) {
        keys.append(key)
        values[key] = value
        lines[key] = line
    }

    /// Whether `key` holds an array of tables (`[[key]]`).
    func hasTableArray(_ key: String) -> Bool {
        if case .tableArray = values[key] { return true }
        return false
    }

    /// Appends one more `[[key]]` table to the array of tables at `key`. No other reference
    /// to the array may be alive (a `switch` over `self[key]` holds one), or appending copies it.
    func appendTable(_ table: TOMLTable, to key: String) {
        guard case .tableArray(var tables) = values[key] else { return }
        values[key] = nil  // the array's only reference now: appending does not copy it
        tables.append(table)
        values[key] = .tableArray(tables)
    }
}

/// One TOML value. Dates and times are not among them: Breather's config has none, and the
/// parser refuses them with a clear error rather than reading them half right.
enum TOMLValue {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    case array([TOMLValue])
    case table(TOMLTable)
    /// `[[name]]` blocks, in file order.
    case tableArray([TOMLTable])

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var int: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// A float only: integers answer through `int`.
    var double: Double? {
        if case .float(let value) = self { return value }
        return nil
    }

    var bool: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    /// The elements of an array, or the tables of an array of tables.
    var array: [TOMLValue]? {
        switch self {
        case .array(let values): values
        case .tableArray(let tables): tables.map(TOMLValue.table)
        default: nil
        }
    }

    var table: TOMLTable? {
        if case .table(let value) = self { return value }
        return nil
    }

    /// The value as it could be written in TOML, for error messages (`"nope"`, `8`, `[…]`).
    var debugDescription: String {
        switch self {
        case .string(let value): "\"\(value)\""
        case .integer(let value): "\(value)"
        case .float(let value): "\(value)"
        case .boolean(let value): "\(value)"
        case .array(let values): "[\(values.map(\.debugDescription).joined(separator: ", "))]"
        case .table, .tableArray: "a table"
        }
    }
}

/// A TOML syntax error (or a file that is not UTF-8) at a 1-based line and column; the column
/// counts characters, not bytes.
struct TOMLSyntaxError: Error, Equatable {
    let line: Int
    let column: Int
    let message: String
}
