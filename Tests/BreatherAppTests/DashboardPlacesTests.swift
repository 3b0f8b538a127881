@testable import BreatherApp
import BreatherJSON
import BreatherModel
import BreatherViewModel
import BreatherViews
import Testing

/// The dashboard of a config with several places (issue 45): every place's index now, its
/// history charts, names escaped; a one-place page unchanged.
@Suite("the dashboard with several places")
struct DashboardPlacesTests {
    static let hostile = "<img src=x onerror=alert(1)>"

    /// home shown with PM2.5 12, work with 80 (and its hours in the store), gran never fetched.
    static func page(workShort: String = "▣", workCity: String = "work") async throws -> (page: String, home: Output, work: Output) {
        let folder = AppHarness.folder()
        let config = PlacesFetchTests.config("http://127.0.0.1:9").split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0 == "short = \"▣\"" ? "short = \"\(workShort)\"" : String($0) }.joined(separator: "\n")
        let context = try AppHarness.context(config + "\n[cache]\npath = \"\(folder)/conditions.json\"\n[history]\npath = \"\(folder)/history.sqlite3\"\n",
                                             folder: folder)
        let session = try Session(context: context, source: .providers(ProviderSessionOptions(staleAfterSeconds: 600)))
        let home = try #require(await AppHarness.finalOutput(session.viewModel) { $0.seed(with: PlaceCommandTests.reading("home", latitude: 52.52, pm25: 12)) })
        let workConditions = PlaceCommandTests.reading(workCity, latitude: 48.85, pm25: 80)
        session.places.book.set("work", workConditions)
        _ = try #require(session.history.current).recordAveragingSensors(workConditions)
        let work = try #require(session.places.output(of: "work", standard: home.standard))
        let page = ChartSource(output: home, history: session.history, refreshSeconds: 900, places: session.places).filled(HTMLRenderer()).render(home)
        return (page, home, work)
    }

    /// The text of the place card `name`'s chip, its `data-category` and its category word.
    static func card(_ page: String, _ name: String) throws -> (aqi: String, categoryID: String, category: String) {
        let card = String(try #require(page.split(separator: "data-place=\"\(name)\"", omittingEmptySubsequences: false).dropFirst().first)
            .prefix { $0 != "\n" })
        let after = { (marker: String, end: Character) in
            String(card.split(separator: marker, omittingEmptySubsequences: false).dropFirst().first?.prefix { $0 != end } ?? "")
        }
        return (after("data-aqi>", "<"), after("data-category=\"", "\""), after("data-category-word>", "<"))
    }

    @Test("each place's index and category on the page equal its json output's; gran, never fetched, says so; work's hours are charted")
    func indexPerPlace() async throws {
        let (page, home, work) = try await Self.page()
        for (name, output) in [("home", home), ("work", work)] {
            let json = JSONCursor(try JSON.parse(JSONRenderer().render(output)))["air_quality"]
            let card = try Self.card(page, name)
            #expect(Int(card.aqi) == (try json["aqi"].int()), "\(name): \(card)")
            #expect(card.categoryID == (try json["category_id"].string()))
            #expect(card.category == (try json["category"].string()))
        }
        #expect(try Self.card(page, "home").aqi != (try Self.card(page, "work").aqi), "two places, two indices")
        let order = ["home", "work", "gran"].map { page.range(of: "data-place=\"\($0)\"")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { $0! < $1! }, "config order, the primary first")
        #expect(page.contains("data-place=\"home\"><h2>⌂ home</h2>"), "the city adds nothing to the place's own name")
        #expect(page.contains("data-place=\"gran\"><h2>gran</h2><p class=\"small no-data\">No data yet for this place.</p>"))
        let workHours = try #require(page.split(separator: "<section id=\"hours-work\">").dropFirst().first)
        #expect(workHours.contains(" Unhealthy</title></rect>") || workHours.contains(" Unhealthy for Sensitive Groups</title></rect>"),
                "work's PM2.5 of 80 drawn from the store in its own chart")
        #expect(page.contains("<section id=\"hours-gran\">") && !page.contains("<section id=\"hours-home\">"),
                "home's charts are the page's own (id=\"hours\"), once")
    }

    @Test("a place labelled and named <img src=x onerror=alert(1)> is text on the page")
    func hostileName() async throws {
        let (page, _, _) = try await Self.page(workShort: Self.hostile, workCity: "\(Self.hostile) Paris")
        #expect(!page.contains("<img"))
        #expect(page.contains("&lt;img src=x onerror=alert(1)&gt; work · &lt;img src=x onerror=alert(1)&gt; Paris</h2>"))
        #expect(page.contains("<h2>&lt;img src=x onerror=alert(1)&gt; work · Last 48 hours</h2>"), "its charts' heading too")
    }

    @Test("a one-place config's page has no places section and is the page drawn without places")
    func onePlaceUnchanged() async throws {
        let folder = AppHarness.folder()
        let context = try AppHarness.context(SessionBuilderTests.config + "\n[history]\npath = \"\(folder)/history.sqlite3\"\n", folder: folder)
        let session = try Session(context: context, source: .providers(ProviderSessionOptions(staleAfterSeconds: 600)))
        let output = try #require(await AppHarness.finalOutput(session.viewModel) { $0.seed(with: SessionBuilderTests.conditions(at: Timestamp.now())) })
        let with = ChartSource(output: output, history: session.history, refreshSeconds: 900, places: session.places).filled(HTMLRenderer()).render(output)
        let without = ChartSource(output: output, history: session.history, refreshSeconds: 900).filled(HTMLRenderer()).render(output)
        #expect(with == without && !with.contains("id=\"places\""))
    }
}
