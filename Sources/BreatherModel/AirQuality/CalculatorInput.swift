/// Parsing and validation for `breather aqi POLLUTANT[:PERIOD]=VALUE[UNIT]...`, kept here
/// (not in the executable) so it is unit-tested with the standards it feeds.
public enum CalculatorInput {
    /// The periods the calculator accepts (NowCast is a real-time average, not something a
    /// person types in).
    public static let periods: [AveragingPeriod] = [.minutes15, .hour1, .hours3, .hours8, .hours24]

    /// Extra spellings people type for µg/m³ and mg/m³.
    static let unitAliases: [String: ConcentrationUnit] = [
        "µg/m3": .microgramsPerCubicMetre, "µg/m³": .microgramsPerCubicMetre, "ug/m³": .microgramsPerCubicMetre,
        "mg/m³": .milligramsPerCubicMetre,
    ]

    /// Parses one `POLLUTANT[:PERIOD]=VALUE[UNIT]` argument. The period defaults to the
    /// standard's usual one for that pollutant, the unit to µg/m³.
    /// - Throws: `CalculatorInputError` naming the valid choices.
    public static func reading(from argument: String, standard: AQIStandard) throws(CalculatorInputError) -> PollutantReading {
        guard let equals = argument.firstIndex(of: "=") else { throw .malformed(argument) }
        let key = argument[..<equals]
        let valueText = String(argument[argument.index(after: equals)...]).trimmingWhitespace()
        let keyParts = key.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let pollutantName = String(keyParts[0]).lowercased()
        guard let pollutant = Pollutant(rawValue: pollutantName) else { throw .unknownPollutant(pollutantName) }
        guard let usual = standard.defaultPeriod(for: pollutant) else {
            throw .pollutantNotUsed(pollutant, standard)
        }
        var period = usual
        if keyParts.count == 2 {
            let periodName = String(keyParts[1]).lowercased()
            guard let given = AveragingPeriod(rawValue: periodName), periods.contains(given) else {
                throw .unknownPeriod(periodName)
            }
            guard validPeriods(for: pollutant, in: standard).contains(given) else {
                throw .periodNotUsed(pollutant, given, standard)
            }
            period = given
        }
        let (value, unitText) = try splitNumber(valueText, argument: argument)
        guard value >= 0 else { throw .negativeValue(argument) }
        let unit: ConcentrationUnit
        if unitText.isEmpty {
            unit = .microgramsPerCubicMetre
        } else if let known = ConcentrationUnit(rawValue: unitText.lowercased()) ?? unitAliases[unitText.lowercased()] {
            unit = known
        } else {
            throw .unknownUnit(unitText)
        }
        return PollutantReading(pollutant: pollutant, period: period, value: value, unit: unit)
    }

    /// The calculator periods this standard has a table (or, for the AQHI, a formula) for.
    public static func validPeriods(for pollutant: Pollutant, in standard: AQIStandard) -> [AveragingPeriod] {
        periods.filter { period in
            standard.defaultPeriod(for: pollutant) == period || !standard.breakpoints(for: pollutant, period: period).isEmpty
        }
    }

    /// Splits "35.5ug/m3" into 35.5 and "ug/m3": the longest leading text that is a finite
    /// decimal number. Hex, "nan" and "inf" are refused: they are never concentrations.
    static func splitNumber(_ text: String, argument: String) throws(CalculatorInputError) -> (Double, String) {
        let numberCharacters = Set("0123456789.+-eE")
        var end = text.startIndex
        var best: (Double, String.Index)?
        while end < text.endIndex, numberCharacters.contains(text[end]) {
            end = text.index(after: end)
            if let value = Double(text[..<end]), value.isFinite { best = (value, end) }
        }
        guard let (value, numberEnd) = best else { throw .notANumber(argument) }
        return (value, String(text[numberEnd...]).trimmingWhitespace())
    }
}

/// Why a calculator argument was refused; `description` names the valid choices.
public enum CalculatorInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No `=` in the argument.
    case malformed(String)
    /// Not one of `pm2_5 pm10 o3 no2 so2 co`.
    case unknownPollutant(String)
    /// A known pollutant this standard does not index (CO for the EAQI, SO2 for the AQHI).
    case pollutantNotUsed(Pollutant, AQIStandard)
    /// Not one of `15min 1h 3h 8h 24h`.
    case unknownPeriod(String)
    /// A period the standard has no table for with this pollutant (US PM2.5 1-h).
    case periodNotUsed(Pollutant, AveragingPeriod, AQIStandard)
    /// Not one of `ug/m3 mg/m3 ppb ppm`.
    case unknownUnit(String)
    /// No finite decimal number before the unit.
    case notANumber(String)
    /// A concentration below zero.
    case negativeValue(String)

    static var pollutantList: String { Pollutant.allCases.map(\.rawValue).joined(separator: ", ") }
    static var unitList: String { ConcentrationUnit.allCases.map(\.rawValue).joined(separator: ", ") }

    public var description: String {
        switch self {
        case .malformed(let argument):
            "'\(argument)' is not POLLUTANT[:PERIOD]=VALUE[UNIT] (for example pm2_5=35.5 or o3:1h=80ppb)"
        case .unknownPollutant(let name):
            "unknown pollutant '\(name)'; valid pollutants: \(Self.pollutantList)"
        case .pollutantNotUsed(let pollutant, let standard):
            "\(standard.rawValue) does not use \(pollutant.rawValue); it uses: "
                + Pollutant.allCases.filter { standard.defaultPeriod(for: $0) != nil }.map(\.rawValue).joined(separator: ", ")
        case .unknownPeriod(let name):
            "unknown period '\(name)'; valid periods: " + CalculatorInput.periods.map(\.rawValue).joined(separator: ", ")
        case .periodNotUsed(let pollutant, let period, let standard):
            "\(standard.rawValue) has no \(period.rawValue) table for \(pollutant.rawValue); valid periods: "
                + CalculatorInput.validPeriods(for: pollutant, in: standard).map(\.rawValue).joined(separator: ", ")
        case .unknownUnit(let name):
            "unknown unit '\(name)'; valid units: \(Self.unitList)"
        case .notANumber(let argument):
            "'\(argument)' has no numeric value; give VALUE[UNIT] with a unit among: \(Self.unitList)"
        case .negativeValue(let argument):
            "'\(argument)': a concentration cannot be negative"
        }
    }
}

extension AQIError: CustomStringConvertible {
    /// One line for people, naming what would have worked.
    public var description: String {
        switch self {
        case .noUsablePollutants(let standard):
            switch standard {
            case .canada: "canada (AQHI) needs o3, no2 and pm2_5 3-h means"
            case .india: "india needs at least three pollutants, one of them pm2_5 or pm10"
            case .us: "none of the pollutants gives a us index (1-h ozone under 0.125 ppm is not indexed; use o3:8h)"
            default: "none of the pollutants gives a \(standard.rawValue) index"
            }
        case .unsupportedUnit(let pollutant, let unit):
            "\(pollutant.rawValue) cannot be given in \(unit.rawValue) (particles have no molecular weight); use ug/m3 or mg/m3"
        case .invalidConcentration(let pollutant, let value):
            "\(pollutant.rawValue) = \(value) is not a valid concentration"
        case .unsupportedPeriod(let pollutant, let period, let standard):
            "\(standard.rawValue) has no \(period.rawValue) table for \(pollutant.rawValue); valid periods: "
                + CalculatorInput.validPeriods(for: pollutant, in: standard).map(\.rawValue).joined(separator: ", ")
        }
    }
}
