#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BreatherModel

/// Remembers, per provider id, when it may be asked again: after a `Retry-After` (exactly as
/// asked, up to a day) or after failures (exponential backoff with jitter, so many machines
/// that failed together do not retry together). The daemon and `watch` share one gate across
/// refreshes; `ConditionsFetcher` asks it once per provider per fetch and records one outcome
/// per provider per fetch (AirVisual serves air and weather from one request: one record).
///
/// A person's request (a click, SIGUSR1) skips the backoff, never a `Retry-After`: the
/// provider asked for that wait itself. A reload starts a new gate (`reset`).
public actor ProviderGate {
    private var retryAfterUntil: [String: Date] = [:]
    private var backoffUntil: [String: Date] = [:]
    private var consecutiveFailures: [String: Int] = [:]
    /// The first backoff step; doubled per consecutive failure up to `maxBackoffSeconds`.
    private let baseBackoffSeconds: Double
    private let maxBackoffSeconds: Double
    private let now: @Sendable () -> Date
    private let jitter: @Sendable () -> Double

    /// A gate whose backoff starts at `baseBackoffSeconds` and doubles per failure up to `maxBackoffSeconds`, scaled by `jitter()` (0.5…1 by default).
    public init(baseBackoffSeconds: Double, maxBackoffSeconds: Double = 3600,
                now: @escaping @Sendable () -> Date = { Date() },
                jitter: @escaping @Sendable () -> Double = { Double.random(in: 0.5...1.0) }) {
        self.baseBackoffSeconds = baseBackoffSeconds
        self.maxBackoffSeconds = maxBackoffSeconds
        self.now = now
        self.jitter = jitter
    }

    /// The longest wait a `Retry-After` can impose: a day.
    public static let longestRetryAfterSeconds = 86_400

    /// Seconds until `provider` may be asked again, or nil when it may be asked now. A person's
    /// request waits only for a `Retry-After`.
    public func wait(for provider: String, isUserRequest: Bool = false) -> Int? {
        let holds = [retryAfterUntil[provider], isUserRequest ? nil : backoffUntil[provider]].compactMap { $0 }
        guard let until = holds.max() else { return nil }
        let remaining = until.timeIntervalSince(now())
        return remaining > 0 ? Int(remaining.rounded(.up)) : nil
    }

    /// The "not asked" failure for `provider` while it must wait, or nil when it may be asked.
    public func hold(_ provider: String, part: ProviderFailure.Part, isUserRequest: Bool) -> ProviderFailure? {
        guard let seconds = wait(for: provider, isUserRequest: isUserRequest) else { return nil }
        let retryAfterHolds = retryAfterUntil[provider].map { $0 > now() } ?? false
        let why = retryAfterHolds
            ? "not asked: the provider asked to wait \(seconds)s more (Retry-After)"
            : "not asked: backing off \(seconds)s more after failures (a click or SIGUSR1 asks now)"
        return ProviderFailure(provider: provider, part: part, kind: .rateLimited, message: why, retryAfterSeconds: seconds)
    }

    /// Records one request's outcome: nil for a success. A `Retry-After` is obeyed as given (up
    /// to a day); other temporary failures back off. Any reply that shows the provider is up
    /// (a success, bad data, a rejected key, "not found") clears the backoff: waiting longer
    /// changes nothing for them.
    public func record(_ provider: String, failure: ProviderFailure?) {
        if let retry = failure?.retryAfterSeconds {
            retryAfterUntil[provider] = now().addingTimeInterval(Double(min(retry, Self.longestRetryAfterSeconds)))
        }
        guard let failure, [.rateLimited, .timeout, .unavailable].contains(failure.kind) else {
            backoffUntil[provider] = nil
            consecutiveFailures[provider] = nil
            if failure == nil { retryAfterUntil[provider] = nil }
            return
        }
        guard failure.retryAfterSeconds == nil else { return }
        let count = (consecutiveFailures[provider] ?? 0) + 1
        consecutiveFailures[provider] = count
        let step = min(baseBackoffSeconds * Double(1 << min(count - 1, 20)), maxBackoffSeconds)
        backoffUntil[provider] = now().addingTimeInterval(step * jitter())
    }
}
