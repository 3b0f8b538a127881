import BreatherTestSupport
import Foundation
import Testing

/// The real binary's one-line answers and refusals in a chosen language (issue 46): what a
/// terminal or the journal shows, with the same exit codes and the paths and flags verbatim.
@Suite("usage errors and the history/log lines in a chosen language, end to end")
struct StderrLanguageCommandTests {
    @Test("a usage error: LANGUAGE=de German, --language fr French, LANG=C English; exit 64 and nothing on stdout each time")
    func usageError() async throws {
        let sandbox = try Sandbox()
        let german = try await sandbox.run(["--city", "Berlin", "--latitude", "1", "--longitude", "2"], environment: ["LANGUAGE": "de"])
        #expect(german.status == 64 && german.stdout.isEmpty)
        #expect(german.stderr == "breather: error: entweder --city oder --latitude/--longitude angeben, nicht beides (siehe breather --help)\n", "\(german.stderr)")
        let french = try await sandbox.run(["--language", "fr", "log", "--pef", "5000"])
        #expect(french.status == 64)
        #expect(french.stderr == "breather: error: le débit de pointe 5000 L/min est hors de 30-900 (voir breather --help)\n", "\(french.stderr)")
        let english = try await sandbox.run(["--bogus"], environment: ["LANG": "C"])
        #expect(english.status == 64 && english.stderr == "breather: error: Unknown option '--bogus' (see breather --help)\n", "\(english.stderr)")
    }

    @Test("history import and log: German and French lines with the file's path as given; a missing id still 64")
    func historyAndLog() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("[location]\nlatitude = 1\nlongitude = 2\n")
        let file = sandbox.home.appendingPathComponent("air export.csv").path
        try HistoryImportTests.rows(3).write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try await sandbox.run(["history", "import", file, "--config", sandbox.configPath], environment: ["LANGUAGE": "de"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("9 Messwerte aus \(file) in ") && imported.stdout.hasSuffix(" importiert (9 neu)\n"), "\(imported.stdout)")
        let logged = try await sandbox.run(["--language", "fr", "log", "3", "--config", sandbox.configPath])
        #expect(logged.status == 0 && logged.stdout.hasPrefix("entrée 1 notée à "), "\(logged.stdout)\(logged.stderr)")
        let missing = try await sandbox.run(["log", "delete", "7", "--config", sandbox.configPath], environment: ["LANGUAGE": "de"])
        #expect(missing.status == 64)
        #expect(missing.stderr == "breather: error: log: kein Eintrag mit der id 7 (siehe 'breather log list')\n", "\(missing.stderr)")
        let english = try await sandbox.run(["log", "delete", "7", "--config", sandbox.configPath], environment: ["LANG": "C"])
        #expect(english.status == 64 && english.stderr == "breather: error: log: no entry with id 7 (see 'breather log list')\n", "\(english.stderr)")
    }

    @Test("a store that is not a database: history in German, insights in French, log list in Chinese; SQLite's words and exit 65 as in English")
    func damagedStore() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("[location]\nlatitude = 1\nlongitude = 2\n")
        try FileManager.default.createDirectory(atPath: sandbox.historyFolder, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: sandbox.historyPath))
        let path = sandbox.historyPath
        let english = try await sandbox.run(["history", "--config", sandbox.configPath], environment: ["LANG": "C"])
        let start = "breather: error: history: cannot read the history store \(path): "
        #expect(english.status == 65 && english.stderr.hasPrefix(start) && english.stderr.hasSuffix(" (SQLite 26)\n"), "\(english.stderr)")
        let sqlite = english.stderr.dropFirst(start.count)  // SQLite's own words, the same in every language
        let german = try await sandbox.run(["history", "--config", sandbox.configPath], environment: ["LANGUAGE": "de"])
        #expect(german.status == 65)
        #expect(german.stderr == "breather: error: history: die Verlaufsdatenbank \(path) kann nicht gelesen werden: \(sqlite)", "\(german.stderr)")
        let french = try await sandbox.run(["--language", "fr", "insights", "--config", sandbox.configPath])
        #expect(french.status == 65)
        #expect(french.stderr == "breather: error: insights: impossible de lire l'historique \(path) : \(sqlite)", "\(french.stderr)")
        let chinese = try await sandbox.run(["log", "list", "--config", sandbox.configPath], environment: ["LANGUAGE": "zh_CN"])
        #expect(chinese.status == 65)
        #expect(chinese.stderr == "breather: error: log: 无法读取历史库 \(path)：\(sqlite)", "\(chinese.stderr)")
        let logged = try await sandbox.run(["log", "2", "--config", sandbox.configPath], environment: ["LANGUAGE": "de"])
        #expect(logged.status == 65)
        #expect(logged.stderr == "breather: error: log: in die Verlaufsdatenbank \(path) kann nicht geschrieben werden: \(sqlite)", "\(logged.stderr)")
    }

    @Test("history import of a file with a bad line: German sentence, the file, line number and cell verbatim; exit 65 and no store, as in English")
    func badImportLine() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("[location]\nlatitude = 1\nlongitude = 2\n")
        let file = sandbox.home.appendingPathComponent("luft export.csv").path
        try HistoryImportTests.rows(3, ozone: { $0 == 1 ? "viel" : "55" }).write(toFile: file, atomically: true, encoding: .utf8)
        let german = try await sandbox.run(["history", "import", file, "--config", sandbox.configPath], environment: ["LANGUAGE": "de"])
        #expect(german.status == 65)
        #expect(german.stderr == "breather: error: history import: \(file): Zeile 3: o3 \"viel\" ist keine Zahl\n", "\(german.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.historyPath))
        let english = try await sandbox.run(["history", "import", file, "--config", sandbox.configPath], environment: ["LANG": "C"])
        #expect(english.status == 65)
        #expect(english.stderr == "breather: error: history import: \(file): line 3: o3 \"viel\" is not a number\n", "\(english.stderr)")
    }

    @Test("log import of a file that cannot be read: French as history import says it, the path and the system's reason as they are; exit 69")
    func unreadableLogImport() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("[location]\nlatitude = 1\nlongitude = 2\n")
        let file = sandbox.home.appendingPathComponent("no such log.csv").path
        let french = try await sandbox.run(["--language", "fr", "log", "import", file, "--config", sandbox.configPath])
        #expect(french.status == 69)
        #expect(french.stderr == "breather: error: log: import: \(file) : lecture impossible (No such file or directory)\n", "\(french.stderr)")
        let english = try await sandbox.run(["log", "import", file, "--config", sandbox.configPath], environment: ["LANG": "C"])
        #expect(english.status == 69)
        #expect(english.stderr == "breather: error: log: import: \(file): cannot read it (No such file or directory)\n", "\(english.stderr)")
    }
}
