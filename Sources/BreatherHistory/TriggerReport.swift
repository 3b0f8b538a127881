/// One logged day: its worst score and the exposures that led up to it.
public struct LoggedDay: Sendable, Equatable {
    /// The local day's start.
    public var dayStart: Int
    /// The worst (highest) score logged that day: 1 good … 4 bad.
    public var score: Int
    /// `ExposureFeature.id` → value; a gap is absent.
    public var features: [String: Double]

    /// A day as the report reads it.
    public init(dayStart: Int, score: Int, features: [String: Double]) {
        self.dayStart = dayStart
        self.score = score
        self.features = features
    }

    /// Scores 3 and 4 are bad days; 1 and 2 good ones.
    public var isBad: Bool { score >= 3 }
}

/// Bad days against good days for one exposure at one delay, with the counts behind it.
public struct TriggerComparison: Sendable, Equatable {
    /// The exposure and delay.
    public var feature: ExposureFeature
    /// Good and bad days that have a value (a gap is not counted).
    public var goodDays: Int, badDays: Int
    /// The mean on good days and on bad days.
    public var goodMean: Double?, badMean: Double?
    /// The highest value seen on a good day: "tolerated up to".
    public var toleratedUpTo: Double?
    /// Bad days with a value above every good day's.
    public var badDaysAbove: Int
    /// Set when two or more bad days (and no good day) were above `toleratedUpTo`: "suspected above".
    public var suspectedAbove: Double?
}

/// What `breather insights` says about triggers: for each exposure and delay, bad days against
/// good days, in the manner of the Breathing Index's model. No p-values: with a few dozen days
/// a test statistic would claim more than the counts can carry; the counts are shown instead.
public struct TriggerReport: Sendable, Equatable {
    /// Days with a score.
    public var loggedDays: Int
    /// Good (1–2) and bad (3–4) days.
    public var goodDays: Int, badDays: Int
    /// Logged days still needed before anything is compared; nil once there are enough.
    public var moreDaysNeeded: Int?
    /// Every exposure and delay with data on both kinds of day, in report order (empty while
    /// more days are needed).
    public var comparisons: [TriggerComparison]

    /// Scored days before a comparison is worth showing: two weeks.
    public static let minimumLoggedDays = 14
    /// Bad days above every good day before an exposure is named: once is chance.
    public static let minimumBadDaysAbove = 2

    /// The suspected triggers, most bad days above first.
    public var suspects: [TriggerComparison] {
        comparisons.filter { $0.suspectedAbove != nil }.sorted { ($1.badDaysAbove, $0.feature) < ($0.badDaysAbove, $1.feature) }
    }

    /// The report over `days` (one per local day).
    public init(days: [LoggedDay]) {
        loggedDays = days.count
        badDays = days.filter(\.isBad).count
        goodDays = loggedDays - badDays
        if loggedDays < Self.minimumLoggedDays {
            moreDaysNeeded = Self.minimumLoggedDays - loggedDays
            comparisons = []
            return
        }
        moreDaysNeeded = nil
        comparisons = ExposureFeature.all.compactMap { feature in
            let good = days.filter { !$0.isBad }.compactMap { $0.features[feature.id] }
            let bad = days.filter(\.isBad).compactMap { $0.features[feature.id] }
            guard !good.isEmpty || !bad.isEmpty else { return nil }
            let tolerated = good.max()
            let above = tolerated.map { limit in bad.filter { $0 > limit }.count } ?? 0
            // A suspect needs good days to stand against: with none, every value is "only on bad days".
            let suspected = good.count >= 2 && above >= Self.minimumBadDaysAbove ? tolerated : nil
            return TriggerComparison(feature: feature, goodDays: good.count, badDays: bad.count,
                                     goodMean: good.isEmpty ? nil : good.reduce(0, +) / Double(good.count),
                                     badMean: bad.isEmpty ? nil : bad.reduce(0, +) / Double(bad.count),
                                     toleratedUpTo: tolerated, badDaysAbove: above, suspectedAbove: suspected)
        }
    }

    /// The logged days of `entries` (those with a score), each with its features from
    /// `features(dayStart, entriesOfTheDay)`.
    public static func days(_ entries: [LogEntry], features: (Int, [LogEntry]) -> [String: Double]) -> [LoggedDay] {
        var byDay: [Int: [LogEntry]] = [:]
        for entry in entries where entry.score != nil { byDay[HistoryTime.startOfDay(entry.time), default: []].append(entry) }
        return byDay.keys.sorted().map { day in
            let dayEntries = byDay[day]!
            return LoggedDay(dayStart: day, score: dayEntries.compactMap(\.score).max()!, features: features(day, dayEntries))
        }
    }
}
