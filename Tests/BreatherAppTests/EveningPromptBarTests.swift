#if canImport(Glibc)
import Glibc
#endif
@testable import BreatherApp
import BreatherHistory
import BreatherModel
import BreatherViewModel
import BreatherViews
import Testing

/// `[log] evening_prompt` through the application: a store whose log suspects ozone the day
/// before (bad days followed high ozone), high ozone yesterday and nothing logged today. The
/// bar asks ("log?", the `log-prompt` class, a tooltip line); json, Prometheus and the MQTT
/// state never carry it; it is off without the key and gone once today is logged.
@Suite("the evening prompt in the bar, in-process", .serialized)
struct EveningPromptBarTests {
    static let location = Location(name: "Brooklyn", latitude: 40.6769, longitude: -73.9423)

    /// 22 logged days before today: ozone (8-h max) 150 on days -20, -16, -12, -8, -4 and
    /// yesterday (-1), 60 otherwise; the day after each high day but yesterday's is bad (4),
    /// the rest good (1). No entry today.
    static func designedStore(in folder: String) throws -> HistoryStore {
        let now = Int(Timestamp.now().timeIntervalSince1970)
        let today = HistoryTime.startOfDay(now)
        let high: Set<Int> = [20, 16, 12, 8, 4, 1]
        let store = try HistoryStore(path: "\(folder)/h.sqlite3")
        var readings: [HistoryReading] = []
        for back in 1...25 {
            let day = ExposureCalendar.day(today, minus: back)
            for hour in 0..<24 {
                readings.append(HistoryReading(place: HistoryPlace(location), source: "open-meteo", time: day + hour * 3600, variable: "o3",
                                               value: high.contains(back) ? 150 : 60))
            }
        }
        try store.record(readings, keepRawSeconds: 90 * 86_400, now: now)
        for back in 1...22 {
            let day = ExposureCalendar.day(today, minus: back)
            _ = try store.addLogEntry(LogEntry(time: day + 20 * 3600, score: high.contains(back + 1) ? 4 : 1))
        }
        return store
    }

    static func output(_ folder: String, log: String) async throws -> Output {
        let context = try AppHarness.context(SessionBuilderTests.config + "\n[history]\npath = \"\(folder)/h.sqlite3\"\n" + log
                                             + "\n[mqtt]\nurl = \"mqtt://127.0.0.1:1\"\n", folder: folder)
        let session = try Session(context: context, source: .providers(ProviderSessionOptions(staleAfterSeconds: 600)))
        let conditions = SessionBuilderTests.conditions(at: Timestamp.now())
        return try #require(await AppHarness.finalOutput(session.viewModel) { $0.seed(with: conditions) })
    }

    @Test("a reload that sets the key asks from then on, as the daemon's SIGHUP hands the new reader over")
    func reloadSetsIt() async throws {
        let folder = AppHarness.folder()
        _ = try Self.designedStore(in: folder)
        let base = SessionBuilderTests.config + "\n[history]\npath = \"\(folder)/h.sqlite3\"\n"
        let session = try Session(context: try AppHarness.context(base, folder: folder),
                                  source: .providers(ProviderSessionOptions(staleAfterSeconds: 600)))
        let reloaded = try AppHarness.context(base + "[log]\nevening_prompt = \"00:00\"\n", folder: folder)
        let output = try #require(await AppHarness.finalOutput(session.viewModel) { viewModel in
            viewModel.seed(with: SessionBuilderTests.conditions(at: Timestamp.now()))
            viewModel.inputs.logPrompt(reloaded.logPromptReader)
        })
        #expect(output.logPrompt?.hasPrefix("Log today? ozone") == true && output.stateClasses.contains("log-prompt"))
    }

    @Test("asked in the bar formats only; off by default; gone once today is logged")
    func barAsks() async throws {
        let folder = AppHarness.folder()
        let store = try Self.designedStore(in: folder)
        // Off by default: the same store, no key.
        let quiet = try await Self.output(folder, log: "")
        #expect(quiet.logPrompt == nil && !quiet.barTextCompact.hasSuffix("log?") && !quiet.stateClasses.contains("log-prompt"))

        // "00:00": the evening has begun whenever the test runs.
        let output = try await Self.output(folder, log: "[log]\nevening_prompt = \"00:00\"\n")
        let line = try #require(output.logPrompt)
        #expect(line.hasPrefix("Log today? ozone, highest 8-h mean yesterday was 150 µg/m³, above the 60 your log suspects"))
        #expect(output.barTextCompact.hasSuffix(" · log?") && output.barTextCompact.count <= Output.compactWidth)
        #expect(output.barTextFull.contains(" · log today?"))
        #expect(output.stateClasses.contains("log-prompt"))
        let waybar = WaybarRenderer().render(output)
        #expect(waybar.contains("log?") && waybar.contains("\"log-prompt\"") && waybar.contains("Log today? ozone"))
        #expect(I3barRenderer().render(output).contains("log?"))
        // Never in json, Prometheus or the MQTT state: those leave the machine or feed other tools.
        let mqtt = String(decoding: MQTTStateDocument.encode(output, node: "breather"), as: UTF8.self)
        for text in [JSONRenderer().render(output), PrometheusRenderer().render(output), mqtt, PlainRenderer().render(output)] {
            #expect(!text.contains("Log today") && !text.contains("log?") && !text.contains("log-prompt") && !text.contains("suspect"))
        }

        // Logged today (a score from a bar click): no more prompt.
        _ = try store.addLogEntry(LogEntry(time: Int(Timestamp.now().timeIntervalSince1970) - 60, score: 2))
        let answered = try await Self.output(folder, log: "[log]\nevening_prompt = \"00:00\"\n")
        #expect(answered.logPrompt == nil && !answered.stateClasses.contains("log-prompt"))
    }
}
