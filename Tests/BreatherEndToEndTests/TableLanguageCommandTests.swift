import BreatherTestSupport
import Foundation
import Testing

/// The real binary's tables for people in a chosen language: `--language` before the command's
/// word, or the environment; their CSV and json the same bytes in every language.
@Suite("history, log list and insights in a chosen language, end to end")
struct TableLanguageCommandTests {
    @Test("history: --language de a German table with decimal commas, LANGUAGE=fr a French one; CSV and json the same bytes as English")
    func history() async throws {
        let (_, sandbox) = try await HistoryTests().backfilled()
        let berlin = HistoryTests.berlin
        func run(_ arguments: [String], _ environment: [String: String] = [:]) async throws -> String {
            let result = try await sandbox.run(arguments + ["--config", sandbox.configPath], environment: berlin.merging(environment) { $1 })
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        let english = try await run(["history", "--since", "30d"])
        #expect(english.hasPrefix("Time "), "\(english.prefix(200))")
        let german = try await run(["--language", "de", "history", "--since", "30d"])
        #expect(german.hasPrefix("Zeit ") && german.contains("Kategorie"), "\(german.prefix(200))")
        // A decimal comma in the numbers (PM2.5, temperature, humidity), none with a point.
        let numbers = german.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { $0.first?.isNumber == true && !$0.contains("-") && !$0.contains(":") }
        #expect(numbers.contains { $0.contains(",") } && !numbers.contains { $0.contains(".") }, "\(german.prefix(400))")
        #expect(german.split(separator: "\n").count == english.split(separator: "\n").count)
        let french = try await run(["history", "--since", "30d"], ["LANGUAGE": "fr"])
        #expect(french.hasPrefix("Heure ") && french.contains("Catégorie"), "\(french.prefix(200))")
        #expect(try await run(["history", "--daily"], ["LANGUAGE": "es"]).hasPrefix("Fecha "))
        // The chart: German legend and notes, within COLUMNS.
        let chart = try await run(["--language", "de", "history", "--since", "30d", "--format", "chart"], ["COLUMNS": "50"])
        #expect(chart.contains("us-Index, Höchstwert je Spalte:") && !chart.contains("highest per column"), "\(chart)")
        for line in chart.split(separator: "\n") { #expect(line.count <= 50, "\(line)") }
        #expect(try await run(["history", "--since", "30d", "--format", "chart"], ["LANG": "C"]).contains("us index, highest per column:"))
        for format in ["csv", "json"] {
            let plain = try await run(["history", "--since", "30d", "--format", format], ["LANG": "C"])
            #expect(try await run(["--language", "zh_CN", "history", "--since", "30d", "--format", format]) == plain, "\(format)")
            #expect(try await run(["history", "--since", "30d", "--format", format], ["LANGUAGE": "de"]) == plain, "\(format)")
        }
    }

    @Test("log list and insights: French and German tables; the log's CSV and the insights' json the same bytes")
    func logAndInsights() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("[location]\nlatitude = 52.52\nlongitude = 13.41\n")
        let added = try await sandbox.run(["log", "3", "--pef", "420", "--night", "--config", sandbox.configPath])
        #expect(added.status == 0, "\(added.stderr)")
        let list = try await sandbox.run(["--language", "fr", "log", "list", "--config", sandbox.configPath])
        #expect(list.stdout.hasPrefix("   id  heure ") && list.stdout.contains(" oui "), "\(list.stdout)")
        let csv = try await sandbox.run(["log", "list", "--format", "csv", "--config", sandbox.configPath], environment: ["LANGUAGE": "fr"])
        let englishCSV = try await sandbox.run(["log", "list", "--format", "csv", "--config", sandbox.configPath], environment: ["LANG": "C"])
        #expect(csv.stdout == englishCSV.stdout && csv.stdout.hasPrefix("time,place,score"))
        let insights = try await sandbox.run(["insights", "--config", sandbox.configPath], environment: ["LANGUAGE": "de"])
        #expect(insights.stdout.hasPrefix("Erfasste Tage seit ") && insights.stdout.contains("nächtliches Erwachen: ja (1 Nacht)"), "\(insights.stdout)")
        let json = try await sandbox.run(["--language", "de", "insights", "--format", "json", "--config", sandbox.configPath])
        let englishJSON = try await sandbox.run(["insights", "--format", "json", "--config", sandbox.configPath], environment: ["LANG": "C"])
        // Seconds apart: "since" (90 days back from now) may differ; the rest is the same bytes.
        func afterSince(_ text: String) -> Substring { text.firstRange(of: "\"logged_days\"").map { text[$0.lowerBound...] } ?? "" }
        #expect(!afterSince(json.stdout).isEmpty && afterSince(json.stdout) == afterSince(englishJSON.stdout), "\(json.stdout)")
        #expect(json.stdout.contains("\"night_waking\":true"), "\(json.stdout)")
        // The clinician's page: French with --language before the word, English under LANG=C.
        let html = try await sandbox.run(["--language", "fr", "insights", "--format", "html", "--config", sandbox.configPath])
        #expect(html.status == 0 && html.stdout.contains("<html lang=\"fr\">") && html.stdout.contains("<h2>Résumé</h2>"), "\(html.stderr)")
        #expect(html.stdout.contains("<td>Réveil nocturne dû à l'asthme</td><td>oui</td>"), "\(html.stdout)")
        let englishHTML = try await sandbox.run(["insights", "--format", "html", "--config", sandbox.configPath], environment: ["LANG": "C"])
        #expect(englishHTML.stdout.contains("<html lang=\"en\">") && englishHTML.stdout.contains("<td>Any night waking due to asthma</td><td>yes</td>"))
    }
}
