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
    /// The values of the discussion's `%s`, in order: lists the code owns (pollutants, symptoms),
    /// kept out of the texts translators see.
    var values: [String] = []

    /// The flags the page lists.
    var listedOptions: [OptionSpec] {
        (options ?? CommonOptions.specs).filter { optionNames?.contains($0.name) ?? true }
    }

    /// Every text of the page a catalog translates, as written here (the msgids, context "help").
    var messages: [String] {
        [abstract] + discussion.split(separator: "\n").map(String.init) + arguments.map(\.help) + listedOptions.map(\.help)
    }

    /// The discussion's paragraphs in the current language, each `%s` filled from `values`.
    var paragraphs: [String] {
        var rest = values[...]
        return discussion.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let count = zip(line.utf8, line.utf8.dropFirst()).filter { $0 == UInt8(ascii: "%") && $1 == UInt8(ascii: "s") }.count
            let text = line.isEmpty ? "" : tr(String(line), context: "help").filled(Array(rest.prefix(count)))
            rest = rest.dropFirst(count)
            return text
        }
    }
}

/// The `--language` and `--config` a help request gave: what decides its page's language.
struct HelpRequest: Sendable, Equatable {
    var language: String?
    var configPath: String?
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

    /// The language of a help page: `--language` (one Breather has no catalog for gives English:
    /// help is printed whatever else is wrong with the line), else `[display] language` of the
    /// config file a run would read, else the environment's (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`,
    /// `LANG`; `C` and `POSIX` are English).
    static func language(for request: HelpRequest, loader: ConfigLoader = ConfigLoader()) -> Language {
        if let name = request.language { return Language(locale: name) ?? .english }
        return loader.displayLanguage(explicitPath: request.configPath) ?? Language.fromEnvironment(loader.environment)
    }

    /// The whole help page of the one-shot run (`command` nil) or a subcommand, in GNU's
    /// layout: the `Usage:` line, the abstract, the discussion, then options and subcommands.
    /// Every explanation is in `language`; flags, subcommands, values and config keys stay as
    /// the parser spells them. help2man reads it for the man pages (scripts/package-deb.sh,
    /// with `--language en`).
    static func page(for command: Subcommand?, language: Language = Language.fromEnvironment(Environment.get)) -> String {
        L10n.$language.withValue(language) { text(for: command) }
    }

    private static func text(for command: Subcommand?) -> String {
        let help = command?.help ?? Breather.help
        let name = "breather" + (command.map { " " + $0.rawValue } ?? "")
        let usage = help.usage ?? (command == nil ? "[options] [<subcommand>]" : "[options]")
        var lines = [tr("Usage:", context: "help") + " \(name) \(usage)"] + wrapped(tr(help.abstract, context: "help"), indent: 0)
        if !help.discussion.isEmpty {
            lines.append("")
            for paragraph in help.paragraphs { lines += wrapped(paragraph, indent: 0) }
        }
        if !help.arguments.isEmpty {
            lines += ["", tr("Arguments:", context: "help")]
            for argument in help.arguments { lines += entry(argument.name, tr(argument.help, context: "help")) }
        }
        lines += ["", tr("Options:", context: "help")]
        for spec in help.listedOptions {
            let values = spec.choices.isEmpty ? "" : " (" + tr("values:", context: "help") + " " + spec.choices.joined(separator: ", ") + ")"
            lines += entry(spec.usage, tr(spec.help, context: "help") + values)
        }
        lines += entry("--version", tr("Show the version.", context: "help")) + entry("-h, --help", tr("Show help information.", context: "help"))
        if command == nil {
            lines += ["", tr("Subcommands:", context: "help")]
            for subcommand in Subcommand.allCases { lines += entry(subcommand.rawValue, tr(subcommand.help.abstract, context: "help")) }
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

    /// Words wrapped at `width` terminal columns, every line indented by `indent` spaces. A
    /// Chinese character takes two columns, and a line may break between two of them (Chinese
    /// puts no spaces between words), not before a closing mark (，。）).
    static func wrapped(_ text: String, indent: Int) -> [String] {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = "", used = 0
        for piece in pieces(text) {
            let gap = line.isEmpty || !piece.spaced ? 0 : 1
            let size = columns(piece.text)
            if !line.isEmpty, indent + used + gap + size > width {
                lines.append(margin + line)
                (line, used) = (piece.text, size)
            } else {
                line += (gap == 1 ? " " : "") + piece.text
                used += gap + size
            }
        }
        return lines + [margin + line]
    }

    /// The pieces a line may break between: words, and each wide character on its own, with a
    /// closing mark kept after the piece it closes and an opening one before the piece it
    /// opens. `spaced`: a space stood before the piece.
    private static func pieces(_ text: String) -> [(text: String, spaced: Bool)] {
        var pieces: [(text: String, spaced: Bool)] = []
        var spaced = false
        for character in text {
            if character == " " { spaced = true; continue }
            // French sets a space before : ; ! ? and », which must not begin a line.
            if spaced, ":;!?»".contains(character), !pieces.isEmpty {
                pieces[pieces.count - 1].text += " " + String(character)
                spaced = false
                continue
            }
            let wide = columns(character) == 2
            if !spaced, let last = pieces.last?.text.last,
               closing.contains(character) || opening.contains(last) || !wide && columns(last) == 1 {
                pieces[pieces.count - 1].text.append(character)
            } else {
                pieces.append((String(character), spaced))
            }
            spaced = false
        }
        return pieces
    }

    private static let closing: Set<Character> = ["，", "。", "、", "；", "：", "！", "？", "）", "」", "』", "》", "】"]
    private static let opening: Set<Character> = ["（", "「", "『", "《", "【"]

    /// The columns `character` takes in a terminal: 2 for the East Asian wide and fullwidth ones.
    static func columns(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD: return 2
        default: return 1
        }
    }

    /// The columns `text` takes in a terminal.
    static func columns(_ text: some StringProtocol) -> Int { text.reduce(0) { $0 + columns($1) } }
}
