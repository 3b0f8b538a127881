#if canImport(Glibc)
import Glibc
#endif

/// A deadline that counts time asleep: on CLOCK_BOOTTIME, which runs on through a suspend, so a
/// poll due during the night is due at resume, not one interval of waking time later (as on
/// CLOCK_MONOTONIC, which stops while the machine sleeps).
///
/// A thread cannot wait on CLOCK_BOOTTIME (`pthread_condattr_setclock` takes only the realtime
/// and monotonic clocks), so `wallClockWait` turns the deadline into an instant on the wall
/// clock, which also runs on while asleep: the kernel ends a wait for a wall-clock instant that
/// passed during a suspend at resume. The wall clock only says when to wake; whether the
/// deadline is due is always asked of the boot clock, so a wall clock set forward cannot make
/// one due early (the wait ends early and is taken up again). One set back while a wait runs
/// delays that wait by as much: the price of waking at resume without a timer that polls (NTP
/// slews small errors rather than stepping the clock).
public struct BootDeadline: Sendable, Comparable {
    /// The two clocks a deadline reads, in seconds: since boot (sleep included), and the wall clock.
    public struct Readings: Sendable {
        /// CLOCK_BOOTTIME.
        public var boot: Double
        /// CLOCK_REALTIME.
        public var wall: Double

        /// Readings a test makes up.
        public init(boot: Double, wall: Double) {
            self.boot = boot
            self.wall = wall
        }

        /// The system's clocks now.
        public static func now() -> Readings {
            var boot = timespec(), wall = timespec()
            clock_gettime(CLOCK_BOOTTIME, &boot)
            clock_gettime(CLOCK_REALTIME, &wall)
            return Readings(boot: Double(boot.tv_sec) + Double(boot.tv_nsec) / 1e9,
                            wall: Double(wall.tv_sec) + Double(wall.tv_nsec) / 1e9)
        }
    }

    /// The deadline on CLOCK_BOOTTIME, in seconds.
    public let boot: Double

    /// The deadline `seconds` after `now` (kept within 0…366 days).
    public init(after seconds: Double, now: Readings = .now()) {
        boot = now.boot + (seconds.isNaN ? 0 : min(max(seconds, 0), 86_400 * 366))
    }

    /// True once the boot clock has reached the deadline.
    public func isDue(_ now: Readings) -> Bool { now.boot >= boot }

    /// The wall-clock instant (CLOCK_REALTIME seconds) to wait until for this deadline: when
    /// it is due by the boot clock if the wall clock keeps step.
    public func wallClockWait(_ now: Readings) -> Double { now.wall + max(boot - now.boot, 0) }

    /// The earlier deadline comes first.
    public static func < (a: BootDeadline, b: BootDeadline) -> Bool { a.boot < b.boot }
}
