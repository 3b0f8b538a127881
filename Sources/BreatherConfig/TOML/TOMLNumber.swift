/// TOML's integer and float grammar, checked strictly: underscores only between digits, no
/// leading zeros, a digit on both sides of the decimal point, no sign on hex/octal/binary.
enum TOMLNumber {
    /// The value of `token`, or nil when it is not a TOML integer or float (or does not fit).
    static func parse(_ token: String) -> TOMLValue? {
        switch token {
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan", "-nan": return .float(.nan)
        default: break
        }
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where token.hasPrefix(prefix) {
            guard let digits = digits(token.dropFirst(2), radix: radix) else { return nil }
            return Int(digits, radix: radix).map(TOMLValue.integer)
        }
        var rest = Substring(token)
        var sign = ""
        if let first = rest.first, first == "+" || first == "-" {
            sign = first == "-" ? "-" : ""
            rest = rest.dropFirst()
        }
        let integerEnd = rest.firstIndex(where: { $0 == "." || $0 == "e" || $0 == "E" }) ?? rest.endIndex
        guard let integer = digits(rest[..<integerEnd], radix: 10), integer == "0" || !integer.hasPrefix("0") else { return nil }
        if integerEnd == rest.endIndex {
            return Int(sign + integer).map(TOMLValue.integer)
        }
        var text = sign + integer
        var tail = rest[integerEnd...]
        if tail.first == "." {
            let fractionEnd = tail.firstIndex(where: { $0 == "e" || $0 == "E" }) ?? tail.endIndex
            guard let fraction = digits(tail[tail.index(after: tail.startIndex)..<fractionEnd], radix: 10) else { return nil }
            text += "." + fraction
            tail = tail[fractionEnd...]
        }
        if let marker = tail.first {
            guard marker == "e" || marker == "E" else { return nil }
            var exponent = tail.dropFirst()
            var exponentSign = ""
            if let first = exponent.first, first == "+" || first == "-" {
                exponentSign = String(first)
                exponent = exponent.dropFirst()
            }
            guard let exponentDigits = digits(exponent, radix: 10) else { return nil }
            text += "e" + exponentSign + exponentDigits
        }
        return Double(text).map(TOMLValue.float)
    }

    /// The digits of `text` without its underscores, or nil when it is empty, holds anything
    /// but digits of `radix`, or has an underscore that is not between two digits.
    static func digits(_ text: Substring, radix: Int) -> String? {
        var result = ""
        var previousWasDigit = false
        for character in text {
            if character == "_" {
                guard previousWasDigit else { return nil }
                previousWasDigit = false
            } else {
                guard character.isASCII, character.hexDigitValue.map({ $0 < radix }) == true else { return nil }
                result.append(character)
                previousWasDigit = true
            }
        }
        return previousWasDigit ? result : nil
    }

    /// "1979-05-27", "07:32:00", "1979-05-27T07:32:00Z": a date or time, which the config never holds.
    static func looksLikeDate(_ token: String) -> Bool {
        let utf8 = Array(token.utf8)
        let isDigit = { (index: Int) in index < utf8.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[index]) }
        let datePrefix = (0..<4).allSatisfy(isDigit) && utf8.count > 4 && utf8[4] == UInt8(ascii: "-")
        let timePrefix = (0..<2).allSatisfy(isDigit) && utf8.count > 2 && utf8[2] == UInt8(ascii: ":")
        return datePrefix || timePrefix
    }
}

/// The check every config file passes before parsing: valid UTF-8 and no NUL byte, reported at
/// the line and column of the first bad byte. TOML files must be UTF-8; a NUL once cut a config
/// short silently (everything after it fell back to defaults).
enum TOMLEncodingCheck {
    static func validate(_ bytes: [UInt8]) throws(TOMLSyntaxError) {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var line = 1
        var column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if scalar == "\0" {
                    throw TOMLSyntaxError(line: line, column: column, message: "NUL byte: a config file is text (UTF-8)")
                }
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                offset += encoded.count
            case .error:
                let byte = String(bytes[offset], radix: 16, uppercase: true)
                throw TOMLSyntaxError(line: line, column: column,
                                      message: "not UTF-8 (byte 0x\(byte.count == 1 ? "0" + byte : byte)): a config file must be UTF-8 text")
            case .emptyInput:
                return
            }
        }
    }
}
