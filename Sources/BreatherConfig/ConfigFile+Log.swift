import BreatherLocale

/// `[log]`: the breathing log's settings (`breather log`, `breather insights`, the bar's
/// evening prompt and the dashboard's markers).
extension ConfigFile {
    /// Reads `[log]` into `settings.log`.
    func applyLog(to settings: inout Settings) throws(ConfigError) {
        guard let table = try table("log", in: root) else { return }
        try checkKeys(table, section: "log", allowed: ["personal_best", "evening_prompt", "dashboard"])
        if let value = table["personal_best"] {
            guard let best = value.int, LogSettings.personalBests.contains(Int(best)) else {
                throw error("personal_best", "log", tr("must be a peak flow in L/min from %s to %s (got %s)").filled("\(LogSettings.personalBests.lowerBound)", "\(LogSettings.personalBests.upperBound)", value.debugDescription))
            }
            settings.log.personalBest = Int(best)
            mark(&settings, "log.personal_best")
        }
        if let value = table["evening_prompt"] {
            guard let text = value.string, let minute = Self.minuteOfDay(text) else {
                throw error("evening_prompt", "log", tr("must be a local time %s such as %s (got %s)").filled("\"HH:MM\"", "\"20:00\"", value.debugDescription))
            }
            settings.log.eveningPromptMinute = minute
            mark(&settings, "log.evening_prompt")
        }
        if let value = table["dashboard"] {
            guard let shown = value.bool else { throw error("dashboard", "log", tr("must be true or false")) }
            settings.log.dashboard = shown
            mark(&settings, "log.dashboard")
        }
    }
}

/// `[log]`: the breathing log.
public struct LogSettings: Sendable, Equatable {
    /// The person's best peak flow (L/min), from their action plan; nil: no zones.
    public var personalBest: Int?
    /// `evening_prompt = "20:00"`: from this local minute of the day to midnight the bar asks
    /// "log?" when today has not been logged and the day's air reached a suspected trigger
    /// (`breather insights`); nil (the default): never.
    public var eveningPromptMinute: Int?
    /// `dashboard = true`: the dashboard marks logged bad days and reliever use on its 30-day
    /// chart; false (the default): nothing of the log is on the page.
    public var dashboard = false
    /// Personal bests a person can have.
    public static let personalBests = 60...900

    /// No personal best, no prompt, no markers.
    public init() {}
}
