import BreatherConfig
import BreatherLocale
import BreatherModel

/// One flag or option of the command line, as the parser, `--help` and the shell completions
/// see it.
struct OptionSpec: Sendable {
    /// The long name without its dashes: `standard` for `--standard`.
    let name: String
    /// The placeholder in usage lines (`<standard>`); nil for a flag, which takes no value.
    let valueName: String?
    let help: String
    /// The only valid values, when the option is a choice; listed in help, errors and completions.
    let choices: [String]
    /// The value is a path: shell completions offer files.
    let completesFiles: Bool

    init(_ name: String, valueName: String? = nil, help: String, choices: [String] = [], completesFiles: Bool = false) {
        self.name = name
        self.valueName = valueName ?? name
        self.help = help
        self.choices = choices
        self.completesFiles = completesFiles
    }

    private init(flag name: String, help: String) {
        self.name = name
        self.valueName = nil
        self.help = help
        self.choices = []
        self.completesFiles = false
    }

    /// A flag: present or not, no value.
    static func flag(_ name: String, help: String) -> OptionSpec { OptionSpec(flag: name, help: help) }

    /// `--standard <standard>` or `--refresh`, as usage lines and errors name it.
    var usage: String { valueName.map { "--\(name) <\($0)>" } ?? "--\(name)" }
}

/// A command line that cannot be run: exit 64 with one line on stderr, which is all a bar or
/// the journal shows, so it says what was wrong.
struct UsageError: Error {
    let message: String

    /// The whole line as stderr shows it (`line`, in the language it was made in).
    struct Line: Error { let text: String }

    init(_ message: String) { self.message = message }

    static func invalidValue(_ value: String, for spec: OptionSpec) -> UsageError {
        guard !spec.choices.isEmpty else { return UsageError(tr("The value '%s' is invalid for '%s'").filled(value, spec.usage)) }
        return UsageError(tr("The value '%s' is invalid for '%s'. Please provide one of the following: %s")
            .filled(value, spec.usage, spec.choices.joined(separator: ", ")))
    }

    /// `breather: error: Unknown option '--bogus' (see breather --help)`, its words in the current
    /// language (`CommandLineParser.messageLanguage`), the prefix and what was typed as they are. Control characters
    /// the user typed are escaped (`\n`, `\u{1B}`): the message stays one line and cannot
    /// drive the terminal.
    var line: String {
        var text = ""
        for scalar in message.unicodeScalars {
            if scalar.properties.generalCategory == .control { text += scalar.escaped(asASCII: true) } else { text.unicodeScalars.append(scalar) }
        }
        return "breather: error: \(text) " + tr("(see breather --help)")
    }
}

/// What the command line asks for.
enum Invocation {
    /// The one-shot run (`command` nil) or a subcommand, with the shared flags and, for `aqi`,
    /// the readings.
    case run(Subcommand?, CommonOptions, arguments: [String])
    /// `--help`, `-h` or `help [COMMAND]`, with the `--language` and `--config` the line gave
    /// (the page's language, `HelpText.language`).
    case help(Subcommand?, HelpRequest)
    case version
    /// `--generate-completion-script bash|zsh|fish` (hidden from help), with the `--language` and
    /// `--config` the line gave: the descriptions' language, as a help page's (`HelpText.language`).
    case completionScript(CompletionShell, HelpRequest)
    /// `history [options]` or `history import FILE`: its own flags (HistoryOptions).
    case history(HistoryOptions)
    /// `log …`: an entry of the breathing log, or its list, edit, delete, import (LogOptions).
    case log(LogOptions)
    /// `insights [options]` (InsightsOptions).
    case insights(InsightsOptions)
}

/// The subcommands; the one-shot run has none.
enum Subcommand: String, CaseIterable, Sendable {
    case daemon, watch, config, aqi, history, log, insights, dashboard
}

/// Breather's command-line parser: long options (`--name value` or `--name=value`), flags,
/// one optional subcommand word and, for `aqi`, positional readings.
///
/// Written by hand rather than with swift-argument-parser, which imports FoundationEssentials:
/// with it the static binary carried 4.9 MB more and every run paid its reflection-built
/// argument tree (docs/PERFORMANCE.md). A value may start with a minus sign when it is a
/// number (`--latitude -33.87`), which ArgumentParser refused.
enum CommandLineParser {
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        if let answer = try helpOrVersion(arguments) { return answer }
        var options = CommonOptions()
        var given: [String] = []
        var command: Subcommand?
        var positionals: [String] = []
        var completionShell: CompletionShell?
        var onlyPositionals = false
        var rest = arguments[...]
        while var argument = rest.popFirst() {
            // The one short option: `-o FILE` for `--output FILE` (`breather dashboard -o FILE`).
            if !onlyPositionals, argument == "-o" { argument = "--output" }
            if onlyPositionals || !isOption(argument) {
                if !onlyPositionals, command == nil, positionals.isEmpty, let named = Subcommand(rawValue: argument) {
                    let now = Int(Timestamp.now().timeIntervalSince1970)
                    switch named {
                    case .history: return .history(try HistoryOptions.parse(rest, common: options, now: now))
                    case .log: return .log(try LogOptions.parse(rest, common: options, now: now))
                    case .insights: return .insights(try InsightsOptions.parse(rest, common: options, now: now))
                    default: break
                    }
                    command = named
                } else {
                    positionals.append(argument)
                }
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            guard argument.hasPrefix("--") else { throw UsageError(tr("Unknown option '%s'").filled(argument)) }
            var name = argument.dropFirst(2)
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = name[..<equals]
            }
            // An empty value (`--output=`, `--template ""`) is a missing one: no option means
            // anything by it, and taking it would blank a bar or write to "".
            func value(for usage: String) throws(UsageError) -> String {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard let next = rest.first, !isOption(next) else { throw UsageError(tr("Missing value for '%s'").filled(usage)) }
                    rest.removeFirst()
                    value = next
                }
                guard !value.isEmpty else { throw UsageError(tr("Missing value for '%s'").filled(usage)) }
                return value
            }
            if name == CompletionShell.spec.name {
                let shell = try value(for: CompletionShell.spec.usage)
                guard let chosen = CompletionShell(rawValue: shell) else { throw .invalidValue(shell, for: CompletionShell.spec) }
                completionShell = chosen
                continue
            }
            guard let spec = spec(named: name) else { throw UsageError(tr("Unknown option '%s'").filled("--" + name)) }
            if spec.valueName == nil {
                guard inlineValue == nil else { throw UsageError(tr("The flag '%s' takes no value").filled(spec.usage)) }
                try options.set(spec, to: "")
            } else {
                try options.set(spec, to: try value(for: spec.usage))
            }
            given.append(spec.name)
        }
        if let completionShell {
            return .completionScript(completionShell, HelpRequest(language: options.language?.rawValue, configPath: options.configPath))
        }
        if command != .aqi, let unexpected = positionals.first { throw UsageError(tr("Unexpected argument '%s'").filled(unexpected)) }
        if command == .watch, options.output != nil {
            throw UsageError(tr("watch prints to stdout for the bar that started it; --output is for the one-shot and the daemon"))
        }
        if command == .watch, let format = options.format, format.drawsHistory {
            throw UsageError(tr("watch prints lines for a bar; --format %s is a file: use the one-shot with --output, the daemon or breather dashboard").filled(format.rawValue))
        }
        if command == .dashboard {
            guard options.format == nil, options.template == nil else {
                throw UsageError(tr("breather dashboard always writes html; --format and --template are for the one-shot"))
            }
            options.format = .html
        }
        if command == .aqi {
            // The calculator reads no config, place or file: a flag it would ignore is refused.
            if let ignored = given.first(where: { !AQICommand.flags.contains($0) }) {
                throw UsageError(tr("breather aqi reads only --standard, --format, --language and --log-level, not %s").filled("--" + ignored))
            }
        } else {
            try options.validate()
        }
        return .run(command, options, arguments: positionals)
    }

    /// `--help`, `-h` or `help [COMMAND]` anywhere before `--`, else `--version`: answered
    /// whatever else the line holds (a bad value included), as other tools do. Words that are
    /// an option's value (`--city help`) do not count.
    private static func helpOrVersion(_ arguments: [String]) throws(UsageError) -> Invocation? {
        var wantsHelp = false, wantsVersion = false
        var words: [String] = []
        var request = HelpRequest()
        var rest = arguments[...]
        while let argument = rest.popFirst(), argument != "--" {
            switch argument {
            case "-h", "--help": wantsHelp = true
            case "--version": wantsVersion = true
            default:
                if !isOption(argument) {
                    words.append(argument)
                    continue
                }
                // `--language fr`, `--language=fr`, before or after `--help`: the page's language.
                let name = argument.dropFirst(2).prefix { $0 != "=" }
                var value = argument.firstIndex(of: "=").map { String(argument[argument.index(after: $0)...]) }
                if value == nil, spec(named: name)?.valueName != nil, let next = rest.first, !isOption(next) {
                    value = rest.removeFirst()  // the option's value
                }
                if name == "language" { request.language = value } else if name == "config" { request.configPath = value }
            }
        }
        if words.first == "help" {
            guard words.count <= 2 else { throw UsageError(tr("Unexpected argument '%s'").filled(words[2])) }
            guard let name = words.dropFirst().first else { return .help(nil, request) }
            guard let command = Subcommand(rawValue: name) else { throw UsageError(tr("Unknown subcommand '%s'").filled(name)) }
            return .help(command, request)
        }
        if wantsHelp { return .help(words.first.flatMap(Subcommand.init(rawValue:)), request) }
        return wantsVersion ? .version : nil
    }

    /// The language of a usage error's line: the line's `--language` (`--language fr`,
    /// `--language=fr`, before `--`) when Breather has that catalog, else the environment's
    /// (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`), as a config error's. The config is not read:
    /// the line that names it may be what is wrong.
    static func messageLanguage(_ arguments: [String], environment: (String) -> String? = Environment.get) -> Language {
        var rest = arguments[...]
        while let argument = rest.popFirst(), argument != "--" {
            if argument.hasPrefix("--language=") { return Language(locale: String(argument.dropFirst(11))) ?? Language.fromEnvironment(environment) }
            if argument == "--language", let value = rest.first { return Language(locale: value) ?? Language.fromEnvironment(environment) }
        }
        return Language.fromEnvironment(environment)
    }

    /// The invocation, or the usage error's line in `messageLanguage(arguments)`.
    static func parseForPeople(_ arguments: [String], environment: (String) -> String? = Environment.get) -> Result<Invocation, UsageError.Line> {
        L10n.$language.withValue(messageLanguage(arguments, environment: environment)) {
            Result { () throws(UsageError) in try parse(arguments) }.mapError { UsageError.Line(text: $0.line) }
        }
    }

    /// The flag `--name` names, if Breather has one.
    private static func spec(named name: Substring) -> OptionSpec? {
        CommonOptions.specs.first { $0.name == name } ?? HistoryOptions.specs.first { $0.name == name }
            ?? LogOptions.specs.first { $0.name == name } ?? InsightsOptions.specs.first { $0.name == name }
    }

    /// An option or flag rather than a value: it starts with a minus sign and is neither a lone
    /// `-` nor a number (`-33.87`).
    private static func isOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument != "-" && Double(argument) == nil
    }
}
