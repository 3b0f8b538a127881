import BreatherModel
import Foundation  // NSLock

/// The one clock the tests move by hand, for code that reads the time through a `now: () -> Timestamp`
/// closure (MainViewModel, ProviderGate). Starts at a fixed instant, so outputs are the same on
/// every run, and moves only when a test calls `advance`.
///
/// Not swift-clocks' `TestClock`: that is a `Clock<Duration>` for code that sleeps on an injected
/// clock, while the code under test here asks for the date and never sleeps on one; taking it
/// would add three packages to the build for a lock around a `Timestamp`.
public final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Timestamp

    /// A clock standing at `start` (2026-11-18 11:06:40 UTC unless told otherwise).
    public init(at start: Timestamp = Timestamp(timeIntervalSince1970: 1_795_000_000)) { current = start }

    /// The time the clock shows.
    public var now: Timestamp { lock.withLock { current } }

    /// Moves the clock forward (or back, for a negative value) by `seconds`.
    public func advance(_ seconds: Double) { lock.withLock { current = current.addingTimeInterval(seconds) } }
}
