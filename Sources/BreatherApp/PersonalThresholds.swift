#if canImport(Glibc)
import Glibc
#endif
import BreatherHistory
import BreatherModel
import BreatherViewModel
import BreatherLocale
import Logging

/// `[alerts] personal = true`: the triggers the user's breathing log suspects over the last
/// 90 days (`breather insights`) become alert thresholds, read once when the context is built
/// (start and each reload). The log itself stays in the store; only the numbers become alerts,
/// on this machine's desktop.
enum PersonalThresholds {
    /// The thresholds from the store at `historyPath`; none (with a note in the log) when it cannot be read.
    static func read(historyPath: String, logger: Logger, language: Language) -> [PersonalThreshold] {
        guard access(historyPath, F_OK) == 0 else { return [] }
        do {
            let now = Int(Timestamp.now().timeIntervalSince1970)
            let report = try HistoryStore(path: historyPath, readOnly: true).insights(since: now - 90 * 86_400, now: now, personalBest: nil)
            return thresholds(report.triggers)
        } catch {
            logger.log(.warning, "alerts: personal thresholds: " + L10n.$language.withValue(language) {
                tr("cannot read the history store %s: %s").filled(historyPath, "\(error)")
            })
            return []
        }
    }

    /// One threshold per pollutant or pollen species among the suspects (the lowest limit when
    /// it is suspected at several delays), in report order.
    static func thresholds(_ report: TriggerReport) -> [PersonalThreshold] {
        var result: [PersonalThreshold] = []
        for suspect in report.suspects.sorted(by: { $0.feature < $1.feature }) {
            let metric = suspect.feature.metric
            guard let limit = suspect.suspectedAbove,
                  Pollutant(rawValue: metric.variable) != nil || metric.variable.hasPrefix("pollen_") else { continue }
            if let index = result.firstIndex(where: { $0.variable == metric.variable }) {
                if limit < result[index].limit { result[index].limit = limit; result[index].badDays = suspect.badDaysAbove }
                continue
            }
            result.append(PersonalThreshold(variable: metric.variable, label: metric.label, unit: metric.unit, limit: limit, badDays: suspect.badDaysAbove))
        }
        return result
    }
}
