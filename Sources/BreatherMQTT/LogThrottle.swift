import BreatherLocale

/// Log lines for a stream of unusable messages, bounded whatever a publisher sends: the first
/// message of each kind (not JSON, another version, unreadable, too large, …) in a window is
/// logged with its own line; the rest are counted, and the count is one line at the first
/// message after the window ends. A thousand bad payloads a second make a few lines a minute.
/// The count's line is in the current language (`L10n.language`); the subject as it is.
public struct LogThrottle: Sendable {
    /// What each line starts with (`mqtt: breather/state`).
    public let subject: String
    /// How long a window lasts, in seconds.
    public let windowSeconds: Double
    private var windowStart: Double?
    private var loggedKinds: Set<String> = []
    private var unlogged = 0

    /// A throttle for lines about `subject`, counting in windows of `windowSeconds`.
    public init(subject: String, windowSeconds: Double = 60) {
        self.subject = subject
        self.windowSeconds = windowSeconds
    }

    /// The lines to log for one unusable message of `kind` at `now` (seconds on a monotonic
    /// clock) whose own line is `line`: none, that line, or a count of the unlogged ones of
    /// the window before and that line.
    public mutating func unusable(kind: String, line: String, at now: Double) -> [String] {
        var lines = endWindow(ifOverAt: now)
        if windowStart == nil { windowStart = now }
        if loggedKinds.insert(kind).inserted {
            lines.append(line)
        } else {
            unlogged += 1
        }
        return lines
    }

    /// The lines to log when a usable message arrives at `now`: the count of the window's
    /// unlogged ones once that window is over, else none.
    public mutating func usable(at now: Double) -> [String] { endWindow(ifOverAt: now) }

    private mutating func endWindow(ifOverAt now: Double) -> [String] {
        guard let start = windowStart, now - start >= windowSeconds else { return [] }
        defer { windowStart = nil; loggedKinds = []; unlogged = 0 }
        guard unlogged > 0 else { return [] }
        let seconds = Int((now - start).rounded())
        return [trn("%s: %d more unusable message in the last %ss, not logged one by one",
                    "%s: %d more unusable messages in the last %ss, not logged one by one", unlogged).filled(subject, String(seconds))]
    }
}
