import BreatherModel

/// Local days for the day-ahead outlook (today's UV peak, tomorrow's briefing); kept apart
/// from `LocalTime` itself so it stays when that type is replaced by the views work's.
extension LocalTime {
    /// Local days since 1970-01-01 of `date`: equal for two instants of the same local day.
    func day(_ date: Timestamp) -> Int {
        Int(((date.timeIntervalSince1970 + Double(offsetSeconds(date))) / 86_400).rounded(.down))
    }

    /// Minutes since local midnight of `date`, 0…1439.
    func minuteOfDay(_ date: Timestamp) -> Int {
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
