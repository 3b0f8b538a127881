/// Numbers as an export writes them (`-3.5`, `1012.4`, `0.25`) read straight from the bytes:
/// an optional minus, digits and at most one point, at most 15 significant digits and 22 after
/// the point. Such a number is its digits as an integer (exact in a double below 2^53) divided
/// by a power of ten (exact up to 10^22), and one IEEE division rounds that correctly: the same
/// double `strtod` (and so `Double(_:)`) gives. Anything else (an exponent, a `+`, more digits)
/// is nil, and `Double(_:)` decides.
enum PlainDecimal {
    private static let powersOfTen: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                                1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]

    static func value(_ bytes: ArraySlice<UInt8>) -> Double? {
        var mantissa: UInt64 = 0
        var significant = 0
        var decimals = 0
        var digits = 0
        var point = false
        var negative = false
        // An index loop, not `zip(0..., bytes)`: the same in release, but a debug build (the test
        // suite's child processes) went through generic iterators for every byte of an import.
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            defer { index += 1 }
            switch byte {
            case UInt8(ascii: "-") where index == bytes.startIndex:
                negative = true
            case UInt8(ascii: "."):
                guard !point else { return nil }
                point = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                if point { decimals += 1 }
                mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
                if mantissa != 0 { significant += 1 }
                guard significant <= 15, decimals <= 22 else { return nil }
            default:
                return nil
            }
        }
        guard digits > 0 else { return nil }
        let value = Double(mantissa) / powersOfTen[decimals]
        return negative ? -value : value
    }
}
