/// One time limit for everything a fetch asks the network, however many `[sources]` it falls
/// back through: each request already has its own `timeout`, but a one-shot run that tries
/// four air sources, then the weather, then Propeller would otherwise take that many timeouts.
///
/// The deadline rides along as a task-local value: `ConditionsFetcher` skips the sources it
/// has no time left for, and `TimeLimitedHTTPClient` cuts each request to the time left.
/// Task-locals reach `async let` children, so air and weather fetched side by side share it.
/// It runs on the monotonic clock: a wall-clock jump (NTP, resume from suspend) cannot
/// stretch or shrink it. Tests put a clock they move by hand in its place (`Clock`), so a
/// deadline passes when a test says so, not when a busy machine gets round to it.
public struct FetchDeadline: Sendable, CustomStringConvertible {
    /// Where a deadline reads the time: the monotonic clock, or one a test moves by hand.
    public struct Clock: Sendable {
        /// The current instant on this clock.
        public let now: @Sendable () -> ContinuousClock.Instant

        /// A clock that reads `now`; only differences between its readings matter.
        public init(now: @escaping @Sendable () -> ContinuousClock.Instant) { self.now = now }

        /// The process's monotonic clock, which every deadline uses unless a test says otherwise.
        public static let monotonic = Clock { ContinuousClock.now }
    }

    /// The clock new deadlines read, for the current task: `.monotonic` except where a test
    /// runs code under one of its own (a task-local, so the deadline `ConditionsFetcher` makes
    /// inside a fetch reads it too).
    @TaskLocal public static var clock: Clock = .monotonic

    /// The limit for one whole fetch. PRODUCT.md has no key for it ("a hung provider must not
    /// hang the command: ≤ 30 s in all"), so it is a constant.
    public static let defaultSeconds: Double = 30

    /// The length of the limit, for messages.
    public let seconds: Double
    let expires: ContinuousClock.Instant
    let clock: Clock

    /// A deadline `seconds` from now on `clock` (kept within 0…1 day, so no value can overflow
    /// the clock).
    public init(seconds: Double, clock: Clock = FetchDeadline.clock) {
        let bounded = seconds.isNaN ? 0 : min(max(seconds, 0), 86_400)
        self.seconds = bounded
        self.clock = clock
        expires = clock.now().advanced(by: .nanoseconds(Int64(bounded * 1_000_000_000)))
    }

    /// The deadline in force for the current task, if any.
    @TaskLocal public static var current: FetchDeadline?

    /// Seconds left before the deadline; zero or less once it has passed.
    public var remainingSeconds: Double {
        let left = clock.now().duration(to: expires).components
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
