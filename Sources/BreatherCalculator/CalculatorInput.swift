import BreatherLocale
import BreatherModel

/// Parsing and validation for `breather aqi POLLUTANT[:PERIOD]=VALUE[UNIT]...`: words typed by
/// a person, kept out of the model (which only computes indices) and out of the executable (so
/// it is unit-tested on its own).
public enum CalculatorInput {
    /// The periods the calculator accepts (NowCast is a real-time average, not something a
    /// person types in).
    public static let periods: [AveragingPeriod] = [.minutes15, .hour1, .hours3, .hours8, .hours24]

    /// Extra spellings people type for µg/m³ and mg/m³.
    static let unitAliases: [String: ConcentrationUnit] = [
        "µg/m3": .microgramsPerCubicMetre, "µg/m³": .microgramsPerCubicMetre, "ug/m³": .microgramsPerCubicMetre,
        "mg/m³": .milligramsPerCubicMetre,
    ]

    /// Parses every argument; a pollutant given twice for the same period (after defaults are
    /// applied, so `o3=0.07ppm o3:8h=0.08ppm` counts) is refused: which one to index would be a guess.
    /// - Throws: the first `CalculatorInputError` met, in argument order.
    public static func readings(from arguments: [String], standard: AQIStandard) throws(CalculatorInputError) -> [PollutantReading] {
        var result: [PollutantReading] = []
        for argument in arguments {
            let reading = try reading(from: argument, standard: standard)
            if result.contains(where: { $0.pollutant == reading.pollutant && $0.period == reading.period }) {
                throw .givenTwice(reading.pollutant, reading.period)
            }
            result.append(reading)
        }
        return result
    }

    /// Parses one `POLLUTANT[:PERIOD]=VALUE[UNIT]` argument. The period defaults to the
    /// standard's usual one for that pollutant, the unit to µg/m³.
    /// - Throws: `CalculatorInputError` naming the valid choices.
    public static func reading(from argument: String, standard: AQIStandard) throws(CalculatorInputError) -> PollutantReading {
        // Surrounding white space is trimmed as everywhere; anything invisible left inside
        // (an escape, a NUL, a zero-width space pasted from a web page) is named, not guessed at.
        if let stray = argument.trimmingWhitespace().unicodeScalars.first(where: isInvisible) {
            throw .controlCharacter(visible(argument), codePoint(stray))
        }
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
        let (number, unitText) = try splitNumber(valueText, argument: argument)
        guard number >= 0 else { throw .negativeValue(argument) }
        let value = number == 0 ? 0 : number  // -0 is zero, and prints as 0

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

    /// The calculator periods this standard indexes the pollutant over (`AQIStandard.periods(for:)`:
    /// its tables, its formula, China 2026's real-time 1-hour PM).
    public static func validPeriods(for pollutant: Pollutant, in standard: AQIStandard) -> [AveragingPeriod] {
        let indexed = standard.periods(for: pollutant)
        return periods.filter(indexed.contains)
    }

    /// C0/C1 controls and invisible format characters (zero-width space, BOM, bidi marks).
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format: true
        default: false
        }
    }

    /// "U+001B".
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The argument with every invisible character shown as `<U+XXXX>`, safe to print.
    static func visible(_ argument: String) -> String {
        argument.unicodeScalars.map { isInvisible($0) ? "<\(codePoint($0))>" : String($0) }.joined()
    }

    /// Characters people put between digit groups (or as a decimal comma): `1,000`, `1'000`,
    /// `1_000`, `1 000` with a space, no-break space or narrow no-break space.
    static let digitSeparators: Set<Character> = [",", "'", "_", " ", "\u{00A0}", "\u{202F}"]

    /// Splits "35.5ug/m3" into 35.5 and "ug/m3": the longest leading text that is a finite
    /// decimal number. "inf", "nan" and numbers too large for a `Double` ("1e400") are refused
    /// as not finite, hex as not a number: none of them is a concentration.
    static func splitNumber(_ text: String, argument: String) throws(CalculatorInputError) -> (Double, String) {
        let numberCharacters = Set("0123456789.+-eE")
        if let whole = Double(text.prefix(while: numberCharacters.contains)), !whole.isFinite {
            throw .notFinite(argument)
        }
        let word = text.drop(while: { $0 == "+" || $0 == "-" }).lowercased()
        if word.hasPrefix("inf") || word.hasPrefix("nan") { throw .notFinite(argument) }
        var end = text.startIndex
        var best: (Double, String.Index)?
        while end < text.endIndex, numberCharacters.contains(text[end]) {
            end = text.index(after: end)
            if let value = Double(text[..<end]), value.isFinite { best = (value, end) }
        }
        guard let (value, numberEnd) = best else { throw .notANumber(argument) }
        let rest = text[numberEnd...]
        if let first = rest.first, digitSeparators.contains(first), rest.dropFirst().first?.isASCII == true,
           rest.dropFirst().first?.isNumber == true {
            throw .digitSeparator(argument, first)
        }
        return (value, String(rest).trimmingWhitespace())
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
    /// No decimal number before the unit.
    case notANumber(String)
    /// "inf", "nan" or a number beyond `Double` ("1e400").
    case notFinite(String)
    /// A concentration below zero.
    case negativeValue(String)
    /// The same pollutant twice for the same period.
    case givenTwice(Pollutant, AveragingPeriod)
    /// An invisible character inside the argument (shown as `<U+XXXX>`), and its code point.
    case controlCharacter(String, String)
    /// A digit-group separator or decimal comma after the leading digits (`1,000`).
    case digitSeparator(String, Character)

    static var pollutantList: String { Pollutant.allCases.map(\.rawValue).joined(separator: ", ") }
    static var unitList: String { ConcentrationUnit.allCases.map(\.rawValue).joined(separator: ", ") }

    /// What is wrong, in the language being rendered (`L10n.language`, msgctxt "aqi"); the
    /// argument, ids, periods, units and the syntax to type stay as they are.
    public var description: String {
        switch self {
        case .malformed(let argument):
            tr("'%s' is not POLLUTANT[:PERIOD]=VALUE[UNIT] (for example pm2_5=35.5 or o3:1h=80ppb)", context: "aqi").filled(argument)
        case .unknownPollutant(let name):
            tr("unknown pollutant '%s'; valid pollutants: %s", context: "aqi").filled(name, Self.pollutantList)
        case .pollutantNotUsed(let pollutant, let standard):
            tr("%s does not use %s; it uses: %s", context: "aqi")
                .filled(standard.rawValue, pollutant.rawValue, CalculatorInput.usedPollutants(standard))
        case .unknownPeriod(let name):
            tr("unknown period '%s'; valid periods: %s", context: "aqi").filled(name, CalculatorInput.periods.map(\.rawValue).joined(separator: ", "))
        case .periodNotUsed(let pollutant, let period, let standard):
            tr("%s has no %s table for %s; valid periods: %s", context: "aqi").filled(standard.rawValue, period.rawValue, pollutant.rawValue,
                CalculatorInput.validPeriods(for: pollutant, in: standard).map(\.rawValue).joined(separator: ", "))
        case .unknownUnit(let name):
            tr("unknown unit '%s'; valid units: %s", context: "aqi").filled(name, Self.unitList)
        case .notANumber(let argument):
            tr("'%s' has no numeric value; give VALUE[UNIT] with a unit among: %s", context: "aqi").filled(argument, Self.unitList)
        case .notFinite(let argument):
            tr("'%s': the value must be a finite decimal number such as 35.5 or 1e2, with a unit among: %s", context: "aqi").filled(argument, Self.unitList)
        case .negativeValue(let argument):
            tr("'%s': a concentration cannot be negative", context: "aqi").filled(argument)
        case .givenTwice(let pollutant, let period):
            tr("%s given twice; give each pollutant once per period", context: "aqi").filled("\(pollutant.rawValue):\(period.rawValue)")
        case .controlCharacter(let argument, let codePoint):
            tr("'%s' holds the invisible character %s; type the reading again without it", context: "aqi").filled(argument, codePoint)
        case .digitSeparator(let argument, let separator):
            tr("'%s': no digit separators or decimal commas ('%s' could group thousands or mark decimals); write 1000 or 1.5", context: "aqi")
                .filled(argument, separator == "\u{00A0}" || separator == "\u{202F}" ? " " : String(separator))
        }
    }
}
