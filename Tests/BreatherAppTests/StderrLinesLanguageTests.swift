#if canImport(Glibc)
import Glibc
#endif
@testable import BreatherApp
import BreatherCache
import BreatherConfig
import BreatherLocale
import BreatherModel
import Testing

/// The one-line answers and refusals of the command line, `history`, `log` and the config's
/// key files and outputs in the language people chose (issue 46): the sentence translated, the
/// `breather: error:` prefix, flags, paths, values and exit codes as they are; English unchanged.
@Suite("usage errors, history/log lines and key-file and output config errors in the interface language")
struct StderrLinesLanguageTests {
    /// An environment holding only `variables`.
    static func environment(_ variables: [String: String]) -> (String) -> String? { { variables[$0] } }

    /// The usage error's whole line for `arguments`, as `breather` prints it before exit 64.
    static func usageLine(_ arguments: [String], _ variables: [String: String] = [:]) -> String {
        switch CommandLineParser.parseForPeople(arguments, environment: environment(variables)) {
        case .success: "parsed"
        case .failure(let line): line.text
        }
    }

    @Test("a usage error: German from LANGUAGE, French from --language, English under LANG=C; flags and values verbatim")
    func usageErrors() {
        #expect(Self.usageLine(["--bogus"], ["LANG": "C"]) == "breather: error: Unknown option '--bogus' (see breather --help)")
        #expect(Self.usageLine(["--bogus"], ["LANGUAGE": "de"]) == "breather: error: unbekannte Option '--bogus' (siehe breather --help)")
        #expect(Self.usageLine(["--language", "fr", "--standard", "x"], ["LANGUAGE": "de"])
                == "breather: error: la valeur 'x' n'est pas valide pour '--standard <standard>'. Indiquez l'une des suivantes : "
                + "us, china, china-2012, eu, uk, india, canada (voir breather --help)")
        #expect(Self.usageLine(["--language=de", "--latitude", "91", "--longitude", "2"])
                == "breather: error: --latitude muss zwischen -90 und 90 liegen (siehe breather --help)")
        // The subcommands' own parsers, and a check the log shares with its store (LogEntry.problem).
        #expect(Self.usageLine(["log", "9"], ["LC_ALL": "de_DE.UTF-8"])
                == "breather: error: die Bewertung 9 liegt nicht zwischen 1 (gut) und 4 (schlecht) (siehe breather --help)")
        #expect(Self.usageLine(["--language", "fr", "history", "--daily", "--format", "chart"])
                == "breather: error: --daily écrit table, csv ou json ; le graphique est horaire (voir breather --help)")
        #expect(Self.usageLine(["log", "--symptom", "sneezing=2"], ["LANGUAGE": "es"])
                == "breather: error: síntoma desconocido 'sneezing': uno de cough, wheeze, chest_tightness, breathlessness (vea breather --help)")
        #expect(Self.usageLine(["help", "bogus"], ["LANGUAGE": "zh_CN"]) == "breather: error: 未知子命令 'bogus' （参见 breather --help）")
        // A language Breather has no catalog for, given (itself a usage error) or in the environment: English.
        #expect(Self.usageLine(["--language", "ja", "--bogus"]) == "breather: error: The value 'ja' is invalid for '--language <language>'. "
                + "Please provide one of the following: en, zh_CN, fr, de, es (see breather --help)")
        #expect(Self.usageLine(["--bogus"], ["LANGUAGE": "ja"]) == "breather: error: Unknown option '--bogus' (see breather --help)")
    }

    @Test("history import and log lines: German and French with the paths and numbers as they are; English unchanged")
    func historyAndLogLines() {
        let english = HistoryCommand.imported(9, from: "/tmp/a b.csv", into: "/s/h.sqlite3", new: 7, summarisedDays: 2)
        #expect(english == "imported 9 readings from /tmp/a b.csv into /s/h.sqlite3 (7 new); 2 days over a year old kept as daily summaries")
        let german = L10n.$language.withValue(.german) { HistoryCommand.imported(9, from: "/tmp/a b.csv", into: "/s/h.sqlite3", new: 7, summarisedDays: 1) }
        #expect(german == "9 Messwerte aus /tmp/a b.csv in /s/h.sqlite3 importiert (7 neu); 1 Tag älter als ein Jahr als Tageszusammenfassung behalten")
        let french = L10n.$language.withValue(.french) { LogCommand.imported(1, from: "log.csv", new: 0) }
        #expect(french == "1 entrée importée de log.csv (0 nouvelles)")
        #expect(LogCommand.imported(3, from: "log.csv", new: 1) == "imported 3 entries from log.csv (1 new)")
        #expect(L10n.$language.withValue(.german) { LogCommand.noEntry(12) } == "kein Eintrag mit der id 12 (siehe 'breather log list')")
        #expect(LogCommand.noEntry(12) == "no entry with id 12 (see 'breather log list')")
    }

    @Test("log delete of an id that does not exist: exit 64 in a German config as in English, the store untouched")
    func logMissingIdStatus() throws {
        let folder = AppHarness.folder()
        defer { _ = rmdir(folder) }
        for language in ["", "[display]\nlanguage = \"de\"\n"] {
            let config = LogCommandTests.config(in: folder, extra: language)
            #expect(LogCommand(options: LogOptions(action: .delete(4), configPath: config)).run() == .usage)
            #expect(access(folder + "/h.sqlite3", F_OK) != 0)
            unlink(config)
        }
    }

    @Test("a key file of two lines: 78 and its refusal in the config's language, the path verbatim and none of the key")
    func keyFile() throws {
        let folder = AppHarness.folder()
        let key = folder + "/waqi key"
        let fd = open(key, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = "secret-one\nsecret-two\n".utf8CString.withUnsafeBytes { write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
        defer { unlink(key); rmdir(folder) }
        for (language, expected) in [("en", "the key file holds several lines: a key is one line of at most 256 printable ASCII characters"),
                                     ("fr", "le fichier key contient plusieurs lignes : une clé tient en une ligne d'au plus 256 caractères ASCII imprimables")] {
            let context = try AppHarness.context("[location]\nlatitude = 1\nlongitude = 2\n[display]\nlanguage = \"\(language)\"\n", folder: folder)
            do {
                _ = try context.loadSecret(envVar: "BREATHER_TEST_NO_SUCH_VARIABLE", credential: "waqi.token", keyFile: key)
                Issue.record("a key file of two lines was accepted")
            } catch {
                #expect(error.description == "\(key): \(expected)", "\(error)")
                #expect(!error.description.contains("secret"))
            }
        }
    }

    @Test("the conditions store cannot be written: one warning in German with the path verbatim; English unchanged")
    func cacheWrite() throws {
        let folder = AppHarness.folder()
        let blocker = folder + "/a file"
        close(open(blocker, O_WRONLY | O_CREAT, 0o600))
        defer { unlink(blocker); rmdir(folder) }
        let path = blocker + "/conditions.json"
        let conditions = PlaceCommandTests.reading("Berlin", latitude: 52.52, pm25: 12)
        for (language, expected) in [(Language.english, "cache: cannot write \(path): "), (.german, "cache: kann \(path) nicht schreiben: ")] {
            let log = LineLog()
            StoreWriter(cache: ConditionsCache(path: path), sources: "open-meteo", logger: log.logger, language: language).save(conditions)
            #expect(log.all.count == 1 && log.all.first?.contains(expected) == true, "\(log.all)")
        }
    }

    @Test("a conditions store that is not one: set aside with one warning in German, the path verbatim; English unchanged")
    func storeSetAside() throws {
        for (language, expected) in [("en", "cache: %s: not a Breather conditions file of version "), ("de", "cache: %s: keine Breather-Zustandsdatei der Version ")] {
            let folder = AppHarness.folder()
            let path = folder + "/conditions.json"
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            _ = "{\"not\": \"conditions\"}".utf8CString.withUnsafeBytes { write(fd, $0.baseAddress, $0.count - 1) }
            close(fd)
            let settings = try ConfigLoader().load(text: "[display]\nlanguage = \"\(language)\"\n")
            let log = LineLog()
            let policy = StorePolicy(settings: settings, cityFromFlag: false, sourcesKey: "open-meteo", logger: log.logger)
            #expect(policy.stored(ConditionsCache(path: path)) == nil)
            #expect(log.all.count == 1 && log.all.first?.contains(expected.filled(path)) == true, "\(log.all)")
            #expect(log.all.first?.hasSuffix(language == "de" ? "; beiseitegelegt, es wird neu begonnen" : "; set aside, starting afresh") == true)
        }
    }

    @Test("an output over the conditions cache: 78 in German with both paths verbatim; English unchanged")
    func outputOverCache() throws {
        for (language, expected) in [("en", "[[output]] path \"%s\" is the same file as the conditions cache \"%s\": writing the output would overwrite it; give the output a file of its own"),
                                     ("de", "der [[output]]-Pfad \"%s\" ist dieselbe Datei wie der Zustandscache \"%s\": die Ausgabe würde sie überschreiben; der Ausgabe eine eigene Datei geben")] {
            let folder = AppHarness.folder()
            let cache = folder + "/conditions.json"
            do {
                _ = try AppHarness.context("[location]\nlatitude = 1\nlongitude = 2\n[display]\nlanguage = \"\(language)\"\n[[output]]\npath = \"\(cache)\"\n",
                                           folder: folder)
                Issue.record("an output over the cache was accepted")
            } catch let error as CommandFailure {
                #expect(error.status == .configuration)
                #expect(error.message == "config: config.toml: " + expected.filled(cache, cache), "\(error.message)")
            } catch {
                Issue.record("not a CommandFailure: \(error)")
            }
            rmdir(folder)
        }
    }
}
