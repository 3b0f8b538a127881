#if canImport(Glibc)
import Glibc
#endif
@testable import BreatherApp
import BreatherModel
import BreatherViewModel
import Logging
import Testing

/// An svg `[[output]]`'s `chart`, `width` and `height`: they reach the file the daemon and the
/// one-shot write, and a bad one stops the config from loading (78) naming its line.
@Suite("the svg [[output]]'s chart and size")
struct ChartOutputTests {
    static func write(_ text: String, to path: String) throws {
        let file = try #require(fopen(path, "w"))
        defer { fclose(file) }
        #expect(fputs(text, file) >= 0)
    }

    @Test("each svg [[output]] is drawn as its keys say, by the daemon and the one-shot alike; a bar-sized one has no labels")
    func keysReachTheFile() async throws {
        let folder = AppHarness.folder()
        let bar = "\(folder)/bar.svg", ahead = "\(folder)/ahead.svg", page = "\(folder)/page.svg"
        let context = try AppHarness.context(SessionBuilderTests.config + """

            [history]
            path = "\(folder)/history.sqlite3"
            [[output]]
            path = "\(bar)"
            format = "svg"
            width = 120
            height = 40
            [[output]]
            path = "\(ahead)"
            format = "svg"
            chart = "forecast"
            height = 100
            [[output]]
            path = "\(page)"
            format = "svg"
            """, folder: folder)
        let session = try Session(context: context, source: .providers(ProviderSessionOptions(staleAfterSeconds: 600)))
        let stored = SessionBuilderTests.conditions(at: Timestamp.now())
        _ = try #require(session.history.current).recordAveragingSensors(stored)
        let output = try #require(await AppHarness.finalOutput(session.viewModel) { $0.seed(with: stored) })
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        #expect(DaemonOutputs().show(output, settings: context.settings, options: CommonOptions(), history: session.history, logger: logger))
        let small = try #require(DashboardOutputTests.read(bar))
        #expect(small.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" height=\"40\" viewBox=\"0 0 120 40\""), "\(small)")
        #expect(small.contains("; last 24 hours</title>"))
        #expect(!small.contains("<text"), "no label a few pixels high at bar height")
        #expect(small.contains(": 56 Moderate</title></rect>") && small.contains("fill=\"#FFFF00\"><title>"),
                "the stored hours' bars, in their category's colour")
        let forecast = try #require(DashboardOutputTests.read(ahead))
        #expect(forecast.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"480\" height=\"100\""), "\(forecast)")
        #expect(forecast.contains("; forecast, next 24 hours"), "the forecast chart, as chart = \"forecast\" says")
        let large = try #require(DashboardOutputTests.read(page))
        #expect(large.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"480\" height=\"160\""), "the flags' defaults")
        #expect(large.contains("; last 24 hours") && large.contains("<text"), "the history chart, labelled")
        // breather.timer's one-shot writes the same files.
        for path in [bar, ahead, page] { unlink(path) }
        var options = CommonOptions()
        options.output = "\(folder)/line.txt"
        #expect(try OneShot(options: options).write(output, context: context, history: session.history))
        #expect(DashboardOutputTests.read(bar) == small)
        #expect(DashboardOutputTests.read(ahead) == forecast)
        #expect(DashboardOutputTests.read(page) == large)
    }

    @Test("a bad chart, width or height (or one on another format) is refused as the config loads: 78, the file and that block's line",
          arguments: [
              ("width = 8", "output.width: must be a whole number of pixels from 16 to 4000, like 120 (got 8)"),
              ("height = 4001", "output.height: must be a whole number of pixels from 16 to 4000, like 40 (got 4001)"),
              ("height = 40.5", "output.height: must be a whole number of pixels from 16 to 4000, like 40 (got 40.5)"),
              ("width = \"120\"", "output.width: must be a whole number of pixels from 16 to 4000, like 120 (got \"120\")"),
              ("chart = \"week\"", "output.chart: unknown value \"week\"; allowed: history, forecast"),
          ])
    func refused(key: String, reason: String) throws {
        try expectRefused(format: "svg", key: key, reason: reason)
    }

    @Test("chart, width and height on a format that draws no chart image are refused, not ignored")
    func otherFormat() throws {
        try expectRefused(format: "waybar", key: "height = 40",
                          reason: "output.height: is for format = \"svg\" (the chart image); this output's format is \"waybar\"")
    }

    /// A config whose first svg output is valid and whose second, of `format`, has `key` on line 8.
    func expectRefused(format: String, key: String, reason: String) throws {
        let folder = AppHarness.folder()
        let config = "\(folder)/breather.toml"
        try Self.write("""
            [[output]]
            path = "\(folder)/a.svg"
            format = "svg"
            width = 120
            [[output]]
            path = "\(folder)/b.svg"
            format = "\(format)"
            \(key)

            """, to: config)
        var options = CommonOptions()
        options.configPath = config
        do {
            _ = try AppContext(options: options)
            Issue.record("\(key) was accepted")
        } catch {
            #expect(error.status == .configuration)
            #expect(error.message == "config: \(config):8: \(reason)")
        }
    }
}
