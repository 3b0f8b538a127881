/// Writes a `JSONValue` as compact JSON text in Swift, for Breather's own files (the conditions
/// store): the same text jansson's compact `json_dumps` makes, but each real in the shortest
/// form that reads back to the same `Double` (Swift's `description`), where jansson formats it
/// with `snprintf("%.15g")`. That `snprintf` was 4.2 M of the store write's 5.9 M instructions
/// in a fresh one-shot (121 hours of 15 series, docs/PERFORMANCE.md); this writer does the
/// whole write in well under a million. Strings are escaped as jansson escapes them: `"`, `\`,
/// the short escapes (`\b \f \n \r \t`), other control characters as `\u00XX`, the rest as UTF-8.
enum CompactWriter {
    static func serialize(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(16_384)
        write(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func write(_ value: JSONValue, to out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let number): out.append(contentsOf: number.description.utf8)
        case .number(let number):
            // JSON has no spelling for NaN and infinity; jansson's writer makes them null too.
            guard number.isFinite else { return out.append(contentsOf: "null".utf8) }
            let start = out.count
            out.append(contentsOf: number.description.utf8)
            // An exponent as jansson writes it: "1e-7", "1e16", not "1e-07", "1e+16".
            guard let e = out[start...].firstIndex(of: UInt8(ascii: "e")) else { return }
            var digits = e + 1
            if out[digits] == UInt8(ascii: "+") { out.remove(at: digits) } else if out[digits] == UInt8(ascii: "-") { digits += 1 }
            while digits < out.count - 1, out[digits] == UInt8(ascii: "0") { out.remove(at: digits) }
        case .string(let text): string(text, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(item, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in members {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                string(key, to: &out)
                out.append(UInt8(ascii: ":"))
                write(member, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hex = Array("0123456789ABCDEF".utf8)

    private static func string(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case 0x08: out.append(contentsOf: #"\b"#.utf8)
            case 0x0C: out.append(contentsOf: #"\f"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                                   hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
