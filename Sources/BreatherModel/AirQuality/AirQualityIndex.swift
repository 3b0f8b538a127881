/// The air-quality indices Breather knows. Raw values are the `--standard` spellings.
public enum AQIStandard: String, CaseIterable, Sendable, Hashable, Codable {
    /// US EPA AQI, 2024 revision.
    case us
    /// China HJ 633-2026 (in force since 2026-03-01).
    case china
    /// China HJ 633-2012, for comparison with providers that have not switched.
    case china2012 = "china-2012"
    /// European Air Quality Index (EEA, 2024 bands).
    case eu
    /// UK Daily Air Quality Index (1–10).
    case uk
    /// India National AQI (CPCB).
    case india
    /// Canada Air Quality Health Index (AQHI).
    case canada
}

/// A named band of an index with its official colour.
public struct AQICategory: Sendable, Hashable, Codable {
    /// A stable machine id, e.g. `moderate`, `lightly_polluted` (used in CSS classes).
    public var id: String
    /// The official English name, e.g. "Moderate", "Lightly Polluted".
    public var name: String
    /// The official colour as `#RRGGBB`.
    public var color: String

    /// A category with its machine id, official name and `#RRGGBB` colour.
    public init(id: String, name: String, color: String) {
        self.id = id
        self.name = name
        self.color = color
    }
}

/// One pollutant's contribution to an index.
public struct SubIndex: Sendable, Hashable, Codable {
    /// The pollutant this sub-index is for.
    public var pollutant: Pollutant
    /// The averaging period the standard used for this pollutant.
    public var period: AveragingPeriod
    /// The concentration as indexed (after the standard's unit conversion, truncation or rounding).
    public var concentration: Double
    /// The unit of `concentration` (the one the standard's table uses).
    public var unit: ConcentrationUnit
    /// The sub-index, rounded as the standard rounds it.
    public var index: Int

    /// A sub-index of `index` for `pollutant` at `concentration` over `period`.
    public init(pollutant: Pollutant, period: AveragingPeriod, concentration: Double, unit: ConcentrationUnit, index: Int) {
        self.pollutant = pollutant
        self.period = period
        self.concentration = concentration
        self.unit = unit
        self.index = index
    }
}

/// An index value under one standard, with its category and the pollutants that set it.
public struct AirQualityIndex: Sendable, Hashable, Codable {
    /// The standard the index is under.
    public var standard: AQIStandard
    /// The index (for AQHI values above 10 this is the rounded value; `displayValue` shows "10+").
    public var value: Int
    /// The band `value` falls in.
    public var category: AQICategory
    /// The pollutant(s) responsible; empty when the standard names none (China at AQI ≤ 50).
    public var mainPollutants: [Pollutant]
    /// Every sub-index that went into `value`; empty for a provider-given index.
    public var subIndices: [SubIndex]

    /// An index of `value` under `standard`, with its category and what set it.
    public init(standard: AQIStandard, value: Int, category: AQICategory, mainPollutants: [Pollutant], subIndices: [SubIndex]) {
        self.standard = standard
        self.value = value
        self.category = category
        self.mainPollutants = mainPollutants
        self.subIndices = subIndices
    }
}

/// Why an index could not be computed.
public enum AQIError: Error, Sendable, Hashable {
    /// None of the pollutants this standard needs was given.
    case noUsablePollutants(AQIStandard)
    /// A reading was given in a unit that cannot be converted for this pollutant.
    case unsupportedUnit(Pollutant, ConcentrationUnit)
    /// A reading was negative or not finite.
    case invalidConcentration(Pollutant, Double)
    /// The standard has no table for this pollutant and period.
    case unsupportedPeriod(Pollutant, AveragingPeriod, AQIStandard)
}
