/// Values: strings, numbers, booleans, arrays and inline tables.
extension TOMLParser {
    mutating func value() throws(TOMLSyntaxError) -> TOMLValue {
        switch peek() {
        case UInt8(ascii: "\""):
            return .string(startsTriple(UInt8(ascii: "\"")) ? try multilineString(literal: false) : try basicString())
        case UInt8(ascii: "'"):
            return .string(startsTriple(UInt8(ascii: "'")) ? try multilineString(literal: true) : try literalString())
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw error("arrays and inline tables nested more than \(Self.maximumDepth) deep") }
            depth += 1
            defer { depth -= 1 }
            return try peek() == UInt8(ascii: "[") ? array() : inlineTable()
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            if try word("true") { return .boolean(true) }
            if try word("false") { return .boolean(false) }
            throw error("expected a value (a string, number, true, false, array or table)")
        case let byte? where byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "i")
            || byte == UInt8(ascii: "n") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
            return try number()
        default:
            throw error("expected a value (a string, number, true, false, array or table)")
        }
    }

    private func startsTriple(_ quote: UInt8) -> Bool {
        peek(offset: 1) == quote && peek(offset: 2) == quote
    }

    private mutating func word(_ text: String) throws(TOMLSyntaxError) -> Bool {
        let utf8 = Array(text.utf8)
        guard bytes[position...].starts(with: utf8) else { return false }
        advance(by: utf8.count)
        return true
    }

    // MARK: Arrays and inline tables

    private mutating func array() throws(TOMLSyntaxError) -> TOMLValue {
        advance()
        var elements: [TOMLValue] = []
        while true {
            try skipBlankLines()
            if peek() == UInt8(ascii: "]") { advance(); return .array(elements) }
            elements.append(try value())
            try skipBlankLines()
            switch peek() {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "]"): advance(); return .array(elements)
            default: throw error("expected , or ] in the array")
            }
        }
    }

    /// `{ a = 1, b.c = "x" }`: on one line, no trailing comma (TOML 1.0).
    private mutating func inlineTable() throws(TOMLSyntaxError) -> TOMLValue {
        advance()
        let table = TOMLTable(origin: .inline)
        skipSpaces()
        if peek() == UInt8(ascii: "}") { advance(); return .table(table) }
        while true {
            try keyValue(into: table)
            skipSpaces()
            switch peek() {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "}"): advance(); return .table(table)
            default: throw error("expected , or } in the inline table (it must stay on one line)")
            }
        }
    }

    // MARK: Strings

    /// "…" on one line, with escapes.
    mutating func basicString() throws(TOMLSyntaxError) -> String {
        advance()
        var text: [UInt8] = []
        while true {
            guard let byte = peek(), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") else {
                throw error("unterminated string: a \"…\" string ends on its own line")
            }
            switch byte {
            case UInt8(ascii: "\""): advance(); return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"): try escape(into: &text)
            case _ where Self.isControl(byte): throw error("control character in a string: write it as an escape such as \\t or \\u0007")
            default: text.append(byte); advance()
            }
        }
    }

    /// '…' on one line, taken as written.
    mutating func literalString() throws(TOMLSyntaxError) -> String {
        advance()
        let start = position
        while true {
            guard let byte = peek(), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") else {
                throw error("unterminated string: a '…' string ends on its own line")
            }
            if byte == UInt8(ascii: "'") { break }
            guard !Self.isControl(byte) else { throw error("control character in a string") }
            advance()
        }
        defer { advance() }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// """…""" or '''…''': a new line right after the opening quotes is dropped; line ends
    /// become "\n"; in the basic form a backslash at the end of a line joins it to the next.
    private mutating func multilineString(literal: Bool) throws(TOMLSyntaxError) -> String {
        let quote = bytes[position]
        advance(by: 3)
        _ = try newline()
        var text: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error("unterminated multi-line string") }
            if byte == quote, peek(offset: 1) == quote, peek(offset: 2) == quote {
                // Up to two quotes may sit just inside the closing three.
                var run = 3
                while peek(offset: run) == quote { run += 1 }
                guard run <= 5 else { throw error("too many quotes at the end of a multi-line string") }
                text.append(contentsOf: repeatElement(quote, count: run - 3))
                advance(by: run)
                return String(decoding: text, as: UTF8.self)
            }
            if try newline() {
                text.append(UInt8(ascii: "\n"))
            } else if byte == UInt8(ascii: "\\") && !literal {
                if try lineEndingBackslash() { continue }
                try escape(into: &text)
            } else {
                guard !Self.isControl(byte) else { throw error("control character in a string") }
                text.append(byte)
                advance()
            }
        }
    }

    /// A backslash followed only by spaces up to the end of the line: it and all white space
    /// (new lines included) up to the next character vanish.
    private mutating func lineEndingBackslash() throws(TOMLSyntaxError) -> Bool {
        var offset = 1
        while peek(offset: offset) == UInt8(ascii: " ") || peek(offset: offset) == UInt8(ascii: "\t") { offset += 1 }
        guard peek(offset: offset) == UInt8(ascii: "\n") || peek(offset: offset) == UInt8(ascii: "\r") else { return false }
        advance(by: offset)
        try skipBlankSpace()
        return true
    }

    private mutating func skipBlankSpace() throws(TOMLSyntaxError) {
        while true {
            skipSpaces()
            guard try newline() else { return }
        }
    }

    /// One escape after a backslash: \b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX.
    private mutating func escape(into text: inout [UInt8]) throws(TOMLSyntaxError) {
        let backslash = position
        advance()
        guard let letter = peek() else { throw error("unterminated escape") }
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "b"): 0x08, UInt8(ascii: "t"): 0x09, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "f"): 0x0C,
            UInt8(ascii: "r"): 0x0D, UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C,
        ]
        if let byte = simple[letter] {
            text.append(byte)
            advance()
            return
        }
        let digits = letter == UInt8(ascii: "u") ? 4 : letter == UInt8(ascii: "U") ? 8 : 0
        guard digits > 0 else { position = backslash; throw error("unknown escape \\\(Unicode.Scalar(letter)); allowed: \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX") }
        let end = position + 1 + digits
        guard end <= bytes.count, let value = UInt32(String(decoding: bytes[(position + 1)..<end], as: UTF8.self), radix: 16),
              bytes[(position + 1)..<end].allSatisfy({ Self.isHexDigit($0) }) else {
            position = backslash
            throw error("\\\(Unicode.Scalar(letter)) needs \(digits) hexadecimal digits")
        }
        guard let scalar = Unicode.Scalar(value) else { position = backslash; throw error("\\\(Unicode.Scalar(letter)) names no Unicode character") }
        UTF8.encode(scalar) { text.append($0) }
        advance(by: 1 + digits)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    // MARK: Numbers

    /// An integer or a float, taken whole up to the next delimiter and then checked.
    private mutating func number() throws(TOMLSyntaxError) -> TOMLValue {
        let start = position
        while let byte = peek(), Self.isNumberByte(byte) { advance() }
        let token = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let value = TOMLNumber.parse(token) else {
            position = start
            if TOMLNumber.looksLikeDate(token) { throw error("dates and times are not used in Breather's config (got \(token))") }
            throw error("invalid number \(token)")
        }
        return value
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":"): true
        default: false
        }
    }
}
