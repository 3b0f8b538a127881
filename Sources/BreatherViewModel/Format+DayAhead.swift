import BreatherLocale
import BreatherModel

/// Pollen, UV and the warnings ahead in words: pure functions of the model, tested as tables.
extension Format {
    /// What the output says where the provider has no pollen (outside Europe, out of season):
    /// never a row of zeros, which would read as "no pollen".
    public static var noPollen: String { tr("no pollen data here") }

    /// `{pollen}`: the species counted now, highest level first: "grass 61 high, birch 12 low";
    /// "none (every species under 1 grain/m³)" when all are counted at zero; `noPollen` without data.
    public static func pollenSummary(_ counts: [PollenCount]) -> String {
        guard !counts.isEmpty else { return noPollen }
        let above = counts.filter { $0.level > .none }
        guard !above.isEmpty else { return "none (every species under 1 grain/m³)" }
        return above.map { "\(speciesName($0.type)) \(whole($0.count)) \(levelName($0.level))" }.joined(separator: ", ")
    }

    /// `{pollen_top}`: the top species and its level, "grass high"; "" without data or when no
    /// species reaches "low".
    public static func pollenTop(_ counts: [PollenCount]) -> String {
        guard let top = counts.first, top.level > .none else { return "" }
        return "\(speciesName(top.type)) \(levelName(top.level))"
    }

    /// The UV index now (the current value, else the hourly one of this hour) and today's peak
    /// (local day, this hour's value included); nil when the provider gave no UV.
    public static func uvReading(_ uv: UVIndex?, localTime: LocalTime, now: Timestamp) -> UVReading? {
        guard let uv, let index = uv.index ?? uv.hourly?.value(at: now) else { return nil }
        var peak: (value: Double, at: Timestamp)?
        for hour in uv.hourly?.hours(from: localTime.startOfDay(now), to: localTime.startOfDay(now, adding: 1)) ?? []
        where hour.value > (peak?.value ?? -1) {
            peak = (hour.value, hour.time)
        }
        if peak == nil || index > peak!.value {
            peak = (index, Timestamp(timeIntervalSince1970: (now.timeIntervalSince1970 / 3600).rounded(.down) * 3600))
        }
        return UVReading(index: index, clearSky: uv.clearSky, peak: peak?.value, peakTime: peak?.at,
                         peakHour: peak.map { localTime.clock($0.at) } ?? "", peakAt: peak.map { localTime.rfc3339($0.at) } ?? "")
    }

    /// `{uv}`: "UV 8 very high, peak 9 at 13:00"; "" without UV data.
    public static func uv(_ reading: UVReading?) -> String {
        guard let reading else { return "" }
        var text = "UV \(UVCategory.reported(reading.index)) \(uvName(reading.category))"
        if let peak = reading.peak, !reading.peakHour.isEmpty {
            text += ", peak \(UVCategory.reported(peak)) at \(reading.peakHour)"
        }
        return text
    }

    /// The tooltip's lines for pollen, UV and the warnings ahead (after the asthma risk); the
    /// pollen and UV lines end in " (stale)" when `stale` (kept from an earlier fetch).
    public static func dayAheadLines(pollen: [PollenCount], uv: UVReading?, outlook: Outlook, stale: Bool = false) -> [String] {
        let mark = stale ? " (" + tr("stale") + ")" : ""
        var lines = [tr("Pollen:") + " " + pollenSummary(pollen) + (pollen.contains { $0.level > .none } ? " (" + tr("grains/m³, AAAAI NAB levels") + ")" : "")
                     + (pollen.isEmpty ? "" : mark)]
        if let uv {
            let clear = uv.clearSky.map { " (" + tr("clear sky %s").filled(String(UVCategory.reported($0))) + ")" } ?? ""
            var peak = ""
            if let value = uv.peak, !uv.peakHour.isEmpty {
                peak = ", " + tr("today's peak %s at %s").filled(String(UVCategory.reported(value)), uv.peakHour)
            }
            lines.append("UV: \(UVCategory.reported(uv.index)) \(uvName(uv.category))\(clear)\(peak)\(mark)")
        }
        lines += outlook.warnings.map { tr("Ahead:") + " \($0.summary) (\($0.detail))" }
        if !outlook.briefing.isEmpty { lines.append(outlook.briefing) }
        return lines
    }

    /// The compact bar's day-ahead parts: the top species from `settings.barPollen` up
    /// ("grass high"), the UV index from `settings.barUV` up ("UV 8").
    public static func compactDayAhead(pollen: [PollenCount], uv: UVReading?, settings: DayAheadSettings) -> [String] {
        var parts: [String] = []
        if let top = pollen.first, top.level > .none, top.level >= settings.barPollen {
            parts.append("\(speciesName(top.type)) \(levelName(top.level))")
        }
        if let uv, uv.category >= settings.barUV { parts.append("UV \(UVCategory.reported(uv.index))") }
        return parts
    }
}
