import BreatherLocale

/// `[history]`: the SQLite store of every reading.
extension ConfigFile {
    /// Reads `[history]` into `settings.history`.
    func applyHistory(to settings: inout Settings) throws(ConfigError) {
        guard let table = try table("history", in: root) else { return }
        try checkKeys(table, section: "history", allowed: ["enabled", "path", "backfill", "keep_raw"])
        if let value = table["enabled"] {
            guard let enabled = value.bool else { throw error("enabled", "history", tr("must be true or false")) }
            settings.history.enabled = enabled
            mark(&settings, "history.enabled")
        }
        if let path = try string("path", in: table, section: "history") {
            guard !path.trimmingWhitespace().isEmpty else { throw error("path", "history", tr("needs a file name")) }
            settings.history.path = expandHome(path)
            mark(&settings, "history.path")
        }
        if let value = try string("backfill", in: table, section: "history") {
            guard let seconds = ConfigDuration.parseSeconds(value), seconds % 86_400 == 0, seconds / 86_400 <= HistorySettings.maxBackfillDays else {
                throw error("backfill", "history", tr("must be whole days from %s to %s (Open-Meteo's limit), like %s (got %s)").filled("\"0d\"", "\"\(HistorySettings.maxBackfillDays)d\"", "\"7d\"", "\"\(value)\""))
            }
            settings.history.backfillDays = seconds / 86_400
            mark(&settings, "history.backfill")
        }
        if let value = try string("keep_raw", in: table, section: "history") {
            guard let seconds = ConfigDuration.parseSeconds(value), seconds >= 3600 else {
                throw error("keep_raw", "history", tr("must be a duration from %s to %s, like %s (got %s)").filled("1h", "366d", "\"90d\"", "\"\(value)\""))
            }
            settings.history.keepRawSeconds = seconds
            mark(&settings, "history.keep_raw")
        }
    }
}

/// `[history]`: where readings are kept and for how long.
public struct HistorySettings: Sendable, Equatable {
    /// Record each fetch (default true).
    public var enabled = true
    /// nil = `$STATE_DIRECTORY/history.sqlite3` under systemd's `StateDirectory=`, else
    /// `$XDG_STATE_HOME/breather/history.sqlite3` (or `~/.local/state/…`).
    public var path: String?
    /// Days of past hours Open-Meteo is asked for at a place with no history (default 7).
    public var backfillDays = 7
    /// How long raw readings are kept before they become hourly means (default 90 days).
    public var keepRawSeconds = 90 * 86_400
    /// Open-Meteo's `past_days` limit.
    public static let maxBackfillDays = 92

    /// Recording on, the default file, 7 days of backfill, 90 days of raw readings.
    public init() {}
}
