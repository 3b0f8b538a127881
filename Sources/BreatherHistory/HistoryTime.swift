#if canImport(Glibc)
import Glibc
#endif

/// The history's local times through Glibc (`tzset` + `localtime_r`: TZ, else /etc/localtime), with no
/// Foundation: RFC 3339 with the local offset for machines, `YYYY-MM-DD HH:MM` for people.
public enum HistoryTime {
    /// The broken-down local time of `seconds` and its UTC offset in seconds.
    static func parts(_ seconds: Int) -> (tm, offset: Int) {
        var time = time_t(seconds)
        var parts = tm()
        localtime_r(&time, &parts)
        return (parts, Int(parts.tm_gmtoff))
    }

    /// Reads TZ once before the first conversion (localtime_r, unlike localtime, need not).
    public static func prepare() { tzset() }

    /// `2026-10-03T14:00:00+02:00`: RFC 3339 with the local offset (`Z` never: the offset says
    /// whose clock it was, even when it is UTC, written `+00:00`).
    public static func rfc3339(_ seconds: Int) -> String {
        let (t, offset) = parts(seconds)
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return "\(date(t))T\(two(Int(t.tm_hour))):\(two(Int(t.tm_min))):\(two(Int(t.tm_sec)))\(sign)\(two(minutes / 60)):\(two(minutes % 60))"
    }

    /// `2026-10-03 14:00` for tables and charts.
    public static func minute(_ seconds: Int) -> String {
        let (t, _) = parts(seconds)
        return "\(date(t)) \(two(Int(t.tm_hour))):\(two(Int(t.tm_min)))"
    }

    /// `2026-10-03`: the local calendar day.
    public static func day(_ seconds: Int) -> String { date(parts(seconds).0) }

    /// The start of the local day holding `seconds` (its midnight, or the first hour after a
    /// DST gap), as seconds since 1970.
    public static func startOfDay(_ seconds: Int) -> Int {
        var (t, _) = parts(seconds)
        t.tm_hour = 0
        t.tm_min = 0
        t.tm_sec = 0
        t.tm_isdst = -1
        return Int(mktime(&t))
    }

    /// The hour of the day (0–23) of `seconds`, local.
    public static func hour(_ seconds: Int) -> Int { Int(parts(seconds).0.tm_hour) }

    /// Minutes after local midnight (the clock's, so 20:00 is 1200 on a DST day too).
    public static func minuteOfDay(_ seconds: Int) -> Int {
        let t = parts(seconds).0
        return Int(t.tm_hour) * 60 + Int(t.tm_min)
    }

    /// The day of the week of `seconds`, local: 0 for Monday … 6 for Sunday.
    public static func weekdayFromMonday(_ seconds: Int) -> Int { (Int(parts(seconds).0.tm_wday) + 6) % 7 }

    private static func date(_ t: tm) -> String {
        let year = Int(t.tm_year) + 1900
        return "\(String(repeating: "0", count: max(0, 4 - String(year).count)))\(year)-\(two(Int(t.tm_mon) + 1))-\(two(Int(t.tm_mday)))"
    }

    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// UTC calendar days (the store's daily tier and the names of moved-aside files).
public enum CalendarDay {
    /// `2026-11-26` for days since 1970.
    public static func utcDate(ofDay day: Int) -> String {
        var time = time_t(day * 86_400)
        var parts = tm()
        gmtime_r(&time, &parts)
        return "\(Int(parts.tm_year) + 1900)-\(HistoryTime.two(Int(parts.tm_mon) + 1))-\(HistoryTime.two(Int(parts.tm_mday)))"
    }
}
