import BreatherModel

/// `[alerts]` as configured: the thresholds that send a desktop notification when crossed.
public struct AlertSettings: Sendable, Equatable {
    /// The standard `category` belongs to (the config file's `standard`): the index is judged
    /// under it even while a bar shows another standard.
    public var standard: AQIStandard
    /// A category id of `standard` ("unhealthy_for_sensitive_groups"): notify at it or worse; nil = no index alert.
    public var category: String?
    /// Notify when the asthma risk reaches this level or higher; nil = no asthma alert.
    public var asthma: AsthmaRisk?
    /// Notify when the top pollen species reaches this NAB level or higher; nil = no pollen alert.
    public var pollen: PollenLevel?
    /// Notify when the UV index reaches this WHO category or higher; nil = no UV alert.
    public var uv: UVCategory?
    /// Warn this many seconds before a forecast crossing of any threshold above; nil = no pre-alerts.
    public var preAlertSeconds: Int?
    /// Send the daily outlook at this local time, in minutes after midnight; nil = no briefing.
    public var briefingMinute: Int?
    /// How many consecutive fresh readings a crossing (or a recovery) must hold before it is announced.
    public var hold: Int
    /// Notify when the indoor sensor's CO2 reaches this many ppm, with what the advice says of
    /// the outdoor air ("open a window (outdoor air good)" or "air briefly or run the purifier");
    /// nil = no CO2 alert. 1,000 ppm by default: the German Environment Agency's level from which
    /// to ventilate (UBA 2008; EN 16798-1 category II is about 800 ppm above outdoor air).
    public var co2PPM: Int? = AlertSettings.defaultCO2PPM
    /// The default CO2 threshold, 1,000 ppm.
    public static let defaultCO2PPM = 1_000
    /// Notify when the advice changes to keep the windows closed, run the purifier or air only
    /// briefly (`[alerts] advice`); off by default.
    public var advice = false
    /// `personal = true`: the log's suspected triggers become thresholds (off by default).
    public var personal = false
    /// The thresholds `breather insights` suspects, filled in by the application when `personal` is on.
    public var personalThresholds: [PersonalThreshold] = []

    /// Thresholds for the index under `standard`, the asthma risk, pollen and UV, held `hold`
    /// readings; pre-alerts and the briefing when their times are given.
    public init(standard: AQIStandard, category: String? = nil, asthma: AsthmaRisk? = nil, pollen: PollenLevel? = nil,
                uv: UVCategory? = nil, preAlertSeconds: Int? = nil, briefingMinute: Int? = nil, hold: Int = 2) {
        self.standard = standard
        self.category = category
        self.asthma = asthma
        self.pollen = pollen
        self.uv = uv
        self.preAlertSeconds = preAlertSeconds
        self.briefingMinute = briefingMinute
        self.hold = hold
    }

    /// How late a briefing may still go out, in minutes after its time: a machine that slept
    /// through the evening gets no outlook at 3 a.m.
    public static let briefingLatenessMinutes = 180

    /// True when a briefing is due at `localMinute` (minutes since local midnight): from its
    /// time to `briefingLatenessMinutes` after. False without a briefing.
    public func isBriefingTime(localMinute: Int) -> Bool {
        guard let minute = briefingMinute else { return false }
        return (minute..<(minute + Self.briefingLatenessMinutes)).contains(localMinute)
    }
}
