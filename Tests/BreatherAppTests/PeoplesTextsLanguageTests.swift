#if canImport(Glibc)
import Glibc
#endif
@testable import BreatherApp
import BreatherHistory
import BreatherLocale
import BreatherModel
import BreatherViewModel
import BreatherViews
import Testing

/// The texts people read beyond the bar line, through the application in a chosen language:
/// a bad config's line, the evening prompt, the dashboard's log marks, the svg chart's title.
@Suite("config errors, the evening prompt, log marks and the svg title in the interface language", .serialized)
struct PeoplesTextsLanguageTests {
    @Test("a bad config with --language fr: the sentence in French, file, line and key verbatim, exit 78; English as before")
    func configError() throws {
        let folder = AppHarness.folder()
        let path = "\(folder)/config.toml"
        let file = fopen(path, "w")
        fputs("[display]\nnative_names = 1\n", file)
        fclose(file)
        func failure(_ language: Language?) -> CommandFailure? {
            var options = CommonOptions()
            options.configPath = path
            options.language = language
            do { _ = try AppContext(options: options); return nil } catch { return error }
        }
        #expect(failure(nil)?.message == "config: \(path):2: display.native_names: must be true or false")
        let french = try #require(failure(.french))
        #expect(french.message == "config: \(path):2: display.native_names: doit valoir true ou false")
        #expect(french.status == .configuration)
    }

    @Test("the evening prompt in German: the bar's mark, the full text's, the tooltip's line; json still carries none of it")
    func eveningPromptGerman() async throws {
        let folder = AppHarness.folder()
        _ = try EveningPromptBarTests.designedStore(in: folder)
        let output = try await EveningPromptBarTests.output(folder, log: "[log]\nevening_prompt = \"00:00\"\n[display]\nlanguage = \"de\"\n")
        let (compact, full) = output.inPeoplesLanguage { ($0.barTextCompact, $0.barTextFull) }
        #expect(compact.hasSuffix(" · eintragen?") && compact.count <= Output.compactWidth, "\(compact)")
        #expect(full.contains(" · heute eintragen?"), "\(full)")
        let line = try #require(output.forPeople.logPrompt)
        #expect(line.hasPrefix("Heute eintragen? Ozon, höchstes 8-h-Mittel gestern war 150 µg/m³, über den 60, die Ihr Tagebuch vermutet"), "\(line)")
        let waybar = WaybarRenderer().render(output)
        #expect(waybar.contains("eintragen?") && waybar.contains("Heute eintragen? Ozon"), "\(waybar)")
        let json = JSONRenderer().render(output)
        #expect(!json.contains("eintragen") && !json.contains("Tagebuch"))
    }

    @Test("the dashboard's log marks in French: a bad day and reliever puffs in words")
    func logMarksFrench() {
        let day = 1_795_000_000 - 1_795_000_000 % 86_400 + 12 * 3600
        let entries = [LogEntry(time: day, score: 4, reliever: 3), LogEntry(time: day + 86_400, score: 3)]
        let english = LogMarkers.markers(entries).map(\.text)
        #expect(english.count == 2 && english[0].hasSuffix(": bad day (score 4), reliever ×3") && english[1].hasSuffix(": poor day (score 3)"), "\(english)")
        let french = L10n.$language.withValue(.french) { LogMarkers.markers(entries).map(\.text) }
        #expect(french.count == 2 && french[0].hasSuffix(": mauvais jour (note 4), secours ×3") && french[1].hasSuffix(": jour médiocre (note 3)"), "\(french)")
    }

    @Test("the svg chart's title in French, English as before")
    func svgTitleFrench() async throws {
        func svg(_ display: String) async throws -> String {
            let context = try AppHarness.context(SessionBuilderTests.config + display)
            let session = try Session(context: context, source: .providers(ProviderSessionOptions(staleAfterSeconds: 600)))
            let output = try #require(await AppHarness.finalOutput(session.viewModel) { $0.seed(with: SessionBuilderTests.conditions(at: Timestamp.now())) })
            return SVGRenderer(chart: .history).render(output)
        }
        let english = try await svg("")
        #expect(english.contains(" at ") && english.contains("; last 24 hours: no hours to show</title>"), "\(english.prefix(400))")
        let french = try await svg("\n[display]\nlanguage = \"fr\"\n")
        #expect(french.contains(" à ") && !french.contains("last 24 hours"), "\(french.prefix(400))")
        #expect(french.contains("; dernières 24 heures: aucune heure à afficher</title>"), "\(french.prefix(400))")
    }
}

@Suite("the dashboard's log marks, their note and the charts' category names in the interface language", .serialized)
struct DashboardTextsLanguageTests {
    @Test("German: the marks in words, the note under the chart, the bands' names; the config key in the note verbatim")
    func german() async throws {
        let folder = AppHarness.folder()
        let today = HistoryTime.startOfDay(Int(Timestamp.now().timeIntervalSince1970))
        let store = try HistoryStore(path: "\(folder)/history.sqlite3")
        let yesterday = ExposureCalendar.day(today, minus: 1)
        _ = try store.addLogEntry(LogEntry(time: yesterday + 9 * 3600, score: 4, reliever: 3))
        let page = try await DashboardLogMarkersTests.page(folder: folder, log: "[log]\ndashboard = true\n[display]\nlanguage = \"de\"\n")
        let day = String(HistoryTime.day(yesterday).dropFirst(5))
        #expect(page.components("<title>\(day): schlechter Tag (Wert 4), Bedarfsspray ×3</title>") == 2, "\(page)")
        #expect(page.contains("<p class=\"small\" id=\"log-markers\">Gestrichelte Linien: 1 erfasster Tag aus Ihrem Atemtagebuch ("
                              + "ein schlechter oder mäßiger Tag, Bedarfsspray; mit der Maus darüber für die Worte). Angezeigt, weil <code>[log] dashboard = true</code>.</p>"))
        #expect(page.contains("<title>Gut: 0–50</title>") && !page.contains("<title>Good: 0–50</title>"))
        #expect(!page.contains("Dashed lines") && !page.contains("bad day"))
    }
}
