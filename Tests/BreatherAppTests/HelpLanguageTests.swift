#if canImport(Glibc)
import Glibc
#endif
@testable import BreatherApp
import BreatherConfig
import BreatherLocale
import Testing

/// `--help` and every subcommand's help in the interface language: the explanations translated,
/// the flags, subcommands, values and config keys as the parser spells them.
@Suite("--help in the interface language")
struct HelpLanguageTests {
    static let pages: [Subcommand?] = [nil] + Subcommand.allCases
    static let languages = Language.allCases.filter { $0 != .english }

    /// The help of `command` as `HelpText` writes it.
    static func help(_ command: Subcommand?) -> CommandHelp { command?.help ?? Breather.help }

    /// `text` with every space and line break taken out: a text and its wrapped page compare
    /// whatever the lines' breaks and indents (Chinese breaks between characters).
    static func squeezed(_ text: String) -> String { text.filter { !$0.isWhitespace } }

    @Test("every explanation of every page is in every catalog, and the page shows it instead of the English",
          arguments: languages)
    func everyTextTranslated(_ language: Language) {
        for command in Self.pages {
            let page = Self.squeezed(HelpText.page(for: command, language: language))
            for message in Self.help(command).messages {
                guard let forms = L10n.forms(L10n.key(message, context: "help"), in: language) else {
                    Issue.record("\(language.rawValue): \(command?.rawValue ?? "breather"): no translation of \(message.debugDescription)")
                    continue
                }
                #expect(forms[0] != message, "\(language.rawValue): \(message) is not translated")
                // The texts with `%s` are checked filled, below; the others appear as the catalog has them.
                if !message.contains("%s") {
                    #expect(page.contains(Self.squeezed(forms[0])), "\(language.rawValue) \(command?.rawValue ?? "breather"): \(forms[0])")
                }
                #expect(!page.contains(Self.squeezed(message)), "\(language.rawValue) \(command?.rawValue ?? "breather"): English left: \(message)")
            }
        }
    }

    @Test("German help: the main page and history's, log's, insights', dashboard's and config's say it in German, with the English flag and subcommand names")
    func german() {
        let main = HelpText.page(for: nil, language: .german)
        #expect(main.hasPrefix("Aufruf: breather [options] [<subcommand>]\nLuftqualität, Wetter und Asthmarisiko für Ihre Statusleiste."), "\(main)")
        #expect(main.contains("Exit-Codes: 0 ok, 64 Aufruffehler") && main.contains("  --refresh  ") && main.contains("  --language <language>"))
        for command in Subcommand.allCases { #expect(main.contains("\n  \(command.rawValue) "), "the subcommand \(command) is listed as itself") }
        #expect(main.contains("  history                 Was eingeatmet wurde"), "\(main)")
        let history = HelpText.page(for: .history, language: .german)
        #expect(history.hasPrefix("Aufruf: breather history [--since <when>]"))
        #expect(history.contains("Die Messwerte stammen aus jedem Abruf") && history.contains("\n  --since <when>   "), "\(history)")
        #expect(history.contains("\n  --daily   ") && history.contains("\n  import <file.csv>   "))
        #expect(Self.squeezed(history).contains("--since<when>Beginn:eineDauerzurück") && Self.squeezed(history).contains("(Werte:table,csv,json,chart)"))
        let log = Self.squeezed(HelpText.page(for: .log, language: .german))
        #expect(log.contains(Self.squeezed("Symptome: cough, wheeze, chest_tightness, breathlessness, jeweils 0-3. Schlagwörter: sick, exercise")), "the lists filled in")
        #expect(log.contains("--symptom<name=0..3>") && log.contains("--pef<L/min>Peak-Flow,LiterproMinute(30-900)."))
        let insights = Self.squeezed(HelpText.page(for: .insights, language: .german))
        #expect(insights.contains(Self.squeezed("Solange noch keine 14 Tage erfasst sind")) && insights.contains("[log]personal_best"))
        #expect(HelpText.page(for: .dashboard, language: .german).contains("Schreibt das Dashboard"))
        #expect(HelpText.page(for: .config, language: .german).contains("Prüft die Konfiguration"))
        let aqi = Self.squeezed(HelpText.page(for: .aqi, language: .german))
        #expect(aqi.contains(Self.squeezed("Schadstoffe: pm2_5 pm10 o3")) && aqi.contains(Self.squeezed("Zeiträume: 15min 1h")), "\(aqi)")
    }

    @Test("--language before or after --help (and =, and after the subcommand) asks the same page; an unknown one gives English")
    func bothOrders() throws {
        func request(_ arguments: [String]) throws -> (Subcommand?, HelpRequest)? {
            guard case .help(let command, let request) = try CommandLineParser.parse(arguments) else { return nil }
            return (command, request)
        }
        let before = try #require(try request(["--language", "fr", "--help"]))
        let after = try #require(try request(["--help", "--language", "fr"]))
        let inline = try #require(try request(["--language=fr", "-h"]))
        for (command, request) in [before, after, inline] {
            #expect(command == nil && HelpText.language(for: request) == .french)
        }
        let page = HelpText.page(for: nil, language: HelpText.language(for: after.1))
        #expect(page == HelpText.page(for: nil, language: HelpText.language(for: before.1)))
        #expect(page.hasPrefix("Utilisation : breather [options]") && page.contains("Qualité de l'air, météo et risque d'asthme"))
        for arguments in [["history", "--help", "--language", "de"], ["--language", "de", "history", "--help"],
                          ["log", "--language", "de", "-h"], ["help", "insights", "--language=de_DE.UTF-8"]] {
            let (command, request) = try #require(try request(arguments), "\(arguments)")
            #expect(command != nil && HelpText.language(for: request) == .german, "\(arguments)")
        }
        // `--language xx` is a usage error for a run; help is printed whatever the line holds, in English.
        let unknown = try #require(try request(["--language", "xx", "--help"]))
        #expect(HelpText.language(for: unknown.1) == .english)
        #expect(HelpText.language(for: HelpRequest(language: "ja_JP.UTF-8"), loader: Self.loader(["LANGUAGE": "de"])) == .english)
        #expect(HelpText.page(for: .log, language: HelpText.language(for: unknown.1)).hasPrefix("Usage: breather log "))
    }

    @Test("without --language: [display] language of the config, else LANGUAGE, LC_ALL, LC_MESSAGES, LANG; C and unknown ones are English")
    func fromConfigAndEnvironment() throws {
        #expect(HelpText.language(for: HelpRequest(), loader: Self.loader(["LANGUAGE": "de"])) == .german)
        #expect(HelpText.language(for: HelpRequest(), loader: Self.loader(["LC_ALL": "es_ES.UTF-8", "LANG": "fr_FR.UTF-8"])) == .spanish)
        #expect(HelpText.language(for: HelpRequest(), loader: Self.loader(["LANG": "zh_CN.UTF-8"])) == .chinese)
        #expect(HelpText.language(for: HelpRequest(), loader: Self.loader(["LANG": "C", "LANGUAGE": "ja"])) == .english)
        #expect(HelpText.language(for: HelpRequest(), loader: Self.loader(["LANG": "pt_BR.UTF-8"])) == .english)
        let folder = AppHarness.folder()
        let config = try Self.write("\(folder)/config.toml", "[display]\nlanguage = \"fr\"\n")
        let environment = ["LANGUAGE": "de", "BREATHER_CONFIG": config]
        #expect(HelpText.language(for: HelpRequest(), loader: Self.loader(environment)) == .french, "the config's over the environment")
        #expect(HelpText.language(for: HelpRequest(configPath: config), loader: Self.loader(["LANGUAGE": "de"])) == .french, "--config's file")
        #expect(HelpText.language(for: HelpRequest(language: "es"), loader: Self.loader(environment)) == .spanish, "--language over both")
        // A config a run would refuse still gives its language to help, and one that cannot be parsed none.
        let odd = try Self.write("\(folder)/odd.toml", "interval = \"soon\"\n[display]\nlanguage = \"zh_CN\"\n")
        #expect(HelpText.language(for: HelpRequest(configPath: odd), loader: Self.loader(["LANGUAGE": "de"])) == .chinese)
        let broken = try Self.write("\(folder)/broken.toml", "[display\nlanguage = \"fr\"\n")
        #expect(HelpText.language(for: HelpRequest(configPath: broken), loader: Self.loader(["LANGUAGE": "de"])) == .german)
        #expect(HelpText.language(for: HelpRequest(configPath: "\(folder)/absent.toml"), loader: Self.loader(["LANG": "es_MX"])) == .spanish)
    }

    @Test("every page fits 80 columns in every language, as the English does (a Chinese character takes two); the Usage line is the English one",
          arguments: Language.allCases)
    func width(_ language: Language) {
        for command in Self.pages {
            let lines = HelpText.page(for: command, language: language).split(separator: "\n", omittingEmptySubsequences: false)
            let english = HelpText.page(for: command, language: .english).split(separator: "\n")[0]
            let usage = L10n.$language.withValue(language) { tr("Usage:", context: "help") }
            #expect(lines[0] == usage + english.dropFirst("Usage:".count), "\(language.rawValue): \(lines[0])")
            for line in lines.dropFirst() {
                #expect(HelpText.columns(line) <= HelpText.width, "\(language.rawValue) \(command?.rawValue ?? "breather"): \(HelpText.columns(line)) columns: \(line)")
            }
        }
    }

    @Test("wrapping: Chinese breaks between characters, never before ，。）; French never before its spaced : and ;")
    func wrapping() {
        let chinese = HelpText.wrapped(String(repeating: "空气质量，", count: 30), indent: 4)
        #expect(chinese.count > 1 && chinese.allSatisfy { HelpText.columns($0) <= HelpText.width })
        #expect(chinese.allSatisfy { !$0.dropFirst(4).hasPrefix("，") && $0.hasPrefix("    ") })
        #expect(chinese.joined() .filter { $0 != " " } == String(repeating: "空气质量，", count: 30))
        let french = HelpText.wrapped(String(repeating: "mot ; autre : ", count: 20), indent: 0)
        #expect(french.allSatisfy { !$0.hasPrefix(";") && !$0.hasPrefix(":") && $0.count <= HelpText.width })
        #expect(HelpText.wrapped("Show help information.", indent: 26) == [String(repeating: " ", count: 26) + "Show help information."])
    }

    static func loader(_ environment: [String: String]) -> ConfigLoader {
        // No HOME: the machine's own config is not read.
        ConfigLoader { environment[$0] }
    }

    static func write(_ path: String, _ text: String) throws -> String {
        let file = try #require(fopen(path, "w"))
        fputs(text, file)
        fclose(file)
        return path
    }
}
