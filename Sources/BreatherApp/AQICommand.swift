#if canImport(Glibc)
import Glibc
#endif
import BreatherCalculator
import BreatherModel
import BreatherViews

/// `breather aqi`: computes an index from concentrations typed on the command line, without
/// network or config, so a reading from a hand-held monitor or a bulletin can be checked.
struct AQICommand {
    static let help = CommandHelp(
        abstract: "Compute an air-quality index from concentrations (no network).",
        discussion: """
            Each reading is POLLUTANT[:PERIOD]=VALUE[UNIT].
            Pollutants: %s. Periods: %s (default: the standard's usual period for the pollutant). \
            Units: %s (default ug/m3).
            Prints plain text, or JSON with --format json (its only two formats).
            Example: breather aqi --standard us pm2_5=35.5 o3:8h=0.07ppm
            """,
        usage: "[--standard <standard>] [--format plain|json] <readings> ...",
        arguments: [("<readings>", "Readings, e.g. pm2_5=12.3 no2:1h=40ppb co=0.9mg/m3.")],
        optionNames: ["standard"],
        values: [Pollutant.allCases.map(\.rawValue).joined(separator: " "), CalculatorInput.periods.map(\.rawValue).joined(separator: " "),
                 ConcentrationUnit.allCases.map(\.rawValue).joined(separator: " ")])

    /// The flags the calculator reads; the parser refuses the others (location, units and
    /// output file mean nothing to it).
    static let flags = ["standard", "format", "log-level"]

    /// The shared flags, of which the calculator reads `--standard` and `--format`.
    var common: CommonOptions
    var readings: [String]

    func run() -> ExitStatus {
        let standard = common.standard ?? .us
        let format = common.format ?? .plain
        guard format == .plain || format == .json else {
            fail("breather aqi prints plain or json, not \(format.rawValue)")
        }
        guard !readings.isEmpty else {
            fail("give at least one reading POLLUTANT[:PERIOD]=VALUE[UNIT]; pollutants: "
                 + Pollutant.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let parsed: [PollutantReading]
        let index: AirQualityIndex
        do {
            parsed = try CalculatorInput.readings(from: readings, standard: standard)
        } catch { fail(error.description) }
        // A likely unit slip is said, not refused: the person may really have measured it.
        for (reading, argument) in zip(parsed, readings) {
            if let warning = CalculatorInput.unitWarning(for: reading, argument: argument) {
                Console.err("breather aqi: warning: " + warning)
            }
        }
        do {
            index = try standard.index(from: parsed)
        } catch {
            // The model says what is wrong with the data; the calculator adds how to type it.
            fail(error.description + (CalculatorInput.hint(for: error).map { "; " + $0 } ?? ""))
        }
        // A typed pollutant the standard indexes from another period is refused, not dropped.
        if let missing = CalculatorInput.missingPeriod(in: index) { fail(missing) }
        let report = AirQualityReport(index: index, computed: true, source: "calculator")
        Console.out(format == .json ? JSONRenderer().render(report) : Self.plain(report))
        return .ok
    }

    /// Ends with one line on stderr and exit 64 (usage), as PRODUCT.md asks for bad input.
    private func fail(_ message: String) -> Never {
        Console.err("breather aqi: error: " + message)
        exit(ExitStatus.usage.rawValue)
    }

    /// "US EPA (2024) AQI 112 Unhealthy for Sensitive Groups (#FF7E00)", the main
    /// pollutant(s), then one line per sub-index with the concentration as indexed (and, when it
    /// was converted between ppb and µg/m³, from what and at which reference conditions), then
    /// the standard's footnote rules that applied. The AQHI has neither a main pollutant nor
    /// sub-indices: it says what it was summed from and what each pollutant added.
    static func plain(_ report: AirQualityReport) -> String {
        let index = report.index
        let standard = index.standard
        var lines = ["\(standard.displayName): \(standard.displayValue(index.value)) \(index.category.name) (\(index.category.color))"]
        if let basis = index.termsBasis {
            lines.append(basis + " (a sum of terms: no main pollutant, no sub-indices)")
        } else {
            let main = index.mainPollutants.map(\.displayName).joined(separator: ", ")
            lines.append("Main pollutant: " + (main.isEmpty ? "none" : main))
        }
        for sub in index.subIndices {
            let reading = "  \(sub.pollutant.displayName) \(sub.period.rawValue): \(formatted(sub.concentration)) \(sub.unit.rawValue)"
            let converted = sub.conversion.map { " (\(conversion($0, sub.pollutant)))" } ?? ""
            lines.append(reading + converted
                         + (sub.contribution.map { " adds \(formatted(($0 * 100).rounded() / 100))" } ?? " -> \(sub.index)"))
        }
        lines += index.notes.map { "Note: " + $0.text }
        return lines.joined(separator: "\n")
    }

    /// "from 100 ppb at 20 °C, 101.325 kPa: 1 ppb NO2 = 1.9125 ug/m3".
    static func conversion(_ applied: AppliedConversion, _ pollutant: Pollutant) -> String {
        let factor = (applied.microgramsPerPPB * 10_000).rounded() / 10_000
        return "from \(formatted(applied.value)) \(applied.unit.rawValue) at \(applied.conditions): "
            + "1 ppb \(pollutant.displayName) = \(factor) ug/m3"
    }

    /// Up to three decimals without trailing zeros (0.070 ppm → "0.07", 35.0 → "35").
    static func formatted(_ value: Double) -> String {
        var text = String((value * 1000).rounded() / 1000)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
