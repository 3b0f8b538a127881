import BreatherLocale

/// `breather insights [--since 90d] [--format table|json|csv|html]`: the words after `insights`.
struct InsightsOptions: Sendable {
    enum Format: String, CaseIterable, Sendable { case table, json, csv, html }

    var since: Int
    var format: Format = .table
    var configPath: String?
    var logLevel: LogLevel = .warning
    /// `--language` given before `insights`: the table's language (json, CSV and html stay English).
    var language: Language?

    /// The flags of `breather insights`, for the parser, its help page and the completions.
    static let specs: [OptionSpec] = [
        .init("since", valueName: "when", help: "The logged days to compare: a duration back from now (90d, 1y as 365d) or a date (default 90d)."),
        .init("format", help: "table (default), json, csv (the exposure comparison) or html (a report for your clinician that prints on A4 or Letter).",
              choices: Format.allCases.map(\.rawValue)),
        .init("config", help: "Config file (TOML): [log] personal_best gives the peak-flow zones.", completesFiles: true),
        .init("log-level", help: "Log level (default warning).", choices: LogLevel.allCases.map(\.rawValue)),
    ]

    /// The words after `insights`; `common` holds the flags given before it.
    static func parse(_ arguments: ArraySlice<String>, common: CommonOptions, now: Int) throws(UsageError) -> InsightsOptions {
        var options = InsightsOptions(since: now - 90 * 86_400, configPath: common.configPath, logLevel: common.logLevel, language: common.language)
        try LogOptions.refuseCommonFlags(common, command: "insights")
        var rest = arguments
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--"), argument.count > 2 else { throw UsageError(tr("Unexpected argument '%s'").filled("\(argument.prefix(40))")) }
            let (spec, inline) = try LogOptions.spec(argument, in: specs, command: "insights")
            guard let value = inline ?? rest.popFirst(), !value.isEmpty else { throw UsageError(tr("Missing value for '%s'").filled("\(spec.usage)")) }
            switch spec.name {
            case "since": options.since = try HistoryOptions.time(value, spec: spec, now: now)
            case "format":
                guard let format = Format(rawValue: value) else { throw .invalidValue(value, for: spec) }
                options.format = format
            case "config": options.configPath = value
            default:
                guard let level = LogLevel(rawValue: value) else { throw .invalidValue(value, for: spec) }
                options.logLevel = level
            }
        }
        return options
    }
}
