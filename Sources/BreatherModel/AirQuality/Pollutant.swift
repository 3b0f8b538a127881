/// The six pollutants every supported index is built from. Raw values are the ids used in
/// the `json` output, the calculator and the config (`pm2_5 pm10 o3 no2 so2 co`).
public enum Pollutant: String, CaseIterable, Sendable, Hashable {
    case pm2_5, pm10, o3, no2, so2, co

    /// The conventional short name shown to people ("PM2.5", "O3").
    public var displayName: String {
        switch self {
        case .pm2_5: "PM2.5"
        case .pm10: "PM10"
        case .o3: "O3"
        case .no2: "NO2"
        case .so2: "SO2"
        case .co: "CO"
        }
    }
}

/// The period a concentration was averaged over. Raw values are the calculator's spellings.
public enum AveragingPeriod: String, CaseIterable, Sendable, Hashable {
    case minutes15 = "15min"
    case hour1 = "1h"
    case hours3 = "3h"
    case hours8 = "8h"
    case hours24 = "24h"
    /// US EPA NowCast, AirNow's real-time weighted mean: PM over 12 hours (weight factor at
    /// least 0.5), ozone over 8 hours (no minimum weight factor).
    case nowcast = "nowcast"
}

/// Units a concentration can be given in. Raw values are the calculator's spellings.
public enum ConcentrationUnit: String, CaseIterable, Sendable, Hashable {
    case microgramsPerCubicMetre = "ug/m3"
    case milligramsPerCubicMetre = "mg/m3"
    case ppb
    case ppm
}

/// One concentration of one pollutant over one averaging period.
public struct PollutantReading: Sendable, Hashable {
    /// The pollutant measured.
    public var pollutant: Pollutant
    /// The period the value is an average over.
    public var period: AveragingPeriod
    /// The concentration, in `unit`; never negative.
    public var value: Double
    /// The unit `value` is in.
    public var unit: ConcentrationUnit

    /// `value` `unit` of `pollutant` averaged over `period`.
    public init(pollutant: Pollutant, period: AveragingPeriod, value: Double, unit: ConcentrationUnit) {
        self.pollutant = pollutant
        self.period = period
        self.value = value
        self.unit = unit
    }
}

/// Hourly concentrations as a provider gives them, in µg/m³, oldest first; the last element is
/// the current hour. `nil` marks a missing hour. Standards average these themselves.
public struct HourlySeries: Sendable, Hashable {
    /// Each pollutant's hourly values in µg/m³, oldest first; a pollutant the provider lacks has no entry.
    public var values: [Pollutant: [Double?]]

    /// A series from per-pollutant hourly values (oldest first, nil for a missing hour).
    public init(_ values: [Pollutant: [Double?]] = [:]) { self.values = values }

    /// The most recent non-missing value of a pollutant, if any.
    public func latest(_ pollutant: Pollutant) -> Double? {
        values[pollutant]?.last(where: { $0 != nil }) ?? nil
    }
}
