import BreatherConfig
import BreatherLocale

/// What `--help` says about one command: built from `CommonOptions.specs`, so every flag the
/// parser knows is listed.
struct CommandHelp: Sendable {
    let abstract: String
    /// Paragraphs under the abstract; each line is wrapped on its own.
    let discussion: String
    /// What follows the command's name on the `Usage:` line, when not just `[options]`.
    var usage: String?
    /// The positional arguments, as (`<readings>`, help).
    var arguments: [(name: String, help: String)] = []
    /// The flags the command reads, when not all of `CommonOptions.specs` (`aqi`: two).
    var optionNames: [String]?
    /// The command's own flags instead of `CommonOptions.specs` (`history`).
    var options: [OptionSpec]?
}

extension Subcommand {
    var help: CommandHelp {
        switch self {
        case .daemon: DaemonCommand.help
        case .watch: Watch.help
        case .config: ConfigCommand.help
        case .aqi: AQICommand.help
        case .history: HistoryCommand.help
        case .log: LogCommand.help
        case .insights: InsightsCommand.help
        case .dashboard: DashboardCommand.help
        }
    }
}

enum HelpText {
    static let width = 80
    private static let column = 26

    /// The whole help page of the one-shot run (`command` nil) or a subcommand, in GNU's
    /// layout: the `Usage:` line, the abstract, the discussion, then options and subcommands.
    /// help2man reads it for the man pages (scripts/package-deb.sh, with LANGUAGE=C). In the
    /// environment's language (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`): the headings and
    /// the shared options' help; a subcommand's own texts are English (docs/LANGUAGES.md).
    static func page(for command: Subcommand?, language: Language = Language.fromEnvironment(Environment.get)) -> String {
        L10n.$language.withValue(language) { text(for: command) }
    }

    private static func text(for command: Subcommand?) -> String {
        let help = command?.help ?? Breather.help
        let name = "breather" + (command.map { " " + $0.rawValue } ?? "")
        let usage = help.usage ?? (command == nil ? "[options] [<subcommand>]" : "[options]")
        var lines = [tr("Usage:", context: "help") + " \(name) \(usage)"] + wrapped(help.abstract, indent: 0)
        if !help.discussion.isEmpty {
            lines.append("")
            for line in help.discussion.split(separator: "\n", omittingEmptySubsequences: false) {
                lines += wrapped(String(line), indent: 0)
            }
        }
        if !help.arguments.isEmpty {
            lines += ["", tr("Arguments:", context: "help")]
            for argument in help.arguments { lines += entry(argument.name, argument.help) }
        }
        lines += ["", tr("Options:", context: "help")]
        for spec in help.options ?? CommonOptions.specs where help.optionNames?.contains(spec.name) ?? true {
            let values = spec.choices.isEmpty ? "" : " (" + tr("values:", context: "help") + " " + spec.choices.joined(separator: ", ") + ")"
            lines += entry(spec.usage, tr(spec.help, context: "help") + values)
        }
        lines += entry("--version", tr("Show the version.", context: "help")) + entry("-h, --help", tr("Show help information.", context: "help"))
        if command == nil {
            lines += ["", tr("Subcommands:", context: "help")]
            for subcommand in Subcommand.allCases { lines += entry(subcommand.rawValue, subcommand.help.abstract) }
            lines += ["", tr("See 'breather help <subcommand>' for detailed help.", context: "help")]
        }
        return lines.joined(separator: "\n")
    }

    /// `  --standard <standard>   Air-quality standard …`, the help wrapped under itself.
    private static func entry(_ name: String, _ help: String) -> [String] {
        let label = "  " + name
        let text = wrapped(help, indent: column)
        // Two spaces at least between a flag and its help: help2man splits the two there.
        guard label.count < column - 1 else { return [label] + text }
        let first = text.first.map { String($0.dropFirst(column)) } ?? ""
        return [label + String(repeating: " ", count: column - label.count) + first] + text.dropFirst()
    }

    /// Words wrapped at `width` columns, every line indented by `indent` spaces.
    static func wrapped(_ text: String, indent: Int) -> [String] {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, indent + line.count + 1 + word.count > width {
                lines.append(margin + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [margin + line]
    }
}
