import BreatherLocale
import BreatherModel

/// One hour of the forecast as the best hours outside read it: values Breather already has.
public struct OutsideHour: Sendable, Equatable {
    /// The hour's start.
    public var time: Timestamp
    /// µg/m³; nil when the forecast has no value for the hour.
    public var pm2_5: Double?, o3: Double?
    /// Pollen, grains/m³ per species.
    public var pollen: [PollenType: Double]
    /// The UV index.
    public var uv: Double?

    /// An hour with what is known of it.
    public init(time: Timestamp, pm2_5: Double? = nil, o3: Double? = nil, pollen: [PollenType: Double] = [:], uv: Double? = nil) {
        self.time = time
        self.pm2_5 = pm2_5
        self.o3 = o3
        self.pollen = pollen
        self.uv = uv
    }

    /// What is over its limit this hour: name and value over limit (how far over), in a fixed order.
    func problems(_ settings: AdviceSettings) -> [(name: String, severity: Double)] {
        var result: [(name: String, severity: Double)] = []
        if let pm2_5, pm2_5 >= settings.outsidePM2_5 { result.append(("PM2.5", pm2_5 / settings.outsidePM2_5)) }
        if let o3, o3 >= settings.outsideO3 { result.append(("ozone", o3 / settings.outsideO3)) }
        for type in PollenType.allCases {
            if let count = pollen[type], PollenLevel(count: count, group: type.group) >= settings.pollen {
                result.append(("\(type.rawValue) pollen", count))
            }
        }
        if let uv, uv >= settings.outsideUV { result.append(("UV", uv / settings.outsideUV)) }
        return result
    }

    var hasData: Bool { pm2_5 != nil || o3 != nil || !pollen.isEmpty || uv != nil }
}

/// The best run of hours outside in the waking hours of the next 24: "Outside: best 06–10
/// (ozone peaks 15:00)", or "Outside: no good window today". An hour is good when PM2.5,
/// ozone and UV are below `[advice] outside_pm2_5`, `outside_o3`, `outside_uv` and no pollen
/// species reaches `[advice] pollen`. The best run is the longest run of good waking hours (the
/// earliest of equal ones); the others are worse for the reason that spoils most waking hours,
/// named with its peak. Temperature and dew point are not used: Breather fetches no hourly weather.
public struct BestHours: Sendable, Equatable {
    /// The best run's first hour and the end of its last (nil when no waking hour is good).
    public var start: Timestamp?, end: Timestamp?
    /// Why the other hours are worse, "ozone peaks 15:00"; nil when every waking hour is good.
    public var worse: String?
    /// The tooltip's line, "Outside: best 06–10 (ozone peaks 15:00)".
    public var summary: String
    /// `start` and `end` in RFC 3339 with the local offset (json); nil with them.
    public var startAt: String?, endAt: String?
    /// The run in local hours, "06–10"; nil with `start`.
    public var span: String?

    /// The briefing's part: "outside best 06–10 (ozone peaks 15:00)", "no good hours outside
    /// (grass pollen peaks 12:00)".
    public var briefingPart: String {
        let note = worse.map { " (\($0))" } ?? ""
        return (span.map { tr("outside best %s").filled($0) } ?? tr("no good hours outside")) + note
    }

    /// The best hours among `hours` in the waking hours of the 24 from `now`; nil when the
    /// forecast gives no value for any of them.
    public static func find(_ hours: [OutsideHour], settings: AdviceSettings, localTime: LocalTime, now: Timestamp) -> BestHours? {
        let waking = hours.filter { hour in
            let minute = localTime.minuteOfDay(hour.time)
            return hour.time.addingTimeInterval(3600) > now && hour.time < now.addingTimeInterval(86_400) && hour.hasData
                && minute >= settings.wakingStartMinute && minute + 60 <= settings.wakingEndMinute
        }.sorted { $0.time < $1.time }
        guard !waking.isEmpty else { return nil }
        // Each hour's problems once: the runs and the reason the others are worse read them.
        let problems = waking.map { $0.problems(settings) }
        var best: (start: Int, count: Int)?
        var run: (start: Int, count: Int)?
        for (index, hour) in waking.enumerated() {
            guard problems[index].isEmpty else { run = nil; continue }
            if let current = run, waking[current.start + current.count - 1].time.addingTimeInterval(3600) == hour.time {
                run = (current.start, current.count + 1)
            } else {
                run = (index, 1)
            }
            if let run, run.count > (best?.count ?? 0) { best = run }
        }
        let worse = Self.worse(zip(waking, problems).map { ($0.time, $1) }, localTime: localTime)
        let note = worse.map { " (\($0))" } ?? ""
        guard let best else {
            return BestHours(start: nil, end: nil, worse: worse, summary: tr("Outside: no good window today") + note)
        }
        let start = waking[best.start].time, end = waking[best.start + best.count - 1].time.addingTimeInterval(3600)
        let span = "\(hour(start, localTime))–\(hour(end, localTime))"
        return BestHours(start: start, end: end, worse: worse, summary: tr("Outside: best %s").filled(span) + note,
                         startAt: localTime.rfc3339(start), endAt: localTime.rfc3339(end), span: span)
    }

    /// The problem that spoils the most waking hours (the first in PM2.5, ozone, pollen, UV
    /// order on a tie) and the hour it peaks: "ozone peaks 15:00"; nil when none does.
    static func worse(_ hours: [(time: Timestamp, problems: [(name: String, severity: Double)])], localTime: LocalTime) -> String? {
        var counts: [String: Int] = [:], order: [String] = [], peaks: [String: (time: Timestamp, severity: Double)] = [:]
        for hour in hours {
            for problem in hour.problems {
                if counts[problem.name] == nil { order.append(problem.name) }
                counts[problem.name, default: 0] += 1
                if problem.severity > peaks[problem.name]?.severity ?? -1 { peaks[problem.name] = (hour.time, problem.severity) }
            }
        }
        let rank = ["PM2.5", "ozone"]
        let sorted = order.sorted { a, b in
            if counts[a] != counts[b] { return counts[a]! > counts[b]! }
            return (rank.firstIndex(of: a) ?? (a == "UV" ? 3 : 2)) < (rank.firstIndex(of: b) ?? (b == "UV" ? 3 : 2))
        }
        guard let name = sorted.first, let peak = peaks[name] else { return nil }
        return tr("%s peaks %s").filled(shownName(name), localTime.bareClock(peak.time))
    }

    /// A problem's name in the language being rendered: "ozone" → "Ozon", "grass pollen" → "Gräser-Pollen".
    static func shownName(_ name: String) -> String {
        if name == "ozone" { return tr("ozone") }
        guard name.hasSuffix(" pollen"), let type = PollenType(rawValue: String(name.dropLast(7))) else { return name }
        return tr("%s pollen").filled(Format.speciesName(type))
    }

    /// "06": the local hour, two digits.
    static func hour(_ time: Timestamp, _ localTime: LocalTime) -> String {
        let hour = localTime.minuteOfDay(time) / 60
        return hour < 10 ? "0\(hour)" : "\(hour)"
    }

    /// The hours from the one holding `now` to `count - 1` ahead (24 by default), from what a
    /// refresh already has: the air now and its hourly forecast, the hourly pollen and UV.
    public static func hours(_ pollution: Pollution?, now: Timestamp, count: Int = 25) -> [OutsideHour] {
        // Only with an hourly forecast: the hour now alone is no choice of hours.
        guard let pollution, pollution.forecast != nil || pollution.pollenHourly != nil || pollution.uv?.hourly != nil else { return [] }
        let forecast = pollution.forecast
        let first = forecast.map { $0.start.addingTimeInterval(-3600) }
            ?? Timestamp(timeIntervalSince1970: (now.timeIntervalSince1970 / 3600).rounded(.down) * 3600)
        return (0..<count).map { offset in
            let time = first.addingTimeInterval(Double(offset) * 3600)
            func air(_ pollutant: Pollutant) -> Double? {
                if offset == 0 { return pollution.hourly?.latest(pollutant) }
                guard let series = forecast?.series.values[pollutant], series.indices.contains(offset - 1) else { return nil }
                return series[offset - 1]
            }
            var pollen: [PollenType: Double] = [:]
            for (type, values) in pollution.pollenHourly ?? [:] { pollen[type] = values.value(at: time) }
            return OutsideHour(time: time, pm2_5: air(.pm2_5), o3: air(.o3), pollen: pollen, uv: pollution.uv?.hourly?.value(at: time))
        }
    }
}
