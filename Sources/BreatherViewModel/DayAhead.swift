import BreatherModel

/// What the day-ahead parts show in the bar, and from which level (`[bar]` in the config).
public struct DayAheadSettings: Sendable, Equatable {
    /// The compact bar text names the top pollen species from this level up.
    public var barPollen: PollenLevel
    /// The compact bar text shows the UV index from this WHO category up.
    public var barUV: UVCategory

    /// Pollen and UV in the compact text from "high" up unless told otherwise.
    public init(barPollen: PollenLevel = .high, barUV: UVCategory = .high) {
        self.barPollen = barPollen
        self.barUV = barUV
    }
}

/// The UV index now with its WHO category, and today's peak (local day) with its hour.
public struct UVReading: Sendable, Equatable {
    /// The index now (with clouds).
    public var index: Double
    /// The index now under a clear sky, when the provider gives it.
    public var clearSky: Double?
    /// The WHO category of `index`.
    public var category: UVCategory
    /// The highest hourly index of today (local day), the current one included.
    public var peak: Double?
    /// The start of the hour of `peak`.
    public var peakTime: Timestamp?
    /// `peakTime` in local time for people, "13:00"; "" without a peak.
    public var peakHour: String
    /// `peakTime` for machines, RFC 3339 with the local offset; "" without a peak.
    public var peakAt: String

    /// A reading now, with today's peak when the hourly series gives one.
    public init(index: Double, clearSky: Double?, peak: Double?, peakTime: Timestamp?, peakHour: String = "", peakAt: String = "") {
        self.index = index
        self.clearSky = clearSky
        self.category = UVCategory(index: index)
        self.peak = peak
        self.peakTime = peakTime
        self.peakHour = peakHour
        self.peakAt = peakAt
    }
}

/// What a warning ahead is about: the four things `[alerts]` can watch.
public enum OutlookKind: String, Sendable, Hashable, CaseIterable {
    case air, asthma, pollen, uv
}

/// A forecast crossing of an alert threshold: the first forecast hour at or over it, while
/// the value now is under it (when it is already over, the alert itself has spoken).
public struct OutlookWarning: Sendable, Equatable {
    /// What crosses.
    public var kind: OutlookKind
    /// The start of the first forecast hour at or over the threshold.
    public var start: Timestamp
    /// The end of the episode's last forecast hour (the forecast may end first).
    public var end: Timestamp
    /// How bad the episode's peak hour is on its own scale (category or level index): a
    /// later forecast with a higher rank is a worsening.
    public var rank: Int
    /// The episode's worst level in words: "Unhealthy", "high", "very high".
    public var level: String
    /// "US AQI Unhealthy from about 15:00, PM2.5": the pre-alert's text.
    public var summary: String
    /// "US AQI up to 176 Unhealthy at 17:00, 15:00–19:00": the episode's highest value, its
    /// hour, and the episode's hours.
    public var detail: String
    /// `start` and `end` for machines: RFC 3339 with the local offset.
    public var startAt = "", endAt = ""

    /// A crossing from `start` to `end`, worst at `rank`, with its words.
    public init(kind: OutlookKind, start: Timestamp, end: Timestamp, rank: Int, level: String, summary: String, detail: String) {
        self.kind = kind
        self.start = start
        self.end = end
        self.rank = rank
        self.level = level
        self.summary = summary
        self.detail = detail
    }
}

/// One local day of the outlook: the worst air hour, each pollen species' day mean, the UV peak.
public struct OutlookDay: Sendable, Equatable {
    /// The local date, "2026-11-27".
    public var date: String
    /// The worst forecast hour of the day under the standard shown; nil beyond the air forecast.
    public var air: ForecastHour?
    /// The first and last hour at the worst hour's category ("15:00–19:00").
    public var airHours: (from: Timestamp, to: Timestamp)?
    /// Each species' mean count over the day's forecast hours, ranked (highest level first);
    /// empty without pollen data. The NAB scale is for 24-hour counts: the day mean is the
    /// closest the hourly model comes to it.
    public var pollen: [PollenCount]
    /// The day's highest hourly UV index and the start of its hour.
    public var uvPeak: (index: Double, at: Timestamp)?
    /// `airHours` and the UV peak's hour for machines: RFC 3339 with the local offset ("" when absent).
    public var airFromAt = "", airToAt = "", uvPeakAt = ""

    /// A day with its worst air hour (and the hours at its category), pollen and UV peak.
    public init(date: String, air: ForecastHour?, airHours: (from: Timestamp, to: Timestamp)?, pollen: [PollenCount],
                uvPeak: (index: Double, at: Timestamp)?) {
        self.date = date
        self.air = air
        self.airHours = airHours
        self.pollen = pollen
        self.uvPeak = uvPeak
    }

    /// Equal when every part is.
    public static func == (lhs: OutlookDay, rhs: OutlookDay) -> Bool {
        lhs.date == rhs.date && lhs.air == rhs.air && lhs.airHours?.from == rhs.airHours?.from
            && lhs.airHours?.to == rhs.airHours?.to && lhs.pollen == rhs.pollen
            && lhs.uvPeak?.index == rhs.uvPeak?.index && lhs.uvPeak?.at == rhs.uvPeak?.at
            && lhs.airFromAt == rhs.airFromAt && lhs.airToAt == rhs.airToAt && lhs.uvPeakAt == rhs.uvPeakAt
    }
}

/// The days ahead and the warnings in them, worked out at `now` (json `outlook`; the pre-alerts
/// and the briefing are sent from here by `AlertMonitor`).
public struct Outlook: Sendable, Equatable {
    /// When this outlook was worked out (the view model's clock).
    public var now: Timestamp
    /// The local day of `now` (days since 1970): the briefing is sent once per local day.
    public var localDay: Int
    /// Minutes since local midnight at `now`: the briefing is due from its configured minute.
    public var localMinute: Int
    /// Today, tomorrow and the days after, as far as the forecast reaches.
    public var days: [OutlookDay]
    /// Forecast crossings of the `[alerts]` thresholds, soonest first.
    public var warnings: [OutlookWarning]
    /// "Tomorrow: US AQI up to 158 Unhealthy 15:00–19:00; grass pollen high; UV 7" ("Today: …"
    /// for a morning briefing); "" without any forecast for that day.
    public var briefing: String

    /// An outlook with nothing ahead, at `now`.
    public static func empty(at now: Timestamp) -> Outlook {
        Outlook(now: now, localDay: 0, localMinute: 0, days: [], warnings: [], briefing: "")
    }
}
