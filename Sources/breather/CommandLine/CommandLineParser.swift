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

    init(_ name: String, help: String, choices: [String] = [], completesFiles: Bool = false) {
        self.name = name
        self.valueName = name
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

    init(_ message: String) { self.message = message }

    static func invalidValue(_ value: String, for spec: OptionSpec) -> UsageError {
        let choices = spec.choices.isEmpty ? "" : ". Please provide one of the following: " + spec.choices.joined(separator: ", ")
        return UsageError("The value '\(value)' is invalid for '\(spec.usage)'" + choices)
    }

    /// `breather: error: Unknown option '--bogus' (see breather --help)`.
    var line: String { "breather: error: \(message) (see breather --help)" }
}

/// What the command line asks for.
enum Invocation {
    /// The one-shot run (`command` nil) or a subcommand, with the shared flags and, for `aqi`,
    /// the readings.
    case run(Subcommand?, CommonOptions, arguments: [String])
    /// `--help`, `-h` or `help [COMMAND]`.
    case help(Subcommand?)
    case version
    /// `--generate-completion-script bash|zsh|fish` (used by the package build, hidden from help).
    case completionScript(CompletionShell)
}

/// The subcommands; the one-shot run has none.
enum Subcommand: String, CaseIterable, Sendable {
    case daemon, watch, config, aqi
}

/// Breather's command-line parser: long options (`--name value` or `--name=value`), flags,
/// one optional subcommand word and, for `aqi`, positional readings.
///
/// Written by hand rather than with swift-argument-parser, which imports FoundationEssentials:
/// with it the static binary carried 4.9 MB more and every run paid its reflection-built
/// argument tree (README "Speed and size"). A value may start with a minus sign when it is a
/// number (`--latitude -33.87`), which ArgumentParser refused.
enum CommandLineParser {
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        if arguments.first == "help" {
            guard arguments.count <= 2 else { throw UsageError("Unexpected argument '\(arguments[2])'") }
            guard let name = arguments.dropFirst().first else { return .help(nil) }
            guard let command = Subcommand(rawValue: name) else { throw UsageError("Unknown subcommand '\(name)'") }
            return .help(command)
        }
        var options = CommonOptions()
        var command: Subcommand?
        var positionals: [String] = []
        var wantsHelp = false, wantsVersion = false
        var completionShell: CompletionShell?
        var onlyPositionals = false
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if onlyPositionals || !isOption(argument) {
                if command == nil, positionals.isEmpty, let named = Subcommand(rawValue: argument) {
                    command = named
                } else {
                    positionals.append(argument)
                }
                continue
            }
            switch argument {
            case "--": onlyPositionals = true; continue
            case "-h", "--help": wantsHelp = true; continue
            case "--version": wantsVersion = true; continue
            default: break
            }
            guard argument.hasPrefix("--") else { throw UsageError("Unknown option '\(argument)'") }
            var name = argument.dropFirst(2)
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = name[..<equals]
            }
            func value(for usage: String) throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = rest.first, !isOption(next) else { throw UsageError("Missing value for '\(usage)'") }
                rest.removeFirst()
                return next
            }
            if name == CompletionShell.optionName {
                let shell = try value(for: CompletionShell.usage)
                guard let chosen = CompletionShell(rawValue: shell) else {
                    throw UsageError("The value '\(shell)' is invalid for '\(CompletionShell.usage)'. Please provide one of the following: "
                                     + CompletionShell.allCases.map(\.rawValue).joined(separator: ", "))
                }
                completionShell = chosen
                continue
            }
            guard let spec = CommonOptions.specs.first(where: { $0.name == name }) else {
                throw UsageError("Unknown option '--\(name)'")
            }
            if spec.valueName == nil {
                guard inlineValue == nil else { throw UsageError("The flag '\(spec.usage)' takes no value") }
                try options.set(spec, to: "")
            } else {
                try options.set(spec, to: try value(for: spec.usage))
            }
        }
        // As with other tools, --help and --version answer whatever else the line holds.
        if wantsHelp { return .help(command) }
        if wantsVersion { return .version }
        if let completionShell { return .completionScript(completionShell) }
        if command != .aqi, let unexpected = positionals.first { throw UsageError("Unexpected argument '\(unexpected)'") }
        if command == .watch, options.output != nil {
            throw UsageError("watch prints to stdout for the bar that started it; --output is for the one-shot and the daemon")
        }
        try options.validate()
        return .run(command, options, arguments: positionals)
    }

    /// An option or flag rather than a value: it starts with a minus sign and is neither a lone
    /// `-` nor a number (`-33.87`).
    private static func isOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument != "-" && Double(argument) == nil
    }
}
