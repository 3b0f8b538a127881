/// Averages over the end of an hourly series (oldest first, last element = current hour).
/// These are the real-time averages the standards ask for; each returns `nil` when the data
/// capture rule is not met so callers can fall back to a shorter period and say so.
/// Negative or non-finite hourly values count as missing hours here only as a last guard: a
/// provider reply holding one is refused as bad data before it gets here (`Plausibility` in
/// BreatherProviders), so none is silently skipped; this protects series from elsewhere, such
/// as a cache written by an older Breather.
enum Averaging {
    /// An hour's value when it is valid (finite, not negative), else nil: a missing hour.
    @inline(__always)
    static func valid(_ value: Double?) -> Double? {
        guard let value, value.isFinite, value >= 0 else { return nil }
        return value
    }

    /// The value of the current (last) hour, or `nil` if missing or the series is empty.
    static func current(_ values: [Double?]) -> Double? {
        values.last.flatMap(valid)
    }

    /// The most recent value within the last `hours` hours (a missing current hour falls back
    /// to the hour before, but never to stale data older than `hours`).
    /// Walks the series in place from its end (no array made): the dashboard asks for it
    /// several times for each of 744 hours a place.
    static func recent(_ values: [Double?], within hours: Int = 3) -> Double? {
        var position = values.endIndex
        let first = max(values.startIndex, values.endIndex - hours)
        while position > first {
            position -= 1
            if let value = valid(values[position]) { return value }
        }
        return nil
    }

    /// The mean of the last `hours` hours if at least `minValid` of them are present and the
    /// series covers the whole window (a 3-hour-long series is not an 8-hour mean).
    /// The valid hours summed oldest first, in place (no array made).
    static func mean(_ values: [Double?], hours: Int, minValid: Int) -> Double? {
        guard values.count >= hours else { return nil }
        var sum = 0.0
        var count = 0
        for position in (values.endIndex - hours)..<values.endIndex {
            if let value = valid(values[position]) {
                sum += value
                count += 1
            }
        }
        guard count >= minValid, count > 0 else { return nil }
        return sum / Double(count)
    }

    /// The US EPA NowCast for PM (reference §1 "NowCast (PM)"): the 12 most recent hours
    /// c₀…c₁₁ (c₀ = current hour); `w = 1 − (max − min)/max` clamped to ≥ 0.5;
    /// `NowCast = Σ wⁱ·cᵢ / Σ wⁱ` over the valid hours. Needs 2 of the 3 most recent hours.
    static func nowCast(_ values: [Double?]) -> Double? {
        weightedNowCast(values, hours: 12, minimumWeight: 0.5)
    }

    /// AirNow's ozone NowCast (in use since 21 April 2016; AirNow-Tech, "AirNow Updates to
    /// Ozone Real-time Reporting"): the PM method over the 8 most recent hours with no minimum
    /// weight factor, `w = 1 − (max − min)/max` in 0…1. Needs 2 of the 3 most recent hours.
    /// With a zero among the hours `w` is 0: the current hour alone (`0⁰ = 1`), and no value
    /// when that hour is missing (every other weight is 0).
    static func ozoneNowCast(_ values: [Double?]) -> Double? {
        weightedNowCast(values, hours: 8, minimumWeight: 0)
    }

    /// `Σ wⁱ·cᵢ / Σ wⁱ` over the valid hours of the last `hours`, `w = max(minimumWeight, 1 − range/max)`;
    /// nil unless 2 of the 3 most recent hours are valid. The mean is linear and `w` a ratio, so
    /// it is the same whether taken in µg/m³ or ppb.
    /// Walks the series in place (no array made): the dashboard asks it three times for each
    /// of 744 hours a place.
    private static func weightedNowCast(_ values: [Double?], hours: Int, minimumWeight: Double) -> Double? {
        let span = min(hours, values.count)
        // The value `ago` hours before the last, nil when missing or invalid.
        func recent(_ ago: Int) -> Double? {
            guard let c = values[values.count - 1 - ago], c.isFinite, c >= 0 else { return nil }
            return c
        }
        var recentValid = 0
        for ago in 0..<min(3, span) where recent(ago) != nil { recentValid += 1 }
        guard recentValid >= 2 else { return nil }
        var maxC = 0.0
        var minC = 0.0
        var any = false
        for ago in 0..<span {
            guard let c = recent(ago) else { continue }
            if !any || c > maxC { maxC = c }
            if !any || c < minC { minC = c }
            any = true
        }
        guard any else { return nil }
        let w = maxC > 0 ? max(minimumWeight, 1 - (maxC - minC) / maxC) : 1
        var weighted = 0.0
        var weights = 0.0
        var factor = 1.0
        for ago in 0..<span {
            if let c = recent(ago) {
                weighted += factor * c
                weights += factor
            }
            factor *= w
        }
        return weights > 0 ? weighted / weights : nil
    }
}
