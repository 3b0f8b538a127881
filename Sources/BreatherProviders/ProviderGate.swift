import BreatherIO
import BreatherModel

/// Remembers, per provider and part, when it may be asked again and when a failed one is
/// worth asking early. Per part, because one provider's parts are separate services that fail
/// on their own (Open-Meteo's forecast and air-quality APIs are different hosts). The daemon
/// and `watch` share one gate across refreshes; `ConditionsFetcher` asks it once per provider
/// and part per fetch and records one outcome for each (AirVisual's one request that serves
/// air and weather counts once for each part, so each part's wait doubles once per failure).
///
/// Three rules, strictest first:
/// - **`Retry-After`** (and AirVisual's 429) is obeyed exactly, up to a day, by every request,
///   a person's included: the provider asked for that wait itself. As it ends, an early retry
///   is due (`secondsUntilEarlyRetry`): the provider is asked again then, not at the next poll.
/// - **A 429 without `Retry-After`** backs off exponentially (from `firstRetrySeconds`, doubling
///   up to `maxRateLimitSeconds`, with jitter): the provider said "too many", so the poll
///   interval itself is too fast for it. A person's request (a click, SIGUSR1) still asks.
/// - **An outage** (a timeout, a 5xx, no connection) never holds back a scheduled poll: the
///   next poll asks, so fresh data is back within one interval of the provider's recovery.
///   While the retries would come well before the next poll (from `firstRetrySeconds`,
///   doubling while under half the poll interval, with jitter so that machines that failed
///   together do not retry together), `secondsUntilEarlyRetry` says when to retry early; a
///   laptop whose first poll after waking failed has data in seconds, not in 15 minutes.
///
/// Any reply that shows the provider is up (a success, bad data, a rejected key, "not found")
/// clears the count: waiting longer changes nothing for them. A reload starts a new gate.
public actor ProviderGate {
    private struct Key: Hashable {
        var provider: String
        var part: ProviderFailure.Part
    }

    private var retryAfterUntil: [Key: Timestamp] = [:]
    private var rateLimitedUntil: [Key: Timestamp] = [:]
    private var earlyRetryAt: [Key: Timestamp] = [:]
    private var consecutiveFailures: [Key: Int] = [:]
    private let firstRetrySeconds: Double
    private let pollSeconds: Double
    private let maxRateLimitSeconds: Double
    private let now: @Sendable () -> Timestamp
    private let jitter: @Sendable () -> Double

    /// A gate for a poll every `pollSeconds`: retries start at `firstRetrySeconds` and double per
    /// consecutive failure; a 429's backoff stops growing at `maxRateLimitSeconds`. Every wait
    /// is scaled by `jitter()` (0.5…1 by default). Its clock is `sinceBoot` unless a test gives one.
    public init(firstRetrySeconds: Double, pollSeconds: Double, maxRateLimitSeconds: Double = 3600,
                now: @escaping @Sendable () -> Timestamp = ProviderGate.sinceBoot,
                jitter: @escaping @Sendable () -> Double = { Double.random(in: 0.5...1.0) }) {
        self.firstRetrySeconds = firstRetrySeconds
        self.pollSeconds = pollSeconds
        self.maxRateLimitSeconds = maxRateLimitSeconds
        self.now = now
        self.jitter = jitter
    }

    /// A new gate with this one's settings and clock and no holds: another place's, so each
    /// place keeps its own Retry-After and backoff.
    public nonisolated func sibling() -> ProviderGate {
        ProviderGate(firstRetrySeconds: firstRetrySeconds, pollSeconds: pollSeconds, maxRateLimitSeconds: maxRateLimitSeconds,
                     now: now, jitter: jitter)
    }

    /// The gate's clock: the time since boot, sleep included (CLOCK_BOOTTIME), as a `Timestamp`
    /// that only differences give meaning to. A wall-clock step (NTP, a user setting the date)
    /// cannot stretch or cut a hold, and a hold runs out while the machine sleeps, as the
    /// provider's own clock does.
    @Sendable public static func sinceBoot() -> Timestamp {
        Timestamp(timeIntervalSince1970: BootDeadline.now())
    }

    /// The longest wait a `Retry-After` can impose: a day.
    public static let longestRetryAfterSeconds = 86_400

    /// Seconds until `provider` may be asked for `part` again, or nil when it may be asked now.
    /// A person's request waits only for a `Retry-After`.
    public func wait(for provider: String, part: ProviderFailure.Part, isUserRequest: Bool = false) -> Int? {
        let provider = Key(provider: provider, part: part)
        let holds = [retryAfterUntil[provider], isUserRequest ? nil : rateLimitedUntil[provider]].compactMap { $0 }
        guard let until = holds.max() else { return nil }
        let remaining = until.timeIntervalSince(now())
        return remaining > 0 ? Int(remaining.rounded(.up)) : nil
    }

    /// The "not asked" failure for `provider` while it must wait, or nil when it may be asked.
    public func hold(_ provider: String, part: ProviderFailure.Part, isUserRequest: Bool) -> ProviderFailure? {
        guard let seconds = wait(for: provider, part: part, isUserRequest: isUserRequest) else { return nil }
        let retryAfterHolds = retryAfterUntil[Key(provider: provider, part: part)].map { $0 > now() } ?? false
        let why = retryAfterHolds
            ? "not asked: the provider asked to wait \(seconds)s more (Retry-After)"
            : "not asked: rate limited (429), backing off \(seconds)s more (a click or SIGUSR1 asks now)"
        return ProviderFailure(provider: provider, part: part, kind: .rateLimited, message: why, retryAfterSeconds: seconds)
    }

    /// Seconds until the earliest early retry is due (0 when overdue), or nil when no failed
    /// provider is worth asking before the next poll.
    public func secondsUntilEarlyRetry() -> Double? {
        earlyRetryAt.values.min().map { max(0, $0.timeIntervalSince(now())) }
    }

    /// Records the outcome of asking `provider` for `part`: nil for a success.
    public func record(_ provider: String, part: ProviderFailure.Part, failure: ProviderFailure?) {
        let provider = Key(provider: provider, part: part)
        if let retry = failure?.retryAfterSeconds {
            retryAfterUntil[provider] = now().addingTimeInterval(Double(min(retry, Self.longestRetryAfterSeconds)))
        }
        guard let failure, [.rateLimited, .timeout, .unavailable].contains(failure.kind) else {
            rateLimitedUntil[provider] = nil
            earlyRetryAt[provider] = nil
            consecutiveFailures[provider] = nil
            if failure == nil { retryAfterUntil[provider] = nil }
            return
        }
        // Under a Retry-After, the provider said when: no retry before it, and one as soon as
        // it ends (a second later, so the hold has surely passed), not at the next poll.
        earlyRetryAt[provider] = failure.retryAfterSeconds == nil ? nil : retryAfterUntil[provider]?.addingTimeInterval(1)
        guard failure.retryAfterSeconds == nil else { return }
        let count = (consecutiveFailures[provider] ?? 0) + 1
        consecutiveFailures[provider] = count
        let step = firstRetrySeconds * Double(1 << min(count - 1, 20))
        if failure.kind == .rateLimited {
            rateLimitedUntil[provider] = now().addingTimeInterval(min(step, maxRateLimitSeconds) * jitter())
        } else if step < pollSeconds / 2 {
            earlyRetryAt[provider] = now().addingTimeInterval(step * jitter())
        }
    }
}
