#if canImport(Glibc)
import Glibc
#endif
@testable import BreatherApp
import BreatherHistory
import BreatherModel
import BreatherViewModel
import Logging
import Testing

/// `[log] dashboard = true`: the breathing log's bad days and reliever use as marks on the
/// dashboard's 30-day chart, with their words; without it nothing of the log is on the page.
@Suite("the dashboard's log markers")
struct DashboardLogMarkersTests {
    static func page(folder: String, log: String) async throws -> String {
        let page = "\(folder)/dashboard.html"
        unlink(page)
        let context = try AppHarness.context(SessionBuilderTests.config + """

            [history]
            path = "\(folder)/history.sqlite3"
            [[output]]
            path = "\(page)"
            format = "html"
            \(log)
            """, folder: folder)
        let session = try Session(context: context, source: .providers(ProviderSessionOptions(staleAfterSeconds: 600)))
        let stored = SessionBuilderTests.conditions(at: Timestamp.now())
        _ = try #require(session.history.current).recordAveragingSensors(stored)
        let output = try #require(await AppHarness.finalOutput(session.viewModel) { $0.seed(with: stored) })
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        _ = DaemonOutputs().show(output, settings: context.settings, options: CommonOptions(), history: session.history, logger: logger)
        return try #require(DashboardOutputTests.read(page))
    }

    @Test("a bad day and a day with reliever are marked in words; a good day, notes and tags are not; nothing without the key")
    func markedWhenAsked() async throws {
        let folder = AppHarness.folder()
        let now = Int(Timestamp.now().timeIntervalSince1970)
        let today = HistoryTime.startOfDay(now)
        let store = try HistoryStore(path: "\(folder)/history.sqlite3")
        let yesterday = ExposureCalendar.day(today, minus: 1), threeAgo = ExposureCalendar.day(today, minus: 3)
        _ = try store.addLogEntry(LogEntry(time: yesterday + 9 * 3600, score: 4, reliever: 1, note: "PRIVATE-7f3a", exposure: [:]))
        _ = try store.addLogEntry(LogEntry(time: yesterday + 21 * 3600, reliever: 2, tags: ["privatetag"]))
        _ = try store.addLogEntry(LogEntry(time: ExposureCalendar.day(today, minus: 2) + 8 * 3600, score: 1))
        _ = try store.addLogEntry(LogEntry(time: threeAgo + 8 * 3600, score: 2, reliever: 2))
        // Long before the chart: not drawn.
        _ = try store.addLogEntry(LogEntry(time: ExposureCalendar.day(today, minus: 40) + 8 * 3600, score: 4))

        let plain = try await Self.page(folder: folder, log: "")
        #expect(!plain.contains("class=\"marker\"") && !plain.contains("log-markers") && !plain.contains("reliever"))

        let marked = try await Self.page(folder: folder, log: "[log]\ndashboard = true\n")
        let day = { (start: Int) in String(HistoryTime.day(start).dropFirst(5)) }
        // Each chart is drawn twice (wide, and narrow for a phone): two marks a day.
        #expect(marked.components("class=\"marker\"") == 4)
        #expect(marked.components("<title>\(day(yesterday)): bad day (score 4), reliever ×3</title>") == 2)
        #expect(marked.components("<title>\(day(threeAgo)): reliever ×2</title>") == 2)
        #expect(marked.contains("<p class=\"small\" id=\"log-markers\">Dashed lines: 2 logged days"))
        #expect(!marked.contains("PRIVATE-7f3a") && !marked.contains("privatetag"))
    }
}

extension String {
    /// How many times `needle` occurs (no Foundation, no regex engine).
    func components(_ needle: String) -> Int {
        let haystack = Array(utf8), pattern = Array(needle.utf8)
        guard !pattern.isEmpty, haystack.count >= pattern.count else { return 0 }
        var count = 0
        var index = 0
        while index <= haystack.count - pattern.count {
            if haystack[index..<index + pattern.count].elementsEqual(pattern) { count += 1; index += pattern.count } else { index += 1 }
        }
        return count
    }
}
