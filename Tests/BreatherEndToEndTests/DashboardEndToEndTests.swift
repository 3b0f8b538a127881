import BreatherTestSupport
import Foundation
import Testing

@Suite("breather dashboard and --format svg: the page and the chart from a real store")
struct DashboardEndToEndTests {
    /// A store backfilled with 7 days, then the dashboard, the json and an svg written from it.
    @Test("dashboard -o FILE: one page with the json's index and category, 48 hourly and 30 daily bars, the [[output]] svg beside it")
    func page() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(await backfillBody())))
        let sandbox = try Sandbox()
        let svgPath = sandbox.home.appendingPathComponent("chart.svg").path
        try sandbox.writeConfig(server: server, extra: "interval = \"15m\"\n[[output]]\npath = \"\(svgPath)\"\nformat = \"svg\"\n")
        let pagePath = sandbox.home.appendingPathComponent("dashboard.html").path
        let run = try await sandbox.run(["dashboard", "-o", pagePath, "--config", sandbox.configPath], environment: HistoryTests.berlin)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let page = try String(contentsOfFile: pagePath, encoding: .utf8)
        let json = try await sandbox.run(["--format", "json", "--config", sandbox.configPath], environment: HistoryTests.berlin)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let display = try #require(root["display"] as? [String: Any])
        let aqi = try #require(display["aqi"] as? String), category = try #require(display["category"] as? String)
        #expect(page.contains("id=\"aqi\" data-category=\"\(display["category_id"] as? String ?? "?")\">\(aqi)</span>"), "\(aqi)")
        #expect(page.contains("<span class=\"word\" id=\"category\">\(category)</span>"))
        #expect(page.contains("<meta http-equiv=\"refresh\" content=\"900\">"))
        func bars(_ id: String) -> Int {
            let section = page.components(separatedBy: "<section id=\"\(id)\">").last?.components(separatedBy: "</section>").first ?? ""
            return section.components(separatedBy: "stroke-width=\"0.5\"><title>").count - 1
        }
        #expect(bars("hours") >= 40, "7 days backfilled: most of the last 48 hours have a reading")
        #expect((7...9).contains(bars("days")), "the backfilled days, today included: \(bars("days"))")
        let svg = try String(contentsOfFile: svgPath, encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"480\" height=\"160\""))
        #expect(svg.components(separatedBy: "stroke-width=\"0.5\"><title>").count - 1 >= 20)
    }
}
