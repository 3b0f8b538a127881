#if canImport(Glibc)
import Glibc
#endif
@testable import BreatherApp
import BreatherHistory
import BreatherModel
import BreatherViewModel
import BreatherViews
import Testing

/// `breather log` and `breather insights` in-process: bad input is one line and exit 64 with
/// nothing written; the log never reaches an output, MQTT or Prometheus.
@Suite("breather log and insights, in-process", .serialized)
struct LogCommandTests {
    static let now = Int(Timestamp.now().timeIntervalSince1970)

    @Test("each bad value is one line naming it", arguments: [
        (["log", "9"], "score 9 is not 1 (good) to 4 (bad)"),
        (["log", "3", "--pef", "5000"], "peak flow 5000 L/min is outside 30-900"),
        (["log", "--symptom", "sneezing=2"], "unknown symptom 'sneezing': one of cough, wheeze, chest_tightness, breathlessness"),
        (["log", "--symptom", "="], "unknown symptom '': one of cough, wheeze, chest_tightness, breathlessness"),
        (["log", "--symptom", "wheeze=4"], "symptom wheeze needs a rating from 0 to 3, like --symptom wheeze=2"),
        (["log", "2", "--at", "2099-01-01 08:00"], "--at 2099-01-01 08:00 is in the future (2099-01-01 08:00)"),
        (["log", "2", "--at", "soon"], "The value 'soon' is invalid for '--at <time>': give 08:30, 'yesterday 22:00' or '2026-11-27 08:00'"),
        (["log"], "nothing to log: give a score (1 good … 4 bad) or a measure such as --pef, --reliever or --symptom"),
        (["log", "delete"], "give the entry's id (see 'breather log list'), like: breather log delete 12"),
        (["log", "list", "--pef", "300"], "--pef is for 'breather log' and 'breather log edit'"),
        (["insights", "--format", "xml"], "The value 'xml' is invalid for '--format <format>'. Please provide one of the following: table, json, csv, html"),
    ])
    func badInput(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try CommandLineParser.parse(arguments) }
        do {
            _ = try CommandLineParser.parse(arguments)
        } catch {
            #expect(error.line == "breather: error: \(message) (see breather --help)")
        }
    }

    @Test("a good line: score, flags repeated, --at")
    func goodLine() throws {
        guard case .log(let options) = try CommandLineParser.parse(["log", "3", "--pef", "410", "--reliever", "2", "--symptom", "wheeze=2",
                                                                    "--symptom", "cough=1", "--tag", "smoke", "--tag", "travel", "--night",
                                                                    "--note", "bonfire", "--at", "yesterday 22:00", "--place", "home"]) else {
            Issue.record("not a log line")
            return
        }
        let entry = options.entry(now: Self.now)
        #expect(entry.score == 3 && entry.peakFlow == 410 && entry.reliever == 2 && entry.nightWaking == true)
        #expect(entry.symptoms == [.wheeze: 2, .cough: 1] && entry.tags == ["smoke", "travel"] && entry.note == "bonfire" && entry.place == "home")
        #expect(HistoryTime.hour(entry.time) == 22 && entry.time < Self.now)
    }

    /// A config whose store is `folder/h.sqlite3`, written to a file for the command to read.
    static func config(in folder: String, extra: String = "") -> String {
        let path = "\(folder)/config.toml"
        let text = "[location]\nlatitude = 40.6769\nlongitude = -73.9423\nname = \"Brooklyn\"\n[history]\npath = \"\(folder)/h.sqlite3\"\n" + extra
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = text.utf8CString.withUnsafeBytes { write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
        return path
    }

    @Test("log, edit, delete through the command; an id that does not exist is exit 64 and changes nothing")
    func commandRuns() throws {
        let folder = AppHarness.folder()
        let config = Self.config(in: folder)
        // Before any store exists: exit 64, and no file is made.
        #expect(LogCommand(options: LogOptions(action: .delete(1), configPath: config)).run() == .usage)
        #expect(access("\(folder)/h.sqlite3", F_OK) != 0)
        var options = LogOptions(configPath: config)
        options.score = 2
        options.note = "first"
        #expect(LogCommand(options: options).run() == .ok)
        let store = try HistoryStore(path: "\(folder)/h.sqlite3")
        let id = try #require(store.logEntries().first?.id)
        for action in [LogOptions.Action.delete(id + 1), .edit(id + 1)] {
            var missing = LogOptions(configPath: config)
            missing.action = action
            missing.score = 4
            #expect(LogCommand(options: missing).run() == .usage)
        }
        var edit = LogOptions(configPath: config)
        edit.action = .edit(id)
        edit.peakFlow = 5000
        #expect(LogCommand(options: edit).run() == .usage)  // checked again after the merge
        #expect(try store.logEntries().map(\.note) == ["first"])
        #expect(try store.logEntries().first?.peakFlow == nil)
        edit.peakFlow = 420
        #expect(LogCommand(options: edit).run() == .ok)
        #expect(try store.logEntries().first?.peakFlow == 420)
        #expect(LogCommand(options: LogOptions(action: .delete(id), configPath: config)).run() == .ok)
        #expect(try store.logEntryCount() == 0)
    }

    @Test("the log reaches no output: every format, the MQTT state and discovery, Prometheus")
    func logStaysPrivate() async throws {
        let folder = AppHarness.folder()
        let secret = "PRIVATE-NOTE-7f3a"
        let store = try HistoryStore(path: "\(folder)/h.sqlite3")
        _ = try store.addLogEntry(LogEntry(time: Self.now - 3600, place: "Brooklyn", score: 4, reliever: 7, peakFlow: 123,
                                           symptoms: [.wheeze: 3], tags: ["privatetag7f3a"], note: secret))
        let context = try AppHarness.context(SessionBuilderTests.config + "\n[history]\npath = \"\(folder)/h.sqlite3\"\n[mqtt]\nurl = \"mqtt://127.0.0.1:1\"\n",
                                             folder: folder)
        let session = try Session(context: context, source: .providers(ProviderSessionOptions(staleAfterSeconds: 600)))
        let output = try #require(await AppHarness.finalOutput(session.viewModel) { $0.seed(with: SessionBuilderTests.conditions(at: Timestamp.now())) })
        var texts = OutputFormat.allCases.map { $0.renderer.render(output) }
        texts.append(try TemplateRenderer(TemplateRenderer.placeholders.map { "{\($0)}" }.joined(separator: " ")).render(output))
        let mqtt = try #require(context.settings.mqtt)
        texts.append(String(decoding: MQTTStateDocument.encode(output, node: mqtt.node), as: UTF8.self))
        let discovery = HomeAssistantDiscovery(settings: mqtt, version: Breather.version)
        for entity in HomeAssistantEntity.table {
            texts.append(String(decoding: discovery.config(entity, standard: .us, pollSeconds: 900), as: UTF8.self))
        }
        #expect(texts.count == OutputFormat.allCases.count + 2 + HomeAssistantEntity.table.count)
        for text in texts {
            #expect(!text.contains(secret) && !text.contains("privatetag7f3a") && !text.contains("wheeze") && !text.contains("peak_flow")
                    && !text.contains("reliever") && !text.contains("insight"))
        }
        // The log is still there, for the commands that name it.
        #expect(try store.logEntries().map(\.note) == [secret])
    }
}
