import BreatherModel

/// What `breather aqi` tells a person beyond the data problem itself: how to type a reading
/// that works, and which values look like the wrong unit. Kept apart from `AQIError`, whose
/// text also ends up in provider messages, where calculator syntax would make no sense.
extension CalculatorInput {
    /// A hint in calculator syntax for an index that could not be computed, or nil.
    public static func hint(for error: AQIError) -> String? {
        switch error {
        case .noUsablePollutants(let standard):
            switch standard {
            case .canada:
                return "give o3, no2 and pm2_5, e.g. o3=30ppb no2=20ppb pm2_5=10"
            case .india:
                return "give three or more of: \(usedPollutants(standard)), including pm2_5 or pm10"
            default:
                return "\(standard.rawValue) uses: \(usedPollutants(standard))"
            }
        case .unsupportedUnit:
            return "use ug/m3 or mg/m3"
        case .unsupportedPeriod(let pollutant, _, let standard):
            return "valid periods: " + validPeriods(for: pollutant, in: standard).map(\.rawValue).joined(separator: ", ")
        case .invalidConcentration:
            return nil  // refused while parsing, with its own message
        case .implausibleConcentration:
            return "check the unit (ug/m3, mg/m3, ppb, ppm)"
        case .notIndexable(let note):
            return note.pollutant.flatMap { p in note.needs.map { "give \(p.rawValue):\($0.rawValue)" } }
        }
    }

    /// A pollutant the person typed that got no sub-index because the standard takes that range
    /// from another period (US O3 1-h below 0.125 ppm without an 8-h value; HJ 633-2012 SO2 1-h
    /// above 800 µg/m³ without a 24-h value): the index would silently leave it out, so the
    /// calculator refuses it with the rule and the reading to add. Nil when every typed
    /// pollutant counts.
    public static func missingPeriod(in index: AirQualityIndex) -> String? {
        let indexed = Set(index.subIndices.map(\.pollutant))
        guard let note = index.notes.first(where: { note in
            note.needs != nil && note.pollutant.map { !indexed.contains($0) } == true
        }) else { return nil }
        return note.text + (hint(for: .notIndexable(note)).map { "; " + $0 } ?? "")
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
        let amount = low ? "\(number(ugm3)) ug/m3, less than any outdoor air holds"
                         : "\(number(ugm3 / 1000)) mg/m3, more than the top of every CO index table"
        return "'\(argument)' is \(amount); it looks like the wrong unit" + (meant.map { " (\($0.rawValue)?)" } ?? "")
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
