/// One variable's values, one an hour from `start` (nil for an hour the provider left empty):
/// the pollen and UV series, past hours and forecast together.
public struct HourlyValues: Sendable, Hashable {
    /// The start of the first hour.
    public var start: Timestamp
    /// One value an hour from `start` on.
    public var values: [Double?]

    /// Values from the hour starting at `start`.
    public init(start: Timestamp, values: [Double?]) {
        self.start = start
        self.values = values
    }

    /// The start of hour `offset` (0 = `start`).
    public func time(ofHour offset: Int) -> Timestamp { start.addingTimeInterval(Double(offset) * 3600) }

    /// The hours whose start lies in `from..<to`, with their values (nil hours left out).
    public func hours(from: Timestamp, to: Timestamp) -> [(time: Timestamp, value: Double)] {
        values.indices.compactMap { offset in
            let time = time(ofHour: offset)
            guard time >= from, time < to, let value = values[offset] else { return nil }
            return (time: time, value: value)
        }
    }

    /// The value of the hour that contains `instant`; nil outside the series or for an empty hour.
    public func value(at instant: Timestamp) -> Double? {
        let offset = Int((instant.timeIntervalSince(start) / 3600).rounded(.down))
        guard values.indices.contains(offset) else { return nil }
        return values[offset]
    }
}
