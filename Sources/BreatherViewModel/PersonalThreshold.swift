import BreatherLocale
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

    /// `label` in the language being rendered (`L10n.language`): the same words as `breather
    /// insights` prints; `label` itself in English, and for a variable the catalogs do not name.
    var peoplesLabel: String {
        guard L10n.language != .english else { return label }
        if variable.hasPrefix("pollen_"), let species = PollenType(rawValue: String(variable.dropFirst("pollen_".count))) {
            return tr("%s pollen, highest hour").filled(Format.speciesName(species))
        }
        switch variable {
        case "pm2_5": return tr("PM2.5, 24-h mean")
        case "o3": return tr("ozone, highest 8-h mean")
        case "no2": return tr("NO2, highest hour")
        default: return label
        }
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
            let shown = String(Int(value.rounded())), limit = String(Int(threshold.limit.rounded()))
            let label = threshold.peoplesLabel, unit = threshold.unit == "grains/m³" ? tr("grains/m³") : threshold.unit
            result.append(alerting
                ? AlertNotification(urgency: .normal, summary: tr("Your suspected trigger: %s %s %s").filled(label, shown, unit),
                                    body: trn("%s: above %s %s, which your log found before %d bad day",
                                              "%s: above %s %s, which your log found before %d bad days", threshold.badDays).filled(city, limit, unit))
                : AlertNotification(urgency: .low, summary: tr("Back below your suspected trigger: %s %s %s").filled(label, shown, unit),
                                    body: tr("%s: at or below %s %s").filled(city, limit, unit)))
        }
        return result
    }
}
