import BreatherModel

/// `[providers.airgradient]`, `[providers.purpleair]`, `[providers.sensor-community]` or
/// `[providers.awair]`: a sensor on the home network.
public struct SensorSettings: Sendable, Equatable {
    /// `url`: the sensor's local API, a LAN address or an mDNS name (`http://airgradient_ecda3b1eaaaf.local`).
    public var url: String
    /// `place`: outdoors or indoors; unset, it follows the `[sources]` list the sensor is in.
    public var place: SensorPlace?
    /// `place = "<name>"`: the `[[place]]` the sensor stands at; nil = the primary place.
    public var site: String?
    /// `interval`: how often the sensor is read (default 1 minute: a sensor has no quota).
    public var intervalSeconds: Int
    /// `correction` (PurpleAir only): the US EPA correction (default) or none.
    public var correction: PM25Correction

    /// A sensor at `url`, read every minute, EPA-corrected where that applies.
    public init(url: String, place: SensorPlace? = nil, intervalSeconds: Int = 60, correction: PM25Correction = .epa) {
        self.url = url
        self.place = place
        self.intervalSeconds = intervalSeconds
        self.correction = correction
    }
}
