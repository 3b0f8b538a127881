import BreatherLocale
import BreatherModel

/// What `breather aqi` tells a person beyond the data problem itself: how to type a reading
/// that works, and which values look like the wrong unit. Kept apart from `AQIError`, whose
/// text also ends up in provider messages, where calculator syntax would make no sense.
extension CalculatorInput {
    /// A hint in calculator syntax for an index that could not be computed, or nil; in the
    /// language being rendered (msgctxt "aqi"), the ids and syntax as they are typed.
    public static func hint(for error: AQIError) -> String? {
        switch error {
        case .noUsablePollutants(let standard):
            switch standard {
            case .canada:
                return tr("give o3, no2 and pm2_5, e.g. o3=30ppb no2=20ppb pm2_5=10", context: "aqi")
            case .india:
                return tr("give three or more of: %s, including pm2_5 or pm10", context: "aqi").filled(usedPollutants(standard))
            default:
                return tr("%s uses: %s", context: "aqi").filled(standard.rawValue, usedPollutants(standard))
            }
        case .unsupportedUnit:
            return tr("use ug/m3 or mg/m3", context: "aqi")
        case .unsupportedPeriod(let pollutant, _, let standard):
            return tr("valid periods: %s", context: "aqi").filled(validPeriods(for: pollutant, in: standard).map(\.rawValue).joined(separator: ", "))
        case .invalidConcentration:
            return nil  // refused while parsing, with its own message
        case .implausibleConcentration:
            return tr("check the unit (ug/m3, mg/m3, ppb, ppm)", context: "aqi")
        case .notIndexable(let note):
            return note.pollutant.flatMap { p in note.needs.map { tr("give %s", context: "aqi").filled("\(p.rawValue):\($0.rawValue)") } }
        }
    }

    /// A pollutant the person typed that got no sub-index because the standard takes that range
    /// from another period (US O3 1-h below 0.125 ppm without an 8-h value; HJ 633-2012 SO2 1-h
    /// above 800 µg/m³ without a 24-h value): the index would silently leave it out, so the
    /// calculator refuses it with the rule and the reading to add. Nil when every typed
    /// pollutant counts. The note's text is English (`IndexNote.text`); `missingPeriodNote`
    /// gives the note itself, for a caller that words it in the people's language.
    public static func missingPeriod(in index: AirQualityIndex) -> String? {
        missingPeriodNote(in: index).map { note in note.text + (hint(for: .notIndexable(note)).map { "; " + $0 } ?? "") }
    }

    /// The note behind `missingPeriod`: the rule that left a typed pollutant out, or nil.
    public static func missingPeriodNote(in index: AirQualityIndex) -> IndexNote? {
        let indexed = Set(index.subIndices.map(\.pollutant))
        return index.notes.first { note in note.needs != nil && note.pollutant.map { !indexed.contains($0) } == true }
    }

    /// The pollutants a standard indexes, comma-separated ids.
    static func usedPollutants(_ standard: AQIStandard) -> String {
        Pollutant.allCases.filter { standard.defaultPeriod(for: $0) != nil }.map(\.rawValue).joined(separator: ", ")
    }

    /// CO in µg/m³ that outdoor air can plausibly hold. Background CO is about 40–200 ppb
    /// (50–230 µg/m³) everywhere, so below 10 µg/m³ the value was almost surely meant in the
    /// unit 1000× larger (`co=0.9` read as µg/m³ when mg/m³ was meant). The top of every CO
    /// table is below 200 mg/m³ (China 1-h: 150 mg/m³; US: 50.4 ppm ≈ 58 mg/m³), so above that
    /// the unit 1000× smaller was likely meant (`co=5000ppm` for ppb).
    static let plausibleCarbonMonoxide = 10.0...200_000.0

    /// A one-line warning when a CO reading looks like the wrong unit; the index is still
    /// computed (a person may really have measured it). Nil for other pollutants, for zero and
    /// for plausible values.
    public static func unitWarning(for reading: PollutantReading, argument: String) -> String? {
        guard reading.pollutant == .co, reading.value > 0,
              let ugm3 = try? UnitConversion.convert(reading.value, of: .co, from: reading.unit, to: .microgramsPerCubicMetre),
              !plausibleCarbonMonoxide.contains(ugm3)
        else { return nil }
        let low = ugm3 < plausibleCarbonMonoxide.lowerBound
        let meant: ConcentrationUnit? = switch (reading.unit, low) {
        case (.microgramsPerCubicMetre, true): .milligramsPerCubicMetre
        case (.ppb, true): .ppm
        case (.milligramsPerCubicMetre, false): .microgramsPerCubicMetre
        case (.ppm, false): .ppb
        default: nil
        }
        // In the language being rendered (msgctxt "aqi"), the number with its decimal mark.
        let amount = low ? tr("%s ug/m3, less than any outdoor air holds", context: "aqi").filled(L10n.number(number(ugm3)))
                         : tr("%s mg/m3, more than the top of every CO index table", context: "aqi").filled(L10n.number(number(ugm3 / 1000)))
        return tr("'%s' is %s; it looks like the wrong unit", context: "aqi").filled(argument, amount) + (meant.map { " (\($0.rawValue)?)" } ?? "")
    }

    /// At most three significant decimals, no trailing zeros: 5725, 0.1, 0.00115.
    static func number(_ value: Double) -> String {
        var scale = 1.0
        while scale < 1e12, (value * scale).rounded() < 100 { scale *= 10 }
        var text = "\((value * scale).rounded() / scale)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
