import BreatherModel

/// One stored value: what was measured (`variable`), where, by which source, when.
/// The store keeps at most one per place, source, time and variable.
public struct HistoryReading: Sendable, Hashable {
    /// The place, with coordinates rounded to `HistoryPlace.precision`.
    public var place: HistoryPlace
    /// The provider id (`open-meteo`, `estimate`).
    public var source: String
    /// Seconds since 1970 (UTC), whole: the observation time the provider gave; for a sensor on
    /// the home network, the time it was read (`CityConditions.historyReadings`).
    public var time: Int
    /// A `HistoryVariable` name.
    public var variable: String
    /// The value in the variable's unit.
    public var value: Double

    /// A reading of `variable` = `value` at `time`.
    public init(place: HistoryPlace, source: String, time: Int, variable: String, value: Double) {
        self.place = place
        self.source = source
        self.time = time
        self.variable = variable
        self.value = value
    }
}

/// A place in the store: coordinates rounded to 4 decimals (about 11 m), so the same
/// configured place always finds its rows, and a name for people.
public struct HistoryPlace: Sendable, Hashable {
    /// Degrees north, rounded.
    public var latitude: Double
    /// Degrees east, rounded.
    public var longitude: Double
    /// The display name when one was known ("" otherwise); not part of the key.
    public var name: String

    /// Decimal places kept of each coordinate.
    public static let precision = 10_000.0

    /// The place at `latitude`, `longitude` (rounded), called `name` (cleaned of control
    /// characters and escapes, `Sanitized.line`: an imported file or an old store's name
    /// must not reach a terminal or an export raw).
    public init(latitude: Double, longitude: Double, name: String = "") {
        self.latitude = (latitude * Self.precision).rounded() / Self.precision
        self.longitude = (longitude * Self.precision).rounded() / Self.precision
        self.name = Sanitized.line(name)
    }

    /// The store's place for a model location.
    public init(_ location: Location) {
        self.init(latitude: location.latitude, longitude: location.longitude, name: location.name ?? "")
    }

    public static func == (lhs: HistoryPlace, rhs: HistoryPlace) -> Bool {
        lhs.latitude == rhs.latitude && lhs.longitude == rhs.longitude
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(latitude)
        hasher.combine(longitude)
    }
}
