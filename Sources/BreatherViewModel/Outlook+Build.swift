import BreatherLocale
import BreatherModel

extension Outlook {
    /// The outlook of `pollution` (and the asthma outlook) at `now`: the local days ahead, the
    /// forecast crossings of `alerts`' thresholds, the briefing. `airHours` is the index for
    /// each forecast hour under `standard` (the one shown), `reachSeconds` ahead.
    static func build(pollution: Pollution?, asthma: Asthma?, standard: AQIStandard, airHours: [ForecastHour],
                      reachSeconds: Int, alerts: AlertSettings?, localTime: LocalTime, now: Timestamp) -> Outlook {
        var days: [OutlookDay] = []
        for offset in 0..<4 {
            let start = localTime.startOfDay(now, adding: offset)
            let end = localTime.startOfDay(now, adding: offset + 1)
            let day = Self.day(from: start, to: end, pollution: pollution, airHours: airHours, localTime: localTime)
            if day.air != nil || !day.pollen.isEmpty || day.uvPeak != nil { days.append(day) }
        }
        var warnings: [OutlookWarning] = []
        if let alerts, let pollution {
            let hours = alerts.standard == standard ? airHours
                : Format.forecast(pollution, standard: alerts.standard, now: now, windowSeconds: reachSeconds)
            warnings += [Self.airWarning(pollution, hours: hours, alerts: alerts, localTime: localTime, now: now),
                         Self.pollenWarning(pollution, alerts: alerts, localTime: localTime, now: now),
                         Self.uvWarning(pollution, alerts: alerts, localTime: localTime, now: now)].compactMap { $0 }
        }
        if let alerts, let warning = Self.asthmaWarning(asthma, alerts: alerts, localTime: localTime, now: now) {
            warnings.append(warning)
        }
        warnings.sort { $0.start < $1.start }
        for index in warnings.indices {
            warnings[index].startAt = localTime.rfc3339(warnings[index].start)
            warnings[index].endAt = localTime.rfc3339(warnings[index].end)
        }
        let morning = (alerts?.briefingMinute ?? 20 * 60) < 12 * 60
        let target = Self.date(localTime.startOfDay(now, adding: morning ? 0 : 1), localTime)
        let briefing = days.first { $0.date == target }.map {
            Self.briefing($0, title: morning ? tr("Today") : tr("Tomorrow"), standard: standard, localTime: localTime)
        } ?? ""
        return Outlook(now: now, localDay: localTime.day(now), localMinute: localTime.minuteOfDay(now), days: days,
                       warnings: warnings, briefing: briefing)
    }

    /// "2026-11-27": the local date of `date`.
    /// Tomorrow's day of this outlook (the local day after `now`), nil when the forecast says
    /// nothing about it.
    public func tomorrow(localTime: LocalTime) -> OutlookDay? {
        let date = Self.date(localTime.startOfDay(now, adding: 1), localTime)
        return days.first { $0.date == date }
    }

    static func date(_ date: Timestamp, _ localTime: LocalTime) -> String {
        String(Timestamp.rfc3339(date.addingTimeInterval(Double(localTime.offsetSeconds(date)))).prefix(10))
    }

    static func day(from start: Timestamp, to end: Timestamp, pollution: Pollution?, airHours: [ForecastHour],
                    localTime: LocalTime) -> OutlookDay {
        let inDay = airHours.filter { $0.time >= start && $0.time < end }
        var worst = inDay.first
        for hour in inDay.dropFirst() where hour.index.value > worst!.index.value { worst = hour }
        var airSpan: (from: Timestamp, to: Timestamp)?
        if let worst {
            let atWorst = inDay.filter { $0.index.category.id == worst.index.category.id }
            airSpan = (atWorst.first!.time, atWorst.last!.time.addingTimeInterval(3600))
        }
        var means: [PollenType: Double] = [:]
        for (type, series) in pollution?.pollenHourly ?? [:] {
            let values = series.hours(from: start, to: end).map(\.value)
            if !values.isEmpty { means[type] = values.reduce(0, +) / Double(values.count) }
        }
        let uvHours = pollution?.uv?.hourly?.hours(from: start, to: end) ?? []
        var uvPeak: (index: Double, at: Timestamp)?
        for hour in uvHours where hour.value > (uvPeak?.index ?? -1) { uvPeak = (hour.value, hour.time) }
        var day = OutlookDay(date: date(start, localTime), air: worst, airHours: airSpan, pollen: PollenCount.ranked(means), uvPeak: uvPeak)
        day.airFromAt = airSpan.map { localTime.rfc3339($0.from) } ?? ""
        day.airToAt = airSpan.map { localTime.rfc3339($0.to) } ?? ""
        day.uvPeakAt = uvPeak.map { localTime.rfc3339($0.at) } ?? ""
        return day
    }

    /// "Tomorrow: US AQI up to 158 Unhealthy 15:00–19:00; grass pollen high; UV 7 high": `day` in words
    /// under `title`, "" when the day has nothing to say.
    public static func briefing(_ day: OutlookDay, title: String, standard: AQIStandard, localTime: LocalTime) -> String {
        var parts: [String] = []
        if let air = day.air, let span = day.airHours {
            // Midnight to midnight reads "all day", not "00:00–00:00".
            let wholeDay = localTime.minuteOfDay(span.from) == 0 && localTime.minuteOfDay(span.to) == 0
            parts.append("\(Format.indexName(standard)) \(tr("up to")) \(standard.displayValue(air.index.value)) \(Format.categoryName(air.index.category, standard)) "
                         + (wholeDay ? tr("all day") : "\(localTime.clock(span.from))–\(localTime.clock(span.to))"))
        }
        if let top = day.pollen.first {
            parts.append(top.level == .none ? tr("pollen none") : tr("%s pollen %s").filled(Format.speciesName(top.type), Format.levelName(top.level)))
        }
        if let uv = day.uvPeak {
            let category = UVCategory(index: uv.index)
            parts.append("UV \(UVCategory.reported(uv.index)) \(Format.uvName(category))")
        }
        return parts.isEmpty ? "" : "\(title): " + parts.joined(separator: "; ")
    }

    /// The first run of hours after `now` whose rank is at least `limit`: its first item, its
    /// peak (the highest `value`, the first of equals, and the start of its hour) and the end
    /// of its last hour. The peak is the episode's highest value, not the first hour of its worst
    /// category: a pre-alert over 60, 90, 120, 60 µg/m³ says "up to 176", not 156.
    static func episode<Item>(_ hours: [(time: Timestamp, rank: Int, item: Item)], limit: Int, after now: Timestamp,
                              value: (Item) -> Double)
        -> (first: Item, start: Timestamp, worst: Item, worstRank: Int, worstTime: Timestamp, end: Timestamp)? {
        guard let startIndex = hours.firstIndex(where: { $0.time > now && $0.rank >= limit }) else { return nil }
        var worst = hours[startIndex]
        var last = hours[startIndex]
        for hour in hours[startIndex...].dropFirst() {
            guard hour.rank >= limit else { break }
            if value(hour.item) > value(worst.item) || (value(hour.item) == value(worst.item) && hour.rank > worst.rank) { worst = hour }
            last = hour
        }
        return (hours[startIndex].item, hours[startIndex].time, worst.item, worst.rank, worst.time, last.time.addingTimeInterval(3600))
    }

    /// ", 13:00–17:00" after "at 14:00": the episode's hours after its peak's.
    static func span(_ run: (start: Timestamp, end: Timestamp), _ localTime: LocalTime) -> String {
        "\(localTime.clock(run.start))–\(localTime.clock(run.end))"
    }

    static func airWarning(_ pollution: Pollution, hours: [ForecastHour], alerts: AlertSettings, localTime: LocalTime,
                           now: Timestamp) -> OutlookWarning? {
        let categories = alerts.standard.categories
        guard let id = alerts.category, let limit = categories.firstIndex(where: { $0.id == id }) else { return nil }
        let rank = { (index: AirQualityIndex) in categories.firstIndex { $0.id == index.category.id } ?? 0 }
        if let current = try? pollution.report(for: alerts.standard), rank(current.index) >= limit { return nil }
        let ranked = hours.map { (time: $0.time, rank: rank($0.index), item: $0) }
        guard let run = episode(ranked, limit: limit, after: now, value: { Double($0.index.value) }) else { return nil }
        let name = Format.indexName(alerts.standard)
        let main = run.first.index.mainPollutants.map(\.displayName).joined(separator: ", ")
        let peak = run.worst.index
        return OutlookWarning(
            kind: .air, start: run.start, end: run.end, rank: run.worstRank, level: peak.category.name,
            summary: tr("%s %s from about %s").filled(name, Format.categoryName(run.first.index.category, alerts.standard), localTime.clock(run.start))
                + (main.isEmpty ? "" : ", \(main)"),
            detail: tr("%s up to %s %s at %s, %s").filled(name, "\(alerts.standard.displayValue(peak.value))", Format.categoryName(peak.category, alerts.standard),
                                                       localTime.clock(run.worstTime), span((run.start, run.end), localTime)))
    }

    static func pollenWarning(_ pollution: Pollution, alerts: AlertSettings, localTime: LocalTime, now: Timestamp) -> OutlookWarning? {
        guard let limit = alerts.pollen, let hourly = pollution.pollenHourly, let start = hourly.values.first?.start else { return nil }
        if let top = PollenCount.ranked(pollution.pollen ?? [:]).first, top.level >= limit { return nil }
        let length = hourly.values.map(\.values.count).max() ?? 0
        let ranked = (0..<length).compactMap { offset -> (time: Timestamp, rank: Int, item: PollenCount)? in
            let time = start.addingTimeInterval(Double(offset) * 3600)
            let counts = hourly.compactMapValues { $0.value(at: time) }
            return PollenCount.ranked(counts).first.map { (time, $0.level.rawValue, $0) }
        }
        guard let run = episode(ranked, limit: limit.rawValue, after: now, value: \.count) else { return nil }
        let first = run.first, worst = run.worst
        return OutlookWarning(
            kind: .pollen, start: run.start, end: run.end, rank: run.worstRank, level: worst.level.displayName,
            summary: tr("%s pollen %s from about %s").filled(Format.speciesName(first.type), Format.levelName(first.level), localTime.clock(run.start))
                .capitalizedFirst,
            detail: tr("%s pollen up to %s grains/m³ (%s) at %s, %s").filled(Format.speciesName(worst.type), Format.whole(worst.count),
                                                                          Format.levelName(worst.level), localTime.clock(run.worstTime),
                                                                          span((run.start, run.end), localTime)))
    }

    static func uvWarning(_ pollution: Pollution, alerts: AlertSettings, localTime: LocalTime, now: Timestamp) -> OutlookWarning? {
        guard let limit = alerts.uv, let hourly = pollution.uv?.hourly else { return nil }
        let rank = { (index: Double) in UVCategory.allCases.firstIndex(of: UVCategory(index: index)) ?? 0 }
        let limitRank = UVCategory.allCases.firstIndex(of: limit) ?? 0
        if let current = pollution.uv?.index ?? hourly.value(at: now), rank(current) >= limitRank { return nil }
        let ranked = hourly.values.indices.compactMap { offset -> (time: Timestamp, rank: Int, item: Double)? in
            hourly.values[offset].map { (hourly.time(ofHour: offset), rank($0), $0) }
        }
        guard let run = episode(ranked, limit: limitRank, after: now, value: { $0 }) else { return nil }
        let first = UVCategory(index: run.first), worst = UVCategory(index: run.worst)
        return OutlookWarning(
            kind: .uv, start: run.start, end: run.end, rank: run.worstRank, level: worst.displayName,
            summary: tr("UV %s from about %s").filled(Format.uvName(first), localTime.clock(run.start)),
            detail: tr("UV up to %s %s at %s, %s").filled("\(UVCategory.reported(run.worst))", Format.uvName(worst), localTime.clock(run.worstTime),
                                                      span((run.start, run.end), localTime)))
    }

    /// The asthma outlook (the worst risk of the next 24 h and its first hour) as a crossing.
    static func asthmaWarning(_ asthma: Asthma?, alerts: AlertSettings, localTime: LocalTime, now: Timestamp) -> OutlookWarning? {
        guard let limit = alerts.asthma, let asthma, let outlook = asthma.outlook, asthma.risk.rank < limit.rank,
              outlook.risk.rank >= limit.rank, outlook.at > now else { return nil }
        return OutlookWarning(
            kind: .asthma, start: outlook.at, end: outlook.at.addingTimeInterval(3600), rank: outlook.risk.rank,
            level: outlook.risk.displayName,
            summary: tr("Asthma risk %s from about %s").filled(Format.riskName(outlook.risk), localTime.clock(outlook.at)),
            detail: tr("asthma risk up to %s from %s").filled(Format.riskName(outlook.risk), localTime.clock(outlook.at)))
    }
}

extension String {
    /// "Grass" from "grass": the first letter upper-cased, for the start of a sentence.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
