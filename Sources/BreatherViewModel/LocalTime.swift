#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import BreatherModel

/// The time zone and clock style every time a person reads is written in: the forecast's
/// hours, "updated", the asthma outlook (and, in RFC 3339 with the offset, the machine
/// formats' times). The live one (`system()`) comes from `TZ` or `/etc/localtime` through
/// glibc's `tzset` and `localtime_r` and the locale's clock from `LC_TIME` (no Foundation);
/// tests inject a fixed one. A zone glibc cannot read falls back to UTC and says so.
public struct LocalTime: Sendable {
    /// Seconds east of UTC at an instant (summer time included).
    public var offsetSeconds: @Sendable (Timestamp) -> Int
    /// "UTC" when the times are in UTC (the zone is UTC, or `TZ` named none Breather could
    /// read): written after every time, so a person never takes them for local ones. "" else.
    public var label: String
    /// True when the locale's clock is a 12-hour one ("6:05 PM"); false for "18:05".
    public var twelveHour: Bool

    /// A zone from its offset function; `label` follows each time ("UTC") or is "".
    public init(offsetSeconds: @escaping @Sendable (Timestamp) -> Int, label: String = "", twelveHour: Bool = false) {
        self.offsetSeconds = offsetSeconds
        self.label = label
        self.twelveHour = twelveHour
    }

    /// UTC, labelled: the default of a view model nobody gave a zone (tests, tools).
    public static let utc = LocalTime(offsetSeconds: { _ in 0 }, label: "UTC")

    /// A zone at a fixed offset, unlabelled (tests: Asia/Shanghai is `fixed(8 * 3600)`).
    public static func fixed(_ offsetSeconds: Int, twelveHour: Bool = false) -> LocalTime {
        LocalTime(offsetSeconds: { _ in offsetSeconds }, twelveHour: twelveHour)
    }

    /// The process's zone and clock: `TZ`, else `/etc/localtime` (glibc's own order), read once.
    /// A `TZ` naming no zone file and no POSIX rule ("Foo/Bar"), an offset beyond ±14 h, or a
    /// zone that is UTC give `utc` (labelled). The clock is 12-hour when `LC_TIME`'s time format
    /// (`nl_langinfo(T_FMT)`) uses `%I`, `%l` or `%r`.
    public static func system() -> LocalTime {
        tzset()
        let twelveHour = localeUsesTwelveHourClock()
        let probe = localtime(Timestamp.now())
        guard zoneIsReadable(getenv("TZ").map { String(cString: $0) }), let probe,
              abs(probe.tm_gmtoff) <= 14 * 3600, !isUTC(probe) else {
            return LocalTime(offsetSeconds: { _ in 0 }, label: "UTC", twelveHour: twelveHour)
        }
        return LocalTime(offsetSeconds: { Int(localtime($0)?.tm_gmtoff ?? 0) }, twelveHour: twelveHour)
    }

    /// "18:05" or "6:05 PM", then " UTC" when labelled.
    public func clock(_ date: Timestamp) -> String { labelled(bareClock(date)) }

    /// "2026-11-18 19:06" (or "2026-11-18 7:06 PM"), then " UTC" when labelled.
    public func dateTime(_ date: Timestamp) -> String { labelled("\(local(date).prefix(10)) \(bareClock(date))") }

    /// RFC 3339 with this zone's offset: `2026-11-18T19:06:40+08:00` (`Z` in UTC).
    public func rfc3339(_ date: Timestamp) -> String {
        Timestamp.rfc3339(date, offsetSeconds: offsetSeconds(date))
    }

    /// "18:05" or "6:05 PM" without the zone's label (a reason's "until 18:00").
    func bareClock(_ date: Timestamp) -> String {
        let stamp = local(date)
        guard twelveHour else { return String(stamp.dropFirst(11).prefix(5)) }
        let hour = Int(stamp.dropFirst(11).prefix(2)) ?? 0
        return "\(hour % 12 == 0 ? 12 : hour % 12):\(stamp.dropFirst(14).prefix(2)) \(hour < 12 ? "AM" : "PM")"
    }

    private func local(_ date: Timestamp) -> String {
        Timestamp.rfc3339(date.addingTimeInterval(Double(offsetSeconds(date))))
    }

    private func labelled(_ text: String) -> String { label.isEmpty ? text : "\(text) \(label)" }

    private static func localtime(_ date: Timestamp) -> tm? {
        guard date.timeIntervalSince1970.isFinite, abs(date.timeIntervalSince1970) < 1e15 else { return nil }
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var result = tm()
        return localtime_r(&seconds, &result) == nil ? nil : result
    }

    private static func isUTC(_ time: tm) -> Bool {
        guard time.tm_gmtoff == 0, let zone = time.tm_zone else { return time.tm_gmtoff == 0 }
        return ["UTC", "GMT", "UCT", "Zulu", "Universal"].contains(String(cString: zone))
    }

    /// True when `TZ` is unset, or names a zone file or a POSIX rule ("EST5EDT", "<+03>-3"):
    /// glibc reads anything else as UTC under a made-up name.
    public static func zoneIsReadable(_ tz: String?) -> Bool {
        guard var name = tz else { return true }
        if name.hasPrefix(":") { name.removeFirst() }
        if name.isEmpty { return true }
        let folder = getenv("TZDIR").map { String(cString: $0) } ?? "/usr/share/zoneinfo"
        let path = name.hasPrefix("/") ? name : "\(folder)/\(name)"
        if !name.containsText("..") && access(path, R_OK) == 0 { return true }
        if name.firstIndex(of: "/") != nil { return false }
        // A POSIX rule: a name of three letters or more (or <…>), then an offset.
        let scalars = Array(name.unicodeScalars)
        var index = 0
        if scalars.first == "<" {
            guard let close = scalars.firstIndex(of: ">") else { return false }
            index = close + 1
        } else {
            while index < scalars.count, scalars[index].properties.isAlphabetic { index += 1 }
            guard index >= 3 else { return false }
        }
        guard index < scalars.count else { return false }
        let next = scalars[index]
        return next == "+" || next == "-" || ("0"..."9").contains(next)
    }

    private static func localeUsesTwelveHourClock() -> Bool {
        guard let locale = newlocale(LC_TIME_MASK, "", nil) else { return false }
        defer { freelocale(locale) }
        guard let format = nl_langinfo_l(nl_item(T_FMT), locale) else { return false }
        let text = String(cString: format)
        return text.containsText("%I") || text.containsText("%l") || text.containsText("%r")
    }
}
