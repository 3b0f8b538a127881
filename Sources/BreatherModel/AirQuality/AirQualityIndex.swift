/// The air-quality indices Breather knows. Raw values are the `--standard` spellings.
public enum AQIStandard: String, CaseIterable, Sendable, Hashable {
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
public struct AQICategory: Sendable, Hashable {
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
public struct SubIndex: Sendable, Hashable {
    /// The pollutant this sub-index is for.
    public var pollutant: Pollutant
    /// The averaging period the standard used for this pollutant.
    public var period: AveragingPeriod
    /// The concentration as indexed (after the standard's unit conversion, truncation or rounding).
    public var concentration: Double
    /// The unit of `concentration` (the one the standard's table uses).
    public var unit: ConcentrationUnit
    /// The sub-index, rounded as the standard rounds it. For a summed index (the AQHI, see
    /// `AQIStandard.sumsTerms`) this is only the rounded `contribution`: no official sub-index.
    public var index: Int
    /// For a summed index, this pollutant's unrounded term of the sum; nil otherwise.
    public var contribution: Double?
    /// How the reading was converted between ppb/ppm and µg/m³ (at the standard's reference
    /// conditions) before indexing; nil when no such conversion was needed.
    public var conversion: AppliedConversion?
    /// True when the concentration is above the standard's top breakpoint, where the standard
    /// either extrapolates (US) or defines nothing (China: the sub-index stays at 500).
    public var beyondTable: Bool

    /// A sub-index of `index` for `pollutant` at `concentration` over `period`; `contribution` for a summed index.
    public init(pollutant: Pollutant, period: AveragingPeriod, concentration: Double, unit: ConcentrationUnit, index: Int,
                contribution: Double? = nil, conversion: AppliedConversion? = nil, beyondTable: Bool = false) {
        self.pollutant = pollutant
        self.period = period
        self.concentration = concentration
        self.unit = unit
        self.index = index
        self.contribution = contribution
        self.conversion = conversion
        self.beyondTable = beyondTable
    }
}

/// An index value under one standard, with its category and the pollutants that set it.
public struct AirQualityIndex: Sendable, Hashable {
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
    /// The standard's footnote rules that shaped this index (a reading left without a
    /// sub-index, a value bounded by another period's rule), in reading order.
    public var notes: [IndexNote]

    /// An index of `value` under `standard`, with its category, what set it and the rules that shaped it.
    public init(standard: AQIStandard, value: Int, category: AQICategory, mainPollutants: [Pollutant], subIndices: [SubIndex],
                notes: [IndexNote] = []) {
        self.standard = standard
        self.value = value
        self.category = category
        self.mainPollutants = mainPollutants
        self.subIndices = subIndices
        self.notes = notes
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
    /// A reading beyond anything air can hold (`UnitConversion.physicalLimit`); the value in µg/m³.
    case implausibleConcentration(Pollutant, Double)
    /// The standard has no table for this pollutant and period.
    case unsupportedPeriod(Pollutant, AveragingPeriod, AQIStandard)
    /// Nothing could be indexed because the standard takes these readings' range from another
    /// averaging period (US O3 1-h below 0.125 ppm alone); the note says which.
    case notIndexable(IndexNote)
}

extension AQIError: CustomStringConvertible {
    /// The data problem in one line, with no advice on how to type a reading: provider
    /// messages include it ("open-meteo (air): cannot give a canada index: …"), and the
    /// calculator adds its own hint (`CalculatorInput.hint(for:standard:)`).
    public var description: String {
        switch self {
        case .noUsablePollutants(let standard):
            switch standard {
            case .canada: "the canada index (AQHI) needs NO2, O3 and PM2.5 together"
            case .india: "the india index needs at least three pollutants, one of them PM2.5 or PM10"
            default: "none of the pollutants gives a \(standard.rawValue) index"
            }
        case .unsupportedUnit(let pollutant, let unit):
            "\(pollutant.displayName) cannot be converted from \(unit.rawValue) (particles have no molecular weight)"
        case .invalidConcentration(let pollutant, let value):
            "\(pollutant.displayName) concentration \(value) is negative or not a finite number"
        case .implausibleConcentration(let pollutant, let value):
            "\(pollutant.displayName) \(IndexAssembly.plain(value)) µg/m³ is beyond anything measured in air "
                + "(at most \(IndexAssembly.plain(UnitConversion.physicalLimit(pollutant))) µg/m³): a wrong unit or a broken sensor"
        case .unsupportedPeriod(let pollutant, let period, let standard):
            "\(standard.rawValue) has no \(period.rawValue) table for \(pollutant.displayName)"
        case .notIndexable(let note):
            note.text
        }
    }
}
