/// The index of the past hours at one place, oldest first: what the bar's sparkline and trend
/// are drawn from. The history store fills it; the model only holds it.
public struct IndexHistory: Sendable, Hashable {
    /// The start of the first hour.
    public var start: Timestamp
    /// The highest index of each hour, nil for an hour with no reading.
    public var hourly: [Int?]

    /// `hourly` indices from the hour starting at `start`.
    public init(start: Timestamp, hourly: [Int?]) {
        self.start = start
        self.hourly = hourly
    }
}
