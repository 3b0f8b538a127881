import BreatherLocale
import BreatherStore

/// The bar's evening "log today?" prompt (`[log] evening_prompt`, off by default): from the
/// configured local time to midnight, when nothing is logged yet today and the air of the day
/// (or of the days before, at a suspect's delay) went above a trigger the log suspects
/// (`breather insights`), the day is worth a score: it tests the suspect. Pure; the store
/// reads are in `HistoryStore.eveningPrompt`.
public struct EveningPrompt: Sendable, Equatable {
    /// The suspect the day's air reached (the one with the most bad days above, when several).
    public var suspect: TriggerComparison
    /// The value it reached.
    public var value: Double

    /// The tooltip's line: what was reached and the command that logs the day, in the
    /// language bound in `L10n.language` (the session binds the interface's when it reads it).
    public var line: String {
        let metric = suspect.feature.metric
        let lag = suspect.feature.lag
        let when = lag == 0 ? tr("today", context: "log") : lag == 1 ? tr("yesterday", context: "log") : trn("%d day ago", "%d days ago", lag)
        return tr("Log today? %s %s was %s %s, above the %s your log suspects: breather log 1-4 (1 good … 4 bad)").filled(
            metric.peoplesLabel, when, L10n.number(InsightsFormat.one(value)), ExposureMetric.peoplesUnit(metric.unit),
            L10n.number(InsightsFormat.one(suspect.suspectedAbove ?? 0)))
    }

    /// The prompt at local minute-of-day `minute` after `start`, or nil: before `start`, once
    /// today is logged, or when no suspect's feature in `features` (the day's, `metric@lag`) is
    /// above its "suspected above" value.
    public static func check(minute: Int, start: Int, todayLogged: Bool, features: [String: Double],
                             suspects: [TriggerComparison]) -> EveningPrompt? {
        guard minute >= start, !todayLogged else { return nil }
        for suspect in suspects {
            guard let limit = suspect.suspectedAbove, let value = features[suspect.feature.id], value > limit else { continue }
            return EveningPrompt(suspect: suspect, value: value)
        }
        return nil
    }
}

extension HistoryStore {
    /// The prompt at `place` at `now` from `start` (minutes after local midnight) on, given the
    /// log's `suspects`: reads whether any entry is logged today (at any place: the log is the
    /// person's) and the features of today from the store's hours. Nothing is read before `start`.
    public func eveningPrompt(at place: HistoryPlace, now: Int, start: Int, suspects: [TriggerComparison]) throws(SQLiteError) -> EveningPrompt? {
        let minute = HistoryTime.minuteOfDay(now)
        guard minute >= start, !suspects.isEmpty else { return nil }
        let today = HistoryTime.startOfDay(now)
        let logged = try !logEntries(since: today, until: HistoryTime.startOfDay(today + 30 * 3600)).isEmpty
        guard !logged else { return nil }
        try loadNames()
        guard let id = placeIDs[place] else { return nil }
        var calendar = try exposureCalendar(place: id, firstDay: today, lastDay: today)
        return EveningPrompt.check(minute: minute, start: start, todayLogged: false, features: calendar.features(dayStart: today), suspects: suspects)
    }
}
