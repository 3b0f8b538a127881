import BreatherStore

/// Everything `breather insights` says: triggers, reliever use per week, GINA control and peak
/// flow against the personal best. Queries here; the judgements are the pure types'.
public struct InsightsReport: Sendable, Equatable {
    /// The window's start.
    public var since: Int
    /// The entries in the window, oldest first (the clinician's report lists them).
    public var entries: [LogEntry]
    /// Bad days against good days per exposure and delay.
    public var triggers: TriggerReport
    /// Reliever puffs per week.
    public var reliever: [RelieverWeek]
    /// GINA control over the last four weeks; nil with no entry in them.
    public var control: ControlReport?
    /// The configured personal best (L/min), nil when not set.
    public var personalBest: Int?
    /// Peak flows against it (empty without a personal best).
    public var peakFlows: [PeakFlowReading]
    /// The sources the store recorded readings from (`open-meteo`, `purpleair`), sorted; empty
    /// without a store.
    public var dataSources: [String] = []

    /// The report from `entries` and their days' features.
    public init(entries: [LogEntry], since: Int, now: Int, personalBest: Int?, features: (Int, [LogEntry]) -> [String: Double]) {
        self.since = since
        self.entries = entries
        triggers = TriggerReport(days: TriggerReport.days(entries, features: features))
        reliever = RelieverWeek.weeks(entries)
        control = ControlReport(entries: entries, today: HistoryTime.startOfDay(now))
        self.personalBest = personalBest
        peakFlows = personalBest.map { PeakFlowReading.readings(entries, personalBest: $0) } ?? []
    }
}

extension HistoryStore {
    /// The insights over the entries from `since` to `now`, with each logged day's exposure
    /// from the store's readings at the entry's place; where the store has no value (raw
    /// readings long rolled up, a place since forgotten) the snapshot kept with the entry stands in.
    public func insights(since: Int, now: Int, personalBest: Int?) throws(SQLiteError) -> InsightsReport {
        let entries = try logEntries(since: since, until: now + LogEntry.futureSlackSeconds + 1)
        let days = entries.map { HistoryTime.startOfDay($0.time) }
        var calendars: [String: ExposureCalendar] = [:]
        if let first = days.min(), let last = days.max() {
            for place in Set(entries.map(\.place)) {
                guard let id = try placeID(forLog: place) else { continue }
                calendars[place] = try exposureCalendar(place: id, firstDay: first, lastDay: last)
            }
        }
        try loadNames()
        var report = InsightsReport(entries: entries, since: since, now: now, personalBest: personalBest) { day, dayEntries in
            var features: [String: Double] = [:]
            for entry in dayEntries { features.merge(entry.exposure) { old, _ in old } }
            if let place = dayEntries.first?.place, var calendar = calendars.removeValue(forKey: place) {
                features.merge(calendar.features(dayStart: day)) { _, fromStore in fromStore }
                calendars[place] = calendar
            }
            return features
        }
        report.dataSources = sourceIDs.keys.sorted()
        return report
    }
}
