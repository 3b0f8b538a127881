#if canImport(Glibc)
import Glibc
#endif
import BreatherViewModel

/// The poll clock shared by `daemon` and `watch`: calls `tick` after every interval. The task
/// sleeps between ticks, so an idle poller costs no CPU.
struct RefreshTimer: Sendable {
    /// Environment variable for tests only: a poll interval in (fractional) seconds, below the
    /// config's 1-minute minimum, so a test can watch several polls in a few seconds.
    static let testIntervalVariable = "BREATHER_TEST_INTERVAL_SECONDS"

    let intervalSeconds: Double

    /// The configured interval, unless the test-only variable overrides it.
    init(configuredSeconds: Int) {
        if let raw = getenv(Self.testIntervalVariable), let seconds = Double(String(cString: raw)), seconds > 0 {
            intervalSeconds = seconds
        } else {
            intervalSeconds = Double(configuredSeconds)
        }
    }

    /// Starts ticking (the first tick comes after one interval); cancel the task to stop.
    func start(_ tick: @escaping @Sendable () -> Void) -> Task<Void, Never> {
        let nanoseconds = UInt64(intervalSeconds * 1_000_000_000)
        return Task.detached {
            while !Task.isCancelled {
                do { try await Task.sleep(nanoseconds: nanoseconds) } catch { return }
                tick()
            }
        }
    }
}
