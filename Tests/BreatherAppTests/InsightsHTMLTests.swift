@testable import BreatherApp
import BreatherHistory
import BreatherModel
import Testing

/// `breather insights --format html`, the report for a clinician: the numbers json gives, the
/// log's words escaped, print CSS, nothing fetched.
@Suite("insights as a clinician's html report")
struct InsightsHTMLTests {
    /// 20 days from 2026-11-01 (UTC): bad days (4) on every fifth day, after ozone 150 the day
    /// before (60 otherwise); reliever on bad days; peak flows 450, 300 and 200 of a best of 500.
    static func report() -> InsightsReport {
        let start = 1_793_491_200  // 2026-11-01T00:00:00Z
        let entries = (0..<20).map { day in
            let bad = day % 5 == 4
            return LogEntry(time: start + day * 86_400 + 20 * 3600, place: "Home <b>", score: bad ? 4 : 1, reliever: bad ? 3 : nil,
                            peakFlow: [450, 300, 200][day % 3], nightWaking: bad ? true : nil, symptoms: bad ? [.wheeze: 2] : [:],
                            tags: bad ? ["smoke"] : [], note: day == 9 ? "<script>alert(1)</script> & \"quotes\"" : "")
        }
        return InsightsReport(entries: entries, since: start, now: start + 20 * 86_400, personalBest: 500) { day, _ in
            let bad = (day - start) / 86_400 % 5 == 4
            return ["o3_8h_max@1": bad ? 150 : 60, "pm2_5_24h_mean@0": 12]
        }
    }

    @Test("the page holds json's numbers: days, the suspect, control, zones and reliever weeks")
    func numbersAsJSON() throws {
        let report = Self.report()
        let page = InsightsHTML.page(report, .init(now: report.since + 20 * 86_400, standard: .us))
        let json = InsightsFormat.json(report)
        #expect(json.contains("\"logged_days\":20,\"good_days\":16,\"bad_days\":4,") && json.contains("\"suspected\":[\"o3_8h_max@1\"]"))
        #expect(page.contains("<b id=\"logged-days\">20</b>") && page.contains("<b id=\"good-days\">16</b>") && page.contains("<b id=\"bad-days\">4</b>"))
        #expect(page.contains("<li data-id=\"o3_8h_max@1\">ozone, highest 8-h mean, 1 day before: above <b>60</b> µg/m³ (4 of 4 bad days, no good day of 16)</li>"))
        #expect(page.contains("<tr data-id=\"o3_8h_max@1\" class=\"suspect\">"))
        let control = try #require(report.control)
        #expect(page.contains("data-level=\"\(control.level.rawValue)\""))
        #expect(page.contains("<tr id=\"night-waking\"><td>Any night waking due to asthma</td><td>yes</td><td class=\"n\">\(control.nightDays)</td></tr>"))
        // 450, 300, 200 of 500: 90 % green, 60 % yellow, 40 % red; 20 readings: 7, 7 and 6.
        #expect(page.contains("green <b id=\"zone-green\">7</b>, yellow <b id=\"zone-yellow\">7</b>, red <b id=\"zone-red\">6</b>"))
        for week in report.reliever { #expect(page.contains("<tr><td>\(HistoryTime.day(week.weekStart))</td><td class=\"n\">\(week.puffs)</td>")) }
        #expect(page.contains("<span id=\"standard\">US EPA"))
    }

    @Test("self-contained, printable, every log text escaped")
    func safeAndPrintable() {
        let page = InsightsHTML.page(Self.report(), .init(now: 1_793_491_200 + 20 * 86_400, standard: .us))
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.hasSuffix("</html>\n"))
        #expect(page.contains("@page{") && page.contains("@media print{") && page.contains("thead{display:table-header-group}"))
        #expect(page.contains("default-src 'none'"))
        for external in ["http://", "https://", " src=", "url(", "@import", "<script", "<link", "<img"] { #expect(!page.contains(external), "\(external)") }
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;"))
        #expect(page.contains("<td>Home &lt;b&gt;</td>") && !page.contains("Home <b>"))
        #expect(page.contains("wheeze 2") && page.contains("<td>smoke</td>"))
    }

    @Test("--format html is accepted")
    func parsed() throws {
        guard case .insights(let options) = try CommandLineParser.parse(["insights", "--since", "30d", "--format", "html"]) else {
            Issue.record("not insights")
            return
        }
        #expect(options.format == .html)
    }
}
