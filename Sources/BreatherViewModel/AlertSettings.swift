import BreatherModel

/// `[alerts]` as configured: the thresholds that send a desktop notification when crossed.
public struct AlertSettings: Sendable, Equatable {
    /// The standard `category` belongs to (the config file's `standard`): the index is judged
    /// under it even while a bar shows another standard.
    public var standard: AQIStandard
    /// A category id of `standard` ("unhealthy_for_sensitive_groups"): notify at it or worse; nil = no index alert.
    public var category: String?
    /// Notify when the asthma risk reaches this level or higher; nil = no asthma alert.
    public var asthma: AsthmaRisk?
    /// How many consecutive fresh readings a crossing (or a recovery) must hold before it is announced.
    public var hold: Int
    /// Notify ("open a window") when the indoor sensor's CO2 reaches this many ppm; nil = no CO2
    /// alert. 1,400 ppm by default: about 1,000 ppm above the outdoor air (~420 ppm), the start of
    /// EN 13779's lowest indoor-air class (IDA 4, "low indoor air quality").
    public var co2PPM: Int? = AlertSettings.defaultCO2PPM
    /// The default CO2 threshold, 1,400 ppm.
    public static let defaultCO2PPM = 1_400

    /// Thresholds for the index under `standard` and for the asthma risk, held `hold` readings.
    public init(standard: AQIStandard, category: String? = nil, asthma: AsthmaRisk? = nil, hold: Int = 2) {
        self.standard = standard
        self.category = category
        self.asthma = asthma
        self.hold = hold
    }
}
