#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An instant: seconds since 1970-01-01T00:00:00Z, what Breather used Foundation's `Date` for.
///
/// Breather's own type because `Date` was the only reason its modules imported
/// FoundationEssentials, which linked 4.9 MB into the 17.8 MB static release binary
/// (the goal is ≤ 16 MB and a fast start-up). The names follow `Date`'s (`timeIntervalSince1970`,
/// `addingTimeInterval(_:)`, `timeIntervalSince(_:)`) so code reads as it did. Parsing and
/// formatting are in Timestamp+RFC3339.swift.
public struct Timestamp: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01T00:00:00Z (negative before it), fractions included.
    public var timeIntervalSince1970: Double

    /// The instant `seconds` after 1970-01-01T00:00:00Z.
    public init(timeIntervalSince1970 seconds: Double) {
        timeIntervalSince1970 = seconds
    }

    /// The current wall-clock time (`CLOCK_REALTIME`): what `Date()` gave. Wall-clock on purpose:
    /// it is compared with providers' observation times and stored in the cache across runs.
    public static func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(timeIntervalSince1970: Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000)
    }

    /// Seconds from `other` to `self`: positive when `self` is later.
    public func timeIntervalSince(_ other: Timestamp) -> Double {
        timeIntervalSince1970 - other.timeIntervalSince1970
    }

    /// The instant `seconds` later (earlier, for a negative value).
    public func addingTimeInterval(_ seconds: Double) -> Timestamp {
        Timestamp(timeIntervalSince1970: timeIntervalSince1970 + seconds)
    }

    /// Earlier instants order first.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.timeIntervalSince1970 < rhs.timeIntervalSince1970
    }
}
