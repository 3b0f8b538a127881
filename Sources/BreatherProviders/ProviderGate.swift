#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BreatherModel

/// Remembers, per provider id, the earliest time another request is allowed: after a
/// `Retry-After` (exactly as asked) or after failures (exponential backoff with jitter, so
/// many machines that failed together do not retry together). A long-running daemon shares
/// one gate across refreshes; the one-shot run does not need it.
public actor ProviderGate {
    private var notBefore: [String: Date] = [:]
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

    /// Seconds until `provider` may be asked again, or nil when it may be asked now.
    public func wait(for provider: String) -> Int? {
        guard let until = notBefore[provider] else { return nil }
        let remaining = until.timeIntervalSince(now())
        return remaining > 0 ? Int(remaining.rounded(.up)) : nil
    }

    /// Clears `provider`'s wait and failure count.
    public func recordSuccess(_ provider: String) {
        notBefore[provider] = nil
        consecutiveFailures[provider] = nil
    }

    /// The longest wait a `Retry-After` can impose: a day.
    public static let longestRetryAfterSeconds = 86_400

    /// A `Retry-After` is obeyed as given, up to a day (a provider's typo must not silence it
    /// until the next restart); other temporary failures back off. Configuration and bad-data
    /// failures do not: retrying sooner or later changes nothing for them.
    public func recordFailure(_ failure: ProviderFailure) {
        let id = failure.provider
        if let retry = failure.retryAfterSeconds {
            notBefore[id] = now().addingTimeInterval(Double(min(retry, Self.longestRetryAfterSeconds)))
            return
        }
        guard [.rateLimited, .timeout, .unavailable].contains(failure.kind) else { return }
        let count = (consecutiveFailures[id] ?? 0) + 1
        consecutiveFailures[id] = count
        let step = min(baseBackoffSeconds * Double(1 << min(count - 1, 20)), maxBackoffSeconds)
        notBefore[id] = now().addingTimeInterval(step * jitter())
    }

    /// Runs `call` unless the provider is waiting, recording the outcome.
    func run<T: Sendable>(_ provider: String, part: ProviderFailure.Part,
                          _ call: () async throws(ProviderFailure) -> T) async throws(ProviderFailure) -> T {
        if let seconds = wait(for: provider) {
            throw ProviderFailure(provider: provider, part: part, kind: .rateLimited,
                                  message: "not asked: waiting \(seconds)s more after rate limiting or failures",
                                  retryAfterSeconds: seconds)
        }
        do {
            let value = try await call()
            recordSuccess(provider)
            return value
        } catch {
            recordFailure(error)
            throw error
        }
    }
}

/// An air-quality provider that asks its gate first; when waiting, the fetcher moves on to
/// the next source in `[sources]` without any request to this one.
public struct GatedAirQualityProvider: AirQualityProvider {
    let inner: any AirQualityProvider
    let gate: ProviderGate
    /// The wrapped provider's id.
    public var id: String { inner.id }

    /// `inner`, asked only when `gate` lets it.
    public init(_ inner: any AirQualityProvider, gate: ProviderGate) {
        self.inner = inner
        self.gate = gate
    }

    /// The inner provider's reply, or a `rateLimited` failure without a request while the gate says wait.
    public func airQuality(at location: Location) async throws(ProviderFailure) -> Pollution {
        try await gate.run(id, part: .air) { () async throws(ProviderFailure) in try await inner.airQuality(at: location) }
    }
}

/// A weather provider behind a `ProviderGate`.
public struct GatedWeatherProvider: WeatherProvider {
    let inner: any WeatherProvider
    let gate: ProviderGate
    /// The wrapped provider's id.
    public var id: String { inner.id }

    /// `inner`, asked only when `gate` lets it.
    public init(_ inner: any WeatherProvider, gate: ProviderGate) {
        self.inner = inner
        self.gate = gate
    }

    /// The inner provider's reply, or a `rateLimited` failure without a request while the gate says wait.
    public func weather(at location: Location) async throws(ProviderFailure) -> Weather {
        try await gate.run(id, part: .weather) { () async throws(ProviderFailure) in try await inner.weather(at: location) }
    }
}

/// An asthma provider behind a `ProviderGate`.
public struct GatedAsthmaProvider: AsthmaProvider {
    let inner: any AsthmaProvider
    let gate: ProviderGate
    /// The wrapped provider's id.
    public var id: String { inner.id }
    /// The wrapped provider's: a local estimator behind a gate still runs after the deadline.
    public var needsNetwork: Bool { inner.needsNetwork }

    /// `inner`, asked only when `gate` lets it.
    public init(_ inner: any AsthmaProvider, gate: ProviderGate) {
        self.inner = inner
        self.gate = gate
    }

    /// The inner provider's reply, or a `rateLimited` failure without a request while the gate says wait.
    public func asthma(at location: Location, pollution: Pollution?) async throws(ProviderFailure) -> Asthma {
        try await gate.run(id, part: .asthma) { () async throws(ProviderFailure) in
            try await inner.asthma(at: location, pollution: pollution)
        }
    }
}
