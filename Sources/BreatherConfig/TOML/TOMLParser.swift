/// A small TOML 1.0 reader for Breather's config: comments, bare, quoted and dotted keys,
/// `[tables]`, `[[arrays of tables]]`, basic and literal strings (one-line and multi-line, with
/// escapes), integers (decimal, hex, octal, binary), floats, booleans, arrays and inline tables.
/// Dates and times are refused (the config has none).
///
/// Hand-written because the TOML library on hand (TOMLKit, over toml++) imports Foundation,
/// which links ICU's 34 MB of data into the binary, and adds C++ to every start-up
/// (README, "Why a TOML reader of our own").
///
/// The input is checked as UTF-8 first: TOML files must be UTF-8, and a NUL byte or an invalid
/// byte is an error naming its line and column, never silently replaced or cut off.
struct TOMLParser {
    let bytes: [UInt8]
    var position = 0
    /// The current line (1-based) and the index of its first byte, for error positions.
    var line = 1
    var lineStart = 0
    /// Arrays and inline tables open around the current position. Bounded, because each level
    /// is a nested call: a file of a million "[" must be an error, not a stack overflow.
    var depth = 0
    static let maximumDepth = 64

    /// Parses a whole document into its root table.
    static func parse(_ bytes: [UInt8]) throws(TOMLSyntaxError) -> TOMLTable {
        try TOMLEncodingCheck.validate(bytes)
        var parser = TOMLParser(bytes: bytes)
        // A UTF-8 byte order mark is allowed before the first line.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.position = 3; parser.lineStart = 3 }
        return try parser.document()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func document() throws(TOMLSyntaxError) -> TOMLTable {
        let root = TOMLTable(origin: .header)
        var current = root
        while true {
            try skipBlankLines()
            guard let byte = peek() else { return root }
            if byte == UInt8(ascii: "[") {
                current = try header(root: root)
            } else {
                try keyValue(into: current)
            }
            try endOfLine()
        }
    }

    // MARK: Tables

    /// `[a.b]` or `[[a.b]]`: finds or makes the table the following keys go into.
    private mutating func header(root: TOMLTable) throws(TOMLSyntaxError) -> TOMLTable {
        let headerLine = line
        advance()
        let isArray = peek() == UInt8(ascii: "[")
        if isArray { advance() }
        skipSpaces()
        let column = self.column
        let path = try key()
        skipSpaces()
        try expect("]", "expected ] to close the table header")
        if isArray { try expect("]", "expected ]] to close the array-of-tables header") }
        let name = dotted(path)
        var table = root
        for part in path.dropLast() {
            switch table[part] {
            case nil:
                let made = TOMLTable(origin: .implicit)
                table.insert(.table(made), for: part, line: headerLine)
                table = made
            case .table(let existing) where existing.origin != .inline:
                table = existing
            case .tableArray(let tables):
                table = tables[tables.count - 1]
            default:
                throw TOMLSyntaxError(line: headerLine, column: column, message: "\(name): \(part) is already a value, not a table")
            }
        }
        let last = path[path.count - 1]
        if isArray {
            let element = TOMLTable(origin: .header)
            if table.hasTableArray(last) {
                table.appendTable(element, to: last)
            } else if table[last] == nil {
                table.insert(.tableArray([element]), for: last, line: headerLine)
            } else {
                throw TOMLSyntaxError(line: headerLine, column: column, message: "[[\(name)]]: \(name) is already defined as something else")
            }
            return element
        }
        switch table[last] {
        case nil:
            let made = TOMLTable(origin: .header)
            table.insert(.table(made), for: last, line: headerLine)
            return made
        case .table(let existing) where existing.origin == .implicit:
            existing.origin = .header
            return existing
        default:
            throw TOMLSyntaxError(line: headerLine, column: column, message: "[\(name)] is defined twice")
        }
    }

    /// `key = value` (the key may be dotted), added to `table`.
    mutating func keyValue(into table: TOMLTable) throws(TOMLSyntaxError) {
        let keyLine = line
        let keyColumn = column
        let path = try key()
        skipSpaces()
        try expect("=", "expected = after the key \(dotted(path))")
        skipSpaces()
        let value = try self.value()
        var target = table
        for part in path.dropLast() {
            switch target[part] {
            case nil:
                let made = TOMLTable(origin: .dotted)
                target.insert(.table(made), for: part, line: keyLine)
                target = made
            case .table(let existing) where existing.origin == .dotted:
                target = existing
            default:
                throw TOMLSyntaxError(line: keyLine, column: keyColumn, message: "\(dotted(path)): \(part) is already defined")
            }
        }
        let last = path[path.count - 1]
        guard target[last] == nil else {
            throw TOMLSyntaxError(line: keyLine, column: keyColumn, message: "\(dotted(path)) is defined twice")
        }
        target.insert(value, for: last, line: keyLine)
    }

    /// A key: bare (`A-Za-z0-9_-`), "basic" or 'literal', parts joined by dots.
    private mutating func key() throws(TOMLSyntaxError) -> [String] {
        var parts: [String] = []
        while true {
            skipSpaces()
            switch peek() {
            case UInt8(ascii: "\""): parts.append(try basicString())
            case UInt8(ascii: "'"): parts.append(try literalString())
            default:
                let start = position
                while let byte = peek(), Self.isBareKeyByte(byte) { advance() }
                guard position > start else { throw error("expected a key") }
                parts.append(String(decoding: bytes[start..<position], as: UTF8.self))
            }
            skipSpaces()
            guard peek() == UInt8(ascii: ".") else { return parts }
            advance()
        }
    }

    private static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"): true
        default: false
        }
    }

    // MARK: Layout

    /// After a key/value pair or a header: spaces, an optional comment, then a new line or the end.
    private mutating func endOfLine() throws(TOMLSyntaxError) {
        skipSpaces()
        if peek() == UInt8(ascii: "#") { try comment() }
        if peek() == nil { return }
        guard try newline() else { throw error("expected a new line after the value") }
    }

    /// Spaces, tabs, new lines and comments.
    mutating func skipBlankLines() throws(TOMLSyntaxError) {
        while let byte = peek() {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                advance()
            } else if byte == UInt8(ascii: "#") {
                try comment()
            } else if !(try newline()) {
                return
            }
        }
    }

    /// A comment up to (not including) the end of its line: any character but a control character.
    private mutating func comment() throws(TOMLSyntaxError) {
        while let byte = peek(), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") {
            guard !Self.isControl(byte) else { throw error("control character in a comment") }
            advance()
        }
    }

    /// Consumes "\n" or "\r\n" and returns true; false (nothing consumed) for anything else.
    /// A lone carriage return is an error, as TOML says.
    mutating func newline() throws(TOMLSyntaxError) -> Bool {
        if peek() == UInt8(ascii: "\r") {
            guard peek(offset: 1) == UInt8(ascii: "\n") else { throw error("a carriage return must be followed by a new line") }
            advance()
        }
        guard peek() == UInt8(ascii: "\n") else { return false }
        advance()
        line += 1
        lineStart = position
        return true
    }

    mutating func skipSpaces() {
        while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { advance() }
    }

    /// Control characters TOML allows in neither comments nor strings (tab is allowed).
    static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F
    }

    // MARK: Cursor

    func peek(offset: Int = 0) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    mutating func advance(by count: Int = 1) {
        position += count
    }

    mutating func expect(_ character: Unicode.Scalar, _ message: String) throws(TOMLSyntaxError) {
        guard peek() == UInt8(ascii: character) else { throw error(message) }
        advance()
    }

    /// The 1-based column of the current position, in characters.
    var column: Int {
        bytes[lineStart..<min(position, bytes.count)].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
    }

    func error(_ message: String) -> TOMLSyntaxError {
        TOMLSyntaxError(line: line, column: column, message: message)
    }

    /// A key path as written, "providers.open-meteo". A loop rather than `joined(separator:)`,
    /// which this module calls unspecialised: it looked up its witness tables at run time,
    /// 112,000 instructions at the first header (callgrind).
    private func dotted(_ path: [String]) -> String {
        var name = ""
        for (position, part) in path.enumerated() {
            if position > 0 { name += "." }  // not !name.isEmpty: "" is a valid quoted key
            name += part
        }
        return name
    }
}
