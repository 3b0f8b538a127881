/// `[log]`: the breathing log's settings (`breather log`, `breather insights`).
extension ConfigFile {
    /// Reads `[log]` into `settings.log`.
    func applyLog(to settings: inout Settings) throws(ConfigError) {
        guard let table = try table("log", in: root) else { return }
        try checkKeys(table, section: "log", allowed: ["personal_best"])
        if let value = table["personal_best"] {
            guard let best = value.int, LogSettings.personalBests.contains(Int(best)) else {
                throw error("personal_best", "log", "must be a peak flow in L/min from \(LogSettings.personalBests.lowerBound) to \(LogSettings.personalBests.upperBound) (got \(value.debugDescription))")
            }
            settings.log.personalBest = Int(best)
            mark(&settings, "log.personal_best")
        }
    }
}

/// `[log]`: the breathing log.
public struct LogSettings: Sendable, Equatable {
    /// The person's best peak flow (L/min), from their action plan; nil: no zones.
    public var personalBest: Int?
    /// Personal bests a person can have.
    public static let personalBests = 60...900

    /// No personal best.
    public init() {}
}
