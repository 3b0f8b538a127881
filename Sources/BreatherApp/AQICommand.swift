#if canImport(Glibc)
import Glibc
#endif
import BreatherCalculator
import BreatherConfig
import BreatherLocale
import BreatherModel
import BreatherViewModel
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
    static let flags = ["standard", "format", "log-level", "language"]

    /// The shared flags, of which the calculator reads `--standard` and `--format`.
    var common: CommonOptions
    var readings: [String]

    /// Computes and prints; what people read (the plain result, the refusals, the warnings) in
    /// `--language`, else the environment's (the calculator reads no config); json in English.
    func run() -> ExitStatus {
        L10n.$language.withValue(common.language ?? Language.fromEnvironment(Environment.get)) { computeAndPrint() }
    }

    private func computeAndPrint() -> ExitStatus {
        let standard = common.standard ?? .us
        let format = common.format ?? .plain
        guard format == .plain || format == .json else {
            fail(tr("breather aqi prints plain or json, not %s", context: "aqi").filled(format.rawValue))
        }
        guard !readings.isEmpty else {
            fail(tr("give at least one reading POLLUTANT[:PERIOD]=VALUE[UNIT]; pollutants: %s", context: "aqi")
                .filled(Pollutant.allCases.map(\.rawValue).joined(separator: ", ")))
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
            fail(Self.words(error) + (CalculatorInput.hint(for: error).map { "; " + $0 } ?? ""))
        }
        // A typed pollutant the standard indexes from another period is refused, not dropped.
        if let note = CalculatorInput.missingPeriodNote(in: index) {
            fail(Format.note(note) + (CalculatorInput.hint(for: .notIndexable(note)).map { "; " + $0 } ?? ""))
        }
        let report = AirQualityReport(index: index, computed: true, source: "calculator")
        // json in English whatever the language: a script gets the same bytes.
        Console.out(format == .json ? L10n.$language.withValue(.english) { JSONRenderer().render(report) } : Self.plain(report))
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
    /// sub-indices: it says what it was summed from and what each pollutant added. In the
    /// language being rendered (msgctxt "aqi"), numbers with its decimal mark; the standard's
    /// name, pollutant symbols, periods, units and colours as they are.
    static func plain(_ report: AirQualityReport) -> String {
        let index = report.index
        let standard = index.standard
        var lines = ["\(standard.displayName): \(L10n.number(standard.displayValue(index.value))) "
                     + "\(Format.categoryName(index.category, standard)) (\(index.category.color))"]
        if let basis = Format.termsBasis(index) {
            lines.append(tr("%s (a sum of terms: no main pollutant, no sub-indices)", context: "aqi").filled(basis))
        } else {
            let main = index.mainPollutants.map(\.displayName).joined(separator: ", ")
            lines.append(tr("Main pollutant: %s", context: "aqi").filled(main.isEmpty ? tr("none", context: "aqi") : main))
        }
        for sub in index.subIndices {
            let reading = "  \(sub.pollutant.displayName) \(sub.period.rawValue): \(formatted(sub.concentration)) \(sub.unit.rawValue)"
            let converted = sub.conversion.map { " (\(conversion($0, sub.pollutant)))" } ?? ""
            lines.append(reading + converted
                         + (sub.contribution.map { " " + tr("adds %s", context: "aqi").filled(formatted(($0 * 100).rounded() / 100)) } ?? " -> \(sub.index)"))
        }
        lines += index.notes.map { tr("Note: %s", context: "aqi").filled(Format.note($0)) }
        return lines.joined(separator: "\n")
    }

    /// "from 100 ppb at 20 °C, 101.325 kPa: 1 ppb NO2 = 1.9125 ug/m3" (each number with the
    /// language's decimal mark).
    static func conversion(_ applied: AppliedConversion, _ pollutant: Pollutant) -> String {
        let factor = (applied.microgramsPerPPB * 10_000).rounded() / 10_000
        let conditions = "\(applied.conditions)".split(separator: " ").map { L10n.number(String($0)) }.joined(separator: " ")
        return tr("from %s %s at %s: 1 ppb %s = %s ug/m3", context: "aqi")
            .filled(formatted(applied.value), applied.unit.rawValue, conditions, pollutant.displayName, L10n.number("\(factor)"))
    }

    /// Up to three decimals without trailing zeros (0.070 ppm → "0.07", 35.0 → "35"), with the
    /// language's decimal mark ("0,07").
    static func formatted(_ value: Double) -> String {
        var text = String((value * 1000).rounded() / 1000)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return L10n.number(text)
    }

    /// The model's `AQIError` (`description`, which provider messages keep in English) as the
    /// calculator says it, in the language being rendered; the note of a reading that cannot be
    /// indexed as `Format.note` words it.
    static func words(_ error: AQIError) -> String {
        switch error {
        case .noUsablePollutants(let standard):
            switch standard {
            case .canada: tr("the canada index (AQHI) needs NO2, O3 and PM2.5 together", context: "aqi")
            case .india: tr("the india index needs at least three pollutants, one of them PM2.5 or PM10", context: "aqi")
            default: tr("none of the pollutants gives a %s index", context: "aqi").filled(standard.rawValue)
            }
        case .unsupportedUnit(let pollutant, let unit):
            tr("%s cannot be converted from %s (particles have no molecular weight)", context: "aqi").filled(pollutant.displayName, unit.rawValue)
        case .invalidConcentration(let pollutant, let value):
            tr("%s concentration %s is negative or not a finite number", context: "aqi").filled(pollutant.displayName, L10n.number("\(value)"))
        case .implausibleConcentration(let pollutant, let value):
            tr("%s %s µg/m³ is beyond anything measured in air (at most %s µg/m³): a wrong unit or a broken sensor", context: "aqi")
                .filled(pollutant.displayName, L10n.number(IndexNote.plain(value)), L10n.number(IndexNote.plain(UnitConversion.physicalLimit(pollutant))))
        case .unsupportedPeriod(let pollutant, let period, let standard):
            tr("%s has no %s table for %s", context: "aqi").filled(standard.rawValue, period.rawValue, pollutant.displayName)
        case .notIndexable(let note):
            Format.note(note)
        }
    }
}
