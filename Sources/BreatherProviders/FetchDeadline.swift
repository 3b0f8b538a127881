/// One time limit for everything a fetch asks the network, however many `[sources]` it falls
/// back through: each request already has its own `timeout`, but a one-shot run that tries
/// four air sources, then the weather, then Propeller would otherwise take that many timeouts.
///
/// The deadline rides along as a task-local value: `ConditionsFetcher` skips the sources it
/// has no time left for, and `TimeLimitedHTTPClient` cuts each request to the time left.
/// Task-locals reach `async let` children, so air and weather fetched side by side share it.
/// It runs on the monotonic clock: a wall-clock jump (NTP, resume from suspend) cannot
/// stretch or shrink it.
public struct FetchDeadline: Sendable, CustomStringConvertible {
    /// The limit for one whole fetch. PRODUCT.md has no key for it ("a hung provider must not
    /// hang the command: ≤ 30 s in all"), so it is a constant.
    public static let defaultSeconds: Double = 30

    /// The length of the limit, for messages.
    public let seconds: Double
    let expires: ContinuousClock.Instant

    /// A deadline `seconds` from now (kept within 0…1 day, so no value can overflow the clock).
    public init(seconds: Double) {
        let bounded = seconds.isNaN ? 0 : min(max(seconds, 0), 86_400)
        self.seconds = bounded
        expires = ContinuousClock.now.advanced(by: .nanoseconds(Int64(bounded * 1_000_000_000)))
    }

    /// The deadline in force for the current task, if any.
    @TaskLocal public static var current: FetchDeadline?

    /// Seconds left before the deadline; zero or less once it has passed.
    public var remainingSeconds: Double {
        let left = ContinuousClock.now.duration(to: expires).components
        return Double(left.seconds) + Double(left.attoseconds) / 1e18
    }

    /// True with less than 10 ms left: no request is worth starting then, and libcurl's
    /// whole-millisecond limits can end a request cut to the deadline a hair before it.
    public var hasPassed: Bool { remainingSeconds < 0.01 }

    /// Runs `body` with this deadline in force, unless an earlier one already is (the
    /// one-shot's deadline, started before the location lookup, covers the fetch as well).
    public func run<T: Sendable>(_ body: () async -> T) async -> T {
        if let outer = Self.current, outer.expires <= expires { return await body() }
        return await Self.$current.withValue(self) { await body() }
    }

    /// "30 s", "2.5 s".
    public var description: String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}
