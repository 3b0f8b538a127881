@testable import BreatherApp
import BreatherLocale
import Testing

/// The zsh and fish completions describe each flag and subcommand with its help text in the
/// language they are generated in (`--language`, `[display] language`, the environment), as
/// `--help` does; bash shows no descriptions.
@Suite("shell completions in the interface language")
struct CompletionLanguageTests {
    static let languages = Language.allCases.filter { $0 != .english }

    /// `text` in `language`'s catalog (context `help`), which must have it.
    static func translated(_ text: String, _ language: Language) -> String? {
        L10n.forms(L10n.key(text, context: "help"), in: language)?.first
    }

    /// What zsh shows of `text`: its descriptions hold no bracket, colon or straight quote; an
    /// apostrophe is ’.
    static func zshShown(_ text: String) -> String { String(text.map { $0 == "'" ? "’" : "[]:\"".contains($0) ? " " : $0 }) }

    @Test("fish: every flag's and subcommand's description is the catalog's, none is left English", arguments: languages)
    func fish(_ language: Language) throws {
        let script = CompletionShell.fish.script(in: language)
        let described = CommonOptions.specs.map { ("-l \($0.name)", $0.help) }
            + Subcommand.allCases.map { ("-a \($0.rawValue) ", $0.help.abstract) }
            + [("-l version", "Show the version."), ("-l help", "Show help information.")]
        for (item, english) in described {
            let text = try #require(Self.translated(english, language), "\(language.rawValue) lacks \(english)")
            let line = try #require(script.split(separator: "\n").first { $0.contains(item) }, "no line completes \(item)")
            let quoted = "-d '" + text.flatMap { "\\'".contains($0) ? ["\\", $0] : [$0] } + "'"
            #expect(line.hasSuffix(quoted), "\(language.rawValue): \(line)")
            #expect(!line.contains(english), "\(language.rawValue): English left: \(line)")
        }
    }

    @Test("zsh: every flag's and subcommand's description is the catalog's, none is left English", arguments: languages)
    func zsh(_ language: Language) throws {
        let script = CompletionShell.zsh.script(in: language)
        for spec in CommonOptions.specs {
            let text = try #require(Self.translated(spec.help, language))
            let shown = Self.zshShown(text)
            #expect(script.contains("'--\(spec.name)[\(shown)]") || script.contains("'--\(spec.name)=[\(shown)]"), "\(language.rawValue): --\(spec.name)")
        }
        for command in Subcommand.allCases {
            let text = try #require(Self.translated(command.help.abstract, language))
            #expect(script.contains("\(command.rawValue)\\:\"\(Self.zshShown(text))\""), "\(language.rawValue): \(command)")
            #expect(!script.contains(command.help.abstract), "\(language.rawValue): English left: \(command.help.abstract)")
        }
    }

    @Test("English stays as the help texts are written; bash is the same script in every language")
    func englishAndBash() {
        let fish = CompletionShell.fish.script(in: .english)
        #expect(fish.contains("complete -c breather -l standard -x -a 'us china china-2012 eu uk india canada' -d 'Air-quality standard (default us; china is HJ 633-2026).'"), "\(fish)")
        #expect(CompletionShell.zsh.script(in: .english).contains("'--width=[--format svg  the image’s width, 16 to 4000 (default 480).]"))
        for language in Self.languages { #expect(CompletionShell.bash.script(in: language) == CompletionShell.bash.script(in: .english)) }
    }

    @Test("the parser hands the line's --language and --config to the script")
    func request() throws {
        let invocation = try CommandLineParser.parse(["--language", "de", "--config", "/tmp/b.toml", "--generate-completion-script", "fish"])
        guard case .completionScript(.fish, let request) = invocation else { Issue.record("\(invocation)"); return }
        #expect(request == HelpRequest(language: "de", configPath: "/tmp/b.toml"))
        guard case .completionScript(.zsh, let none) = try CommandLineParser.parse(["--generate-completion-script=zsh"]) else { Issue.record("zsh"); return }
        #expect(none == HelpRequest())
    }
}
