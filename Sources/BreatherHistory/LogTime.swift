#if canImport(Glibc)
import Glibc
#endif
import BreatherModel

/// The times `breather log --at` reads, in local time: `08:30` (today), `yesterday 22:00`,
/// `today 07:15`, `2026-11-27 08:00`, `2026-11-27` (noon), or an RFC 3339 time.
public enum LogTime {
    /// The seconds `text` names, with `now` for "today"; nil when it is none of the forms.
    public static func parse(_ text: String, now: Int) -> Int? {
        let words = text.split(separator: " ")
        if text.count >= 20, let stamp = Timestamp.parse(text) { return Int(stamp.timeIntervalSince1970.rounded(.down)) }
        switch words.count {
        case 1:
            if let date = date(words[0]) { return local(date, hour: 12, minute: 0) }
            guard let (hour, minute) = clock(words[0]) else { return nil }
            return local(today(now, minus: 0), hour: hour, minute: minute)
        case 2:
            guard let (hour, minute) = clock(words[1]) else { return nil }
            switch words[0] {
            case "today": return local(today(now, minus: 0), hour: hour, minute: minute)
            case "yesterday": return local(today(now, minus: 1), hour: hour, minute: minute)
            default:
                guard let date = date(words[0]) else { return nil }
                return local(date, hour: hour, minute: minute)
            }
        default: return nil
        }
    }

    /// `HH:MM` (or `H:MM`), 00:00–23:59.
    static func clock(_ text: Substring) -> (Int, Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        return (hour, minute)
    }

    /// `YYYY-MM-DD` as (year, month, day), checked against the month's length.
    static func date(_ text: Substring) -> (Int, Int, Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month), day >= 1 else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1] ? (year, month, day) : nil
    }

    /// The local date `days` days before the day of `now`.
    private static func today(_ now: Int, minus days: Int) -> (Int, Int, Int) {
        var time = time_t(HistoryTime.startOfDay(now) - days * 86_400 + 43_200)
        var parts = tm()
        localtime_r(&time, &parts)
        return (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday))
    }

    private static func local(_ date: (Int, Int, Int), hour: Int, minute: Int) -> Int {
        var parts = tm()
        parts.tm_year = Int32(date.0 - 1900)
        parts.tm_mon = Int32(date.1 - 1)
        parts.tm_mday = Int32(date.2)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_isdst = -1
        return Int(mktime(&parts))
    }
}
