#if canImport(Glibc)
import Glibc
#endif
import BreatherHistory
import BreatherLocale
import BreatherModel

/// `breather history [options]` and `breather history import FILE`: the flags the history
/// command reads, parsed after the word `history` (flags before it, `--config` and
/// `--log-level`, carry over).
struct HistoryOptions: Sendable {
    enum Format: String, CaseIterable, Sendable { case table, csv, json, chart }

    var since: Int?
    var until: Int?
    var standard: AQIStandard?
    var format: Format = .table
    var daily = false
    var configPath: String?
    var logLevel: LogLevel = .warning
    /// `--place NAME`: one `[[place]]`'s readings only; nil = every place's.
    var place: String?
    /// `--language` given before `history`: the table's language (CSV and json stay English).
    var language: Language?
    /// `import FILE`: the file to read back.
    var importFile: String?

    /// The flags `breather history` reads, for the parser, its help page and the completions.
    static let specs: [OptionSpec] = [
        .init("since", valueName: "when", help: "Start: a duration back from now (36h, 7d, 400d) or a date (2026-10-01, local) or an RFC 3339 time (default 7d)."),
        .init("until", valueName: "when", help: "End, exclusive, in the same forms (default now)."),
        .init("standard", help: "Work the index out under this standard (default: the config's).", choices: AQIStandard.allCases.map(\.rawValue)),
        .init("format", help: "table (default), csv, json or chart (the index over time, coloured unless NO_COLOR).",
              choices: Format.allCases.map(\.rawValue)),
        .init("place", valueName: "name", help: "Only this [[place]]'s readings (default: every place's)."),
        .flag("daily", help: "A row per day: highest and mean index, hours in each category, main pollutant, highest pollen."),
        .init("config", help: "Config file (TOML).", completesFiles: true),
        .init("log-level", help: "Log level (default warning).", choices: LogLevel.allCases.map(\.rawValue)),
    ]

    /// The words after `history`; `common` holds the flags given before it.
    static func parse(_ arguments: ArraySlice<String>, common: CommonOptions, now: Int) throws(UsageError) -> HistoryOptions {
        var options = HistoryOptions(standard: common.standard, configPath: common.configPath, logLevel: common.logLevel, language: common.language)
        if common.format != nil { throw UsageError(tr("give --format after 'history': its formats are table, csv, json and chart")) }
        // Flags before the word that history would ignore are refused, as `aqi` refuses them.
        if common.latitude != nil || common.city != nil || common.place != nil || common.units != nil || common.icons != nil || common.template != nil
            || common.output != nil || common.refresh {
            throw UsageError(tr("breather history reads --config, --log-level, --standard and --language before 'history'; its own flags follow it"))
        }
        var rest = arguments
        var positionals: [String] = []
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--"), argument.count > 2 else { positionals.append(argument); continue }
            var name = Substring(argument.dropFirst(2))
            var inline: String?
            if let equals = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: equals)...])
                name = name[..<equals]
            }
            guard let spec = specs.first(where: { $0.name == name }) else { throw UsageError(tr("Unknown option '%s' for breather %s").filled("--\(name)", "history")) }
            if spec.valueName == nil {
                guard inline == nil else { throw UsageError(tr("The flag '%s' takes no value").filled("\(spec.usage)")) }
                options.daily = true
                continue
            }
            guard let value = inline ?? rest.popFirst(), !value.isEmpty else { throw UsageError(tr("Missing value for '%s'").filled("\(spec.usage)")) }
            switch spec.name {
            case "since": options.since = try time(value, spec: spec, now: now)
            case "until": options.until = try time(value, spec: spec, now: now)
            case "standard":
                guard let standard = AQIStandard(rawValue: value) else { throw .invalidValue(value, for: spec) }
                options.standard = standard
            case "format":
                guard let format = Format(rawValue: value) else { throw .invalidValue(value, for: spec) }
                options.format = format
            case "config": options.configPath = value
            case "place": options.place = value
            default:
                guard let level = LogLevel(rawValue: value) else { throw .invalidValue(value, for: spec) }
                options.logLevel = level
            }
        }
        if positionals.first == "import" {
            guard positionals.count == 2 else { throw UsageError(tr("usage: breather history import FILE.csv")) }
            options.importFile = positionals[1]
        } else if let unexpected = positionals.first {
            throw UsageError(tr("Unexpected argument '%s'").filled("\(unexpected)"))
        }
        if options.daily && options.format == .chart { throw UsageError(tr("--daily prints table, csv or json; the chart is hourly")) }
        if let since = options.since, let until = options.until, since >= until { throw UsageError(tr("--since must be before --until")) }
        return options
    }

    /// `36h`, `7d`, `90m`, `2w` back from `now`; `2026-10-01` (local midnight); an RFC 3339 time.
    static func time(_ text: String, spec: OptionSpec, now: Int) throws(UsageError) -> Int {
        let units: [Character: Int] = ["m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        if let unit = text.last, let scale = units[unit], let count = Int(text.dropLast()), count >= 0, count <= 100 * 366 * 86_400 / scale {
            return now - count * scale
        }
        let bytes = Array(text.utf8)
        if bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
           let year = Int(text.prefix(4)), let month = Int(text.dropFirst(5).prefix(2)), let day = Int(text.suffix(2)),
           (1...12).contains(month), (1...31).contains(day) {
            var parts = tm()
            parts.tm_year = Int32(year - 1900)
            parts.tm_mon = Int32(month - 1)
            parts.tm_mday = Int32(day)
            parts.tm_isdst = -1
            return Int(mktime(&parts))
        }
        if let stamp = Timestamp.parse(text), text.count >= 19 { return Int(stamp.timeIntervalSince1970.rounded(.down)) }
        throw UsageError(tr("The value '%s' is invalid for '%s': give a duration (36h, 7d), a date (2026-10-01) or an RFC 3339 time").filled("\(text)", "\(spec.usage)"))
    }
}
