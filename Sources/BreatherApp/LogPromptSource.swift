#if canImport(Glibc)
import Glibc
#endif
import BreatherHistory
import BreatherModel
import Logging
import Synchronization

/// Where the bar's evening prompt (`[log] evening_prompt`) comes from: the history store,
/// opened read-only at each read from the configured time on (before it nothing is read), with
/// the log's suspects (`breather insights` over the last 90 days) worked out once a local day.
/// Only the prompt's line leaves it, for the bar formats.
final class LogPromptSource: Sendable {
    private let historyPath: String
    private let start: Int
    private let logger: Logger
    /// The suspects and the local day they were read on.
    private let suspects = Mutex<(day: Int, suspects: [TriggerComparison])?>(nil)

    /// From the store at `historyPath`, asking from `start` minutes after local midnight.
    init(historyPath: String, start: Int, logger: Logger) {
        self.historyPath = historyPath
        self.start = start
        self.logger = logger
    }

    /// The tooltip line when the bar should ask at `location` now; nil otherwise or when the
    /// store cannot be read (noted in the log at debug level: a prompt is no alarm).
    func line(at location: Location) -> String? {
        let now = Int(Timestamp.now().timeIntervalSince1970)
        let local = HistoryTime.minuteOfDay(now)
        guard local >= start, access(historyPath, F_OK) == 0 else { return nil }
        let today = HistoryTime.startOfDay(now)
        let known = suspects.withLock { $0.flatMap { $0.day == today ? $0.suspects : nil } }
        // No suspect today: nothing to ask, nothing to open until tomorrow.
        if known?.isEmpty == true { return nil }
        do {
            let store = try HistoryStore(path: historyPath, readOnly: true)
            let current: [TriggerComparison]
            if let known {
                current = known
            } else {
                current = try store.insights(since: now - 90 * 86_400, now: now, personalBest: nil).triggers.suspects
                suspects.withLock { $0 = (today, current) }
            }
            return try store.eveningPrompt(at: HistoryPlace(location), now: now, start: start, suspects: current)?.line
        } catch {
            logger.log(.debug, "log prompt: \(historyPath): \(error)")
            return nil
        }
    }
}
