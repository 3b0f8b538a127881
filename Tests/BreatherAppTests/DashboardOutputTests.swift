#if canImport(Glibc)
import Glibc
#endif
@testable import BreatherApp
import BreatherModel
import BreatherViewModel
import Logging
import Testing

/// The daemon's `[[output]]` html and svg files: drawn with the session's history store,
/// rewritten only when their content changes.
@Suite("the dashboard and chart as daemon outputs")
struct DashboardOutputTests {
    static func read(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("html and svg [[output]] files draw the store's hours, and are written again only when their content changes")
    func writtenOnChange() async throws {
        let folder = AppHarness.folder()
        let page = "\(folder)/dashboard.html", chart = "\(folder)/chart.svg"
        let context = try AppHarness.context(SessionBuilderTests.config + """

            [history]
            path = "\(folder)/history.sqlite3"
            [[output]]
            path = "\(page)"
            format = "html"
            [[output]]
            path = "\(chart)"
            format = "svg"
            """, folder: folder)
        let session = try Session(context: context, source: .providers(ProviderSessionOptions(staleAfterSeconds: 600)))
        let stored = SessionBuilderTests.conditions(at: Timestamp.now())
        // The 24 past hours of the conditions' series go into the store, as a fetch records them.
        _ = try #require(session.history.current).recordAveragingSensors(stored)
        let output = try #require(await AppHarness.finalOutput(session.viewModel) { $0.seed(with: stored) })
        let files = DaemonOutputs()
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        #expect(files.show(output, settings: context.settings, options: CommonOptions(), history: session.history, logger: logger))
        let written = try #require(Self.read(page))
        #expect(written.contains("<section id=\"hours\">") && written.contains("<meta http-equiv=\"refresh\" content=\"900\">"))
        #expect(written.contains(": 56 Moderate</title></rect>"), "an hour of the store drawn with its value and word")
        #expect(try #require(Self.read(chart)).contains(": 56 Moderate</title></rect>"))
        // The same output again: nothing to write. A file removed behind the daemon's back comes back.
        #expect(!files.show(output, settings: context.settings, options: CommonOptions(), history: session.history, logger: logger))
        unlink(page)
        #expect(files.show(output, settings: context.settings, options: CommonOptions(), history: session.history, logger: logger))
        #expect(Self.read(page) == written)
    }
}
