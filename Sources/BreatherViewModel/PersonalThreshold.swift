import BreatherModel

/// A trigger the user's own breathing log suspects (`breather insights`), used as an alert
/// threshold when `[alerts] personal = true`: the current hour's value of `variable` above
/// `limit` sends a notification. Only pollutants and pollen species become thresholds (a
/// temperature or an indoor reading is left to the user to judge).
public struct PersonalThreshold: Sendable, Equatable {
    /// The store variable: `o3`, `pm2_5`, `no2` or `pollen_grass`.
    public var variable: String
    /// Words for people: "ozone, highest 8-h mean".
    public var label: String
    /// The unit of `limit`.
    public var unit: String
    /// "suspected above" this value.
    public var limit: Double
    /// The bad days above it, for the notification's body.
    public var badDays: Int

    /// A threshold on `variable` above `limit`.
    public init(variable: String, label: String, unit: String, limit: Double, badDays: Int) {
        self.variable = variable
        self.label = label
        self.unit = unit
        self.limit = limit
        self.badDays = badDays
    }

    /// The current value of the variable as `output` shows it: the latest hour of a pollutant,
    /// or a pollen count; nil for none, and for pollen shown stale beside a sensor's fresh
    /// particles ("grass high*": kept from an earlier fetch, no new reading).
    func current(in output: Output) -> Double? {
        if let pollutant = Pollutant(rawValue: variable) { return output.data.latest(pollutant) }
        if variable.hasPrefix("pollen_"), !output.isDayAheadStale {
            return output.data.pollen.first { "pollen_\($0.species)" == variable }?.count
        }
        return nil
    }
}

extension AlertMonitor {
    /// The personal thresholds' crossings and recoveries in `output` read at `reading`.
    mutating func observePersonal(_ output: Output, reading: Timestamp, city: String) -> [AlertNotification] {
        var result: [AlertNotification] = []
        for threshold in settings.personalThresholds {
            guard let value = threshold.current(in: output) else { continue }
            var track = personalTracks[threshold.variable] ?? Track()
            let flipped = track.observe(bad: value > threshold.limit, reading: reading, hold: settings.hold)
            personalTracks[threshold.variable] = track
            guard let alerting = flipped else { continue }
            let shown = Int(value.rounded()), limit = Int(threshold.limit.rounded())
            result.append(alerting
                ? AlertNotification(urgency: .normal, summary: "Your suspected trigger: \(threshold.label) \(shown) \(threshold.unit)",
                                    body: "\(city): above \(limit) \(threshold.unit), which your log found before \(threshold.badDays) bad days")
                : AlertNotification(urgency: .low, summary: "Back below your suspected trigger: \(threshold.label) \(shown) \(threshold.unit)",
                                    body: "\(city): at or below \(limit) \(threshold.unit)"))
        }
        return result
    }
}
