import BreatherLocale
import BreatherModel
import BreatherViewModel

/// The day-ahead keys: `[alerts] pollen, uv, pre_alert, briefing` and `[bar] pollen, uv`.
extension ConfigFile {
    /// The furthest a pre-alert can look: the four days of Open-Meteo's pollen and air forecast.
    static let maxPreAlertSeconds = 96 * 3600

    /// `pollen` (a NAB level), `uv` (a WHO category), `pre_alert` (1h to 96h) and `briefing`
    /// ("HH:MM", local time) of `[alerts]`.
    func applyDayAheadAlerts(_ table: TOMLTable, to alerts: inout AlertSettings, settings: inout Settings) throws(ConfigError) {
        if let id = try string("pollen", in: table, section: "alerts") {
            alerts.pollen = try pollenLevel(id, key: "pollen", section: "alerts")
            mark(&settings, "alerts.pollen")
        }
        if let id = try string("uv", in: table, section: "alerts") {
            alerts.uv = try choice(id, key: "uv", section: "alerts") as UVCategory
            mark(&settings, "alerts.uv")
        }
        if let value = try string("pre_alert", in: table, section: "alerts") {
            guard let seconds = ConfigDuration.parseSeconds(value), (3600...Self.maxPreAlertSeconds).contains(seconds) else {
                throw error("pre_alert", "alerts", tr("must be a duration from %s to %s (the forecast's reach), like %s (got %s)").filled("1h", "96h", "\"8h\"", "\"\(value)\""))
            }
            alerts.preAlertSeconds = seconds
            mark(&settings, "alerts.pre_alert")
        }
        if let value = try string("briefing", in: table, section: "alerts") {
            guard let minute = Self.minuteOfDay(value) else {
                throw error("briefing", "alerts", tr("must be a local time from 00:00 to 23:59, like %s (got %s)").filled("\"20:00\"", "\"\(value)\""))
            }
            alerts.briefingMinute = minute
            mark(&settings, "alerts.briefing")
        }
    }

    /// `[bar]`: from which pollen level and UV category the compact bar text shows them.
    func applyBar(_ table: TOMLTable, to settings: inout Settings) throws(ConfigError) {
        try checkKeys(table, section: "bar", allowed: ["pollen", "uv", "places"])
        if let id = try string("places", in: table, section: "bar") {
            settings.barPlaces = try choice(id, key: "places", section: "bar") as BarPlaces
            mark(&settings, "bar.places")
        }
        if let id = try string("pollen", in: table, section: "bar") {
            settings.bar.barPollen = try pollenLevel(id, key: "pollen", section: "bar")
            mark(&settings, "bar.pollen")
        }
        if let id = try string("uv", in: table, section: "bar") {
            settings.bar.barUV = try choice(id, key: "uv", section: "bar") as UVCategory
            mark(&settings, "bar.uv")
        }
    }

    private func pollenLevel(_ id: String, key: String, section: String) throws(ConfigError) -> PollenLevel {
        let levels = PollenLevel.allCases.filter { $0 != .none }
        guard let level = PollenLevel(id: id), level != .none else {
            throw error(key, section, tr("unknown value %s; allowed: %s").filled("\"\(id)\"", levels.map(\.id).joined(separator: ", ")))
        }
        return level
    }

    /// Minutes after midnight of "HH:MM" (one or two hour digits, two minute digits); nil otherwise.
    static func minuteOfDay(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60 else { return nil }
        return hour * 60 + minute
    }
}
