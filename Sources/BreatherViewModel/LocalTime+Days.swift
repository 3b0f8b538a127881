import BreatherModel

/// Local days for the day-ahead outlook (today's UV peak, tomorrow's briefing); kept apart
/// from `LocalTime` itself so it stays when that type is replaced by the views work's.
extension LocalTime {
    /// Local days since 1970-01-01 of `date`: equal for two instants of the same local day.
    func day(_ date: Timestamp) -> Int {
        Int(((date.timeIntervalSince1970 + Double(offsetSeconds(date))) / 86_400).rounded(.down))
    }

    /// Minutes since local midnight of `date`, 0…1439.
    public func minuteOfDay(_ date: Timestamp) -> Int {
        let local = Int((date.timeIntervalSince1970 + Double(offsetSeconds(date))).rounded(.down))
        return ((local % 86_400 + 86_400) % 86_400) / 60
    }

    /// The start of the local day `offset` days after `date`'s (0 = today's midnight).
    func startOfDay(_ date: Timestamp, adding offset: Int = 0) -> Timestamp {
        let midnight = Double((day(date) + offset) * 86_400)
        // The offset at the guess, applied once: exact except across a summer-time change at midnight.
        let guess = Timestamp(timeIntervalSince1970: midnight - Double(offsetSeconds(date)))
        return Timestamp(timeIntervalSince1970: midnight - Double(offsetSeconds(guess)))
    }
}

extension LocalTime {
    /// The first instant after `now` whose local wall time is `minute` minutes after midnight
    /// (seconds 0): today's if it is still ahead, else tomorrow's. Counted in local time, so a
    /// summer-time change between now and then moves the instant, not the wall time. A time
    /// that a change skips (02:30 on the spring-forward night) gives the instant after the gap.
    public func next(minuteOfDay minute: Int, after now: Timestamp) -> Timestamp {
        for offset in 0...2 {
            let local = Double((day(now) + offset) * 86_400 + minute * 60)
            // Two rounds of "the offset at the guess" settle on the instant; in a gap they
            // alternate between either side of it, and the later one is the one that comes.
            let first = Timestamp(timeIntervalSince1970: local - Double(offsetSeconds(Timestamp(timeIntervalSince1970: local))))
            let second = Timestamp(timeIntervalSince1970: local - Double(offsetSeconds(first)))
            let third = Timestamp(timeIntervalSince1970: local - Double(offsetSeconds(second)))
            let instant = max(second, third)
            if instant > now { return instant }
        }
        return now.addingTimeInterval(86_400)
    }
}
