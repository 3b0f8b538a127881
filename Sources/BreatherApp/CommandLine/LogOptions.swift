import BreatherHistory
import BreatherLocale

/// `breather log [SCORE] [flags]`, `log list`, `log edit ID [flags]`, `log delete ID`, `log
/// import FILE`: the words after `log`. Every value is checked here, before the store is
/// opened: a bad one is one line and exit 64, and nothing is written.
struct LogOptions: Sendable {
    enum Action: Equatable, Sendable { case add, list, edit(Int), delete(Int), importFile(String) }
    enum Format: String, CaseIterable, Sendable { case table, csv }

    var action: Action = .add
    var score: Int?
    var peakFlow: Int?
    var reliever: Int?
    var symptoms: [Symptom: Int] = [:]
    /// nil: not given (an edit keeps the old ones).
    var tags: [String]?
    var note: String?
    var time: Int?
    var place: String?
    var nightWaking: Bool?
    var activityLimited: Bool?
    var since: Int?
    var format: Format = .table
    var configPath: String?
    var logLevel: LogLevel = .warning
    /// `--language` given before `log`: `log list`'s table's language (the CSV stays English).
    var language: Language?

    /// The flags of `breather log`, for the parser, its help page and the completions.
    static let specs: [OptionSpec] = [
        .init("pef", valueName: "L/min", help: "Peak flow, litres a minute (\(LogEntry.peakFlows.lowerBound)-\(LogEntry.peakFlows.upperBound))."),
        .init("reliever", valueName: "puffs", help: "Reliever puffs taken (0-\(LogEntry.relieverPuffs.upperBound))."),
        .init("symptom", valueName: "name=0..3",
              help: "A symptom (\(Symptom.allCases.map(\.rawValue).joined(separator: ", "))) from 0 (none) to 3 (severe); repeat for several."),
        .flag("night", help: "Woken at night by asthma."),
        .flag("limited", help: "Activity limited by asthma."),
        .init("tag", help: "A tag (sick, exercise, indoors, smoke, travel or your own word); repeat for several."),
        .init("note", valueName: "text", help: "A note."),
        .init("at", valueName: "time", help: "When, local: 08:30, 'yesterday 22:00', '2026-11-27 08:00' (default now)."),
        .init("place", valueName: "name", help: "The place's name as the history knows it (default the primary place)."),
        .init("since", valueName: "when", help: "log list: from a duration back (90d) or a date (default: every entry)."),
        .init("format", help: "log list: table (default) or csv (read back by 'breather log import').", choices: Format.allCases.map(\.rawValue)),
        .init("config", help: "Config file (TOML).", completesFiles: true),
        .init("log-level", help: "Log level (default warning).", choices: LogLevel.allCases.map(\.rawValue)),
    ]

    static let entryFlags: Set<String> = ["pef", "reliever", "symptom", "night", "limited", "tag", "note", "at", "place"]

    /// The words after `log`; `common` holds the flags given before it.
    static func parse(_ arguments: ArraySlice<String>, common: CommonOptions, now: Int) throws(UsageError) -> LogOptions {
        var options = LogOptions(configPath: common.configPath, logLevel: common.logLevel, language: common.language)
        try Self.refuseCommonFlags(common, command: "log")
        var positionals: [String] = []
        var given: Set<String> = []
        var rest = arguments
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--"), argument.count > 2 else { positionals.append(argument); continue }
            let (spec, inline) = try Self.spec(argument, in: specs, command: "log")
            given.insert(spec.name)
            if spec.valueName == nil {
                guard inline == nil else { throw UsageError(tr("The flag '%s' takes no value").filled("\(spec.usage)")) }
                if spec.name == "night" { options.nightWaking = true } else { options.activityLimited = true }
                continue
            }
            guard let value = inline ?? rest.popFirst(), !value.isEmpty else { throw UsageError(tr("Missing value for '%s'").filled("\(spec.usage)")) }
            switch spec.name {
            case "pef": options.peakFlow = try number(value, spec)
            case "reliever": options.reliever = try number(value, spec)
            case "symptom":
                let parts = value.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let symptom = Symptom(rawValue: String(parts[0])) else {
                    throw UsageError(tr("unknown symptom '%s': one of %s").filled(String(parts[0]), Symptom.allCases.map(\.rawValue).joined(separator: ", ")))
                }
                guard parts.count == 2, let rating = Int(parts[1]), LogEntry.ratings.contains(rating) else {
                    throw UsageError(tr("symptom %s needs a rating from 0 to 3, like --symptom %s=2").filled("\(symptom.rawValue)", "\(symptom.rawValue)"))
                }
                options.symptoms[symptom] = rating
            case "tag":
                guard LogEntry.isTag(value) else { throw UsageError(tr("tag '%s' must be 1-32 letters, digits, '-' or '_'").filled("\(value.prefix(40))")) }
                options.tags = (options.tags ?? []) + [value]
            case "note": options.note = value
            case "at":
                guard let time = LogTime.parse(value, now: now) else {
                    throw UsageError(tr("The value '%s' is invalid for '--at <time>': give 08:30, 'yesterday 22:00' or '2026-11-27 08:00'").filled("\(value)"))
                }
                guard time <= now + LogEntry.futureSlackSeconds else { throw UsageError(tr("--at %s is in the future (%s)").filled("\(value)", "\(HistoryTime.minute(time))")) }
                options.time = time
            case "place": options.place = value
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
        try options.readPositionals(positionals, given: given, now: now)
        return options
    }

    private mutating func readPositionals(_ positionals: [String], given: Set<String>, now: Int) throws(UsageError) {
        func id(_ text: String?) throws(UsageError) -> Int {
            guard let text, let id = Int(text), id > 0 else { throw UsageError(tr("give the entry's id (see 'breather log list'), like: breather log %s 12").filled("\(positionals[0])")) }
            return id
        }
        switch positionals.first {
        case "list": action = .list
        case "edit": action = .edit(try id(positionals.dropFirst().first))
        case "delete": action = .delete(try id(positionals.dropFirst().first))
        case "import":
            guard positionals.count == 2 else { throw UsageError(tr("usage: breather log import FILE.csv")) }
            action = .importFile(positionals[1])
        default: action = .add
        }
        let words = action == .add ? positionals : Array(positionals.dropFirst(action == .list ? 1 : 2))
        if case .importFile = action {} else if action == .add {
            if let word = words.first {
                guard let score = Int(word) else { throw UsageError(tr("Unexpected argument '%s': a score is 1 (good) to 4 (bad)").filled("\(word.prefix(40))")) }
                guard LogEntry.scores.contains(score) else { throw UsageError(tr("score %s is not 1 (good) to 4 (bad)").filled("\(score)")) }
                self.score = score
            }
            if let extra = words.dropFirst().first { throw UsageError(tr("Unexpected argument '%s'").filled("\(extra.prefix(40))")) }
        } else if let extra = words.first {
            if case .edit = action, words.count == 1, let score = Int(extra) {
                guard LogEntry.scores.contains(score) else { throw UsageError(tr("score %s is not 1 (good) to 4 (bad)").filled("\(score)")) }
                self.score = score
            } else {
                throw UsageError(tr("Unexpected argument '%s'").filled("\(extra.prefix(40))"))
            }
        }
        let entryFlagsGiven = given.intersection(Self.entryFlags)
        switch action {
        case .add:
            if given.contains("since") || given.contains("format") { throw UsageError(tr("--since and --format are for 'breather log list'")) }
            if let problem = entry(now: now).problem(now: now) { throw UsageError(problem) }
        case .edit:
            if given.contains("since") || given.contains("format") { throw UsageError(tr("--since and --format are for 'breather log list'")) }
            if entryFlagsGiven.isEmpty && score == nil { throw UsageError(tr("nothing to change: give a score or flags such as --pef, --note")) }
        case .list, .delete, .importFile:
            if let flag = entryFlagsGiven.sorted().first { throw UsageError(tr("%s is for 'breather log' and 'breather log edit'").filled("--\(flag)")) }
            if action != .list, given.contains("since") || given.contains("format") { throw UsageError(tr("--since and --format are for 'breather log list'")) }
        }
        if let peakFlow, !LogEntry.peakFlows.contains(peakFlow) {
            throw UsageError(tr("peak flow %s L/min is outside %s-%s").filled("\(peakFlow)", "\(LogEntry.peakFlows.lowerBound)", "\(LogEntry.peakFlows.upperBound)"))
        }
        if let reliever, !LogEntry.relieverPuffs.contains(reliever) { throw UsageError(tr("reliever %s puffs is outside 0-%s").filled("\(reliever)", "\(LogEntry.relieverPuffs.upperBound)")) }
    }

    /// The new entry the flags describe (`breather log`), at `now` unless `--at` says otherwise.
    func entry(now: Int) -> LogEntry {
        LogEntry(time: time ?? now, place: place ?? "", score: score, reliever: reliever, peakFlow: peakFlow, nightWaking: nightWaking,
                 activityLimited: activityLimited, symptoms: symptoms, tags: tags ?? [], note: note ?? "")
    }

    /// `old` with what the flags give replaced (`breather log edit`).
    func edited(_ old: LogEntry) -> LogEntry {
        var entry = old
        entry.time = time ?? old.time
        entry.place = place ?? old.place
        entry.score = score ?? old.score
        entry.reliever = reliever ?? old.reliever
        entry.peakFlow = peakFlow ?? old.peakFlow
        entry.nightWaking = nightWaking ?? old.nightWaking
        entry.activityLimited = activityLimited ?? old.activityLimited
        entry.symptoms.merge(symptoms) { _, new in new }
        entry.tags = tags ?? old.tags
        entry.note = note ?? old.note
        return entry
    }

    private static func number(_ value: String, _ spec: OptionSpec) throws(UsageError) -> Int {
        guard let number = Int(value) else { throw UsageError(tr("The value '%s' is invalid for '%s': give a whole number").filled("\(value.prefix(40))", "\(spec.usage)")) }
        return number
    }

    /// Flags before the command word that it would ignore are refused, as `history` refuses them.
    static func refuseCommonFlags(_ common: CommonOptions, command: String) throws(UsageError) {
        if common.format != nil { throw UsageError(tr("give --format after '%s'").filled("\(command)")) }
        if common.latitude != nil || common.city != nil || common.place != nil || common.units != nil || common.icons != nil || common.template != nil
            || common.output != nil || common.refresh || common.standard != nil {
            throw UsageError(tr("breather %s reads --config, --log-level and --language before '%s'; its own flags follow it").filled("\(command)", "\(command)"))
        }
    }

    /// The spec `--name` or `--name=value` names, and the inline value.
    static func spec(_ argument: String, in specs: [OptionSpec], command: String) throws(UsageError) -> (OptionSpec, String?) {
        var name = Substring(argument.dropFirst(2))
        var inline: String?
        if let equals = name.firstIndex(of: "=") {
            inline = String(name[name.index(after: equals)...])
            name = name[..<equals]
        }
        guard let spec = specs.first(where: { $0.name == name }) else { throw UsageError(tr("Unknown option '%s' for breather %s").filled("--\(name)", "\(command)")) }
        return (spec, inline)
    }
}
