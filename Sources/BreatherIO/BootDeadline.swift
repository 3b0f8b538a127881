#if canImport(Glibc)
import Glibc
#endif

/// A deadline that counts time asleep: on CLOCK_BOOTTIME, which runs on through a suspend, so a
/// poll due during the night is due at resume, not one interval of waking time later (as on
/// CLOCK_MONOTONIC, which stops while the machine sleeps), and which no wall-clock step moves,
/// forward or back. The loop waits for it with a timer on the same clock (a timerfd), so the
/// kernel ends the wait at resume when the deadline passed during a suspend.
public struct BootDeadline: Sendable, Comparable {
    /// The deadline on CLOCK_BOOTTIME, in seconds.
    public let boot: Double

    /// CLOCK_BOOTTIME now, in seconds.
    public static func now() -> Double {
        var boot = Glibc.timespec()
        clock_gettime(CLOCK_BOOTTIME, &boot)
        return Double(boot.tv_sec) + Double(boot.tv_nsec) / 1e9
    }

    /// The deadline `seconds` after `now` (kept within 0…366 days).
    public init(after seconds: Double, now: Double = BootDeadline.now()) {
        boot = now + (seconds.isNaN ? 0 : min(max(seconds, 0), 86_400 * 366))
    }

    /// True once the boot clock has reached the deadline.
    public func isDue(_ now: Double) -> Bool { now >= boot }

    /// The deadline as an absolute CLOCK_BOOTTIME `timespec`, for `timerfd_settime`.
    public var bootTime: Glibc.timespec {
        let seconds = boot.rounded(.down)
        return Glibc.timespec(tv_sec: Int(seconds), tv_nsec: Int((boot - seconds) * 1e9))
    }

    /// The earlier deadline comes first.
    public static func < (a: BootDeadline, b: BootDeadline) -> Bool { a.boot < b.boot }
}
