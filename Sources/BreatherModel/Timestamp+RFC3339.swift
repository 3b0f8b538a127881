// ISO 8601 / RFC 3339 reading and writing for the few shapes providers use.
//
// Written by hand because providers disagree on the shape (Open-Meteo sends
// `2026-10-03T12:00` with a separate UTC offset, IQAir `2021-09-03T21:00:00.000Z`) and
// Foundation's formatters cost start-up time on a path that runs on every bar refresh (and
// would bring back the FoundationEssentials that Timestamp.swift exists to keep out).
extension Timestamp {
    /// Parses `YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM]`. Without a zone, `utcOffsetSeconds` applies.
    public static func parse(_ text: String, utcOffsetSeconds: Int = 0) -> Timestamp? {
        let chars = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= chars.count else { return nil }
            var value = 0
            for c in chars[start..<(start + count)] {
                guard c >= 48, c <= 57 else { return nil }
                value = value * 10 + Int(c - 48)
            }
            return value
        }
        guard chars.count >= 16, chars[4] == UInt8(ascii: "-"), chars[7] == UInt8(ascii: "-"),
              chars[10] == UInt8(ascii: "T") || chars[10] == UInt8(ascii: " "),
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60
        else { return nil }
        var index = 16
        var second = 0.0
        if index < chars.count, chars[index] == UInt8(ascii: ":"), let s = number(index + 1, 2) {
            second = Double(s)
            index += 3
            if index < chars.count, chars[index] == UInt8(ascii: ".") {
                var scale = 0.1
                index += 1
                while index < chars.count, chars[index] >= 48, chars[index] <= 57 {
                    second += Double(chars[index] - 48) * scale
                    scale /= 10
                    index += 1
                }
            }
        }
        var offset = utcOffsetSeconds
        if index < chars.count {
            switch chars[index] {
            case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                offset = 0
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard let oh = number(index + 1, 2) else { return nil }
                let om = number(index + 4, 2) ?? number(index + 3, 2) ?? 0
                offset = (oh * 3600 + om * 60) * (chars[index] == UInt8(ascii: "-") ? -1 : 1)
            default:
                return nil
            }
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 - offset) + second
        return Timestamp(timeIntervalSince1970: seconds)
    }

    /// Formats as RFC 3339 in UTC with whole seconds: `2026-11-22T18:05:00Z`. Total: a date
    /// outside the years 0001–9999 RFC 3339 can write (or a NaN one) is clamped, not trapped on.
    public static func rfc3339(_ date: Timestamp) -> String {
        let seconds = date.timeIntervalSince1970
        let total = seconds.isNaN ? 0 : Int(min(max(seconds, -62_135_596_800), 253_402_300_799).rounded(.down))
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secs = total - days * 86_400
        let (y, m, d) = civilFromDays(days)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let year = String(repeating: "0", count: max(0, 4 - String(y).count)) + String(y)
        return "\(year)-\(two(m))-\(two(d))T\(two(secs / 3600)):\(two(secs % 3600 / 60)):\(two(secs % 60))Z"
    }

    // Howard Hinnant's days-from-civil algorithm (proleptic Gregorian calendar).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civilFromDays(_ z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}

extension Timestamp {
    /// Formats as RFC 3339 at a UTC offset, whole seconds: `2026-11-18T19:06:40+08:00`; `Z`
    /// for an offset of 0. The machine formats (json, templates) write local time this way.
    public static func rfc3339(_ date: Timestamp, offsetSeconds: Int) -> String {
        guard offsetSeconds != 0 else { return rfc3339(date) }
        let shifted = rfc3339(date.addingTimeInterval(Double(offsetSeconds)))
        let size = abs(offsetSeconds) / 60
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return shifted.dropLast() + (offsetSeconds < 0 ? "-" : "+") + "\(two(size / 60)):\(two(size % 60))"
    }
}
