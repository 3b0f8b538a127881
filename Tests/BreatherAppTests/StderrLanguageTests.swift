@testable import BreatherApp
import BreatherLocale
import BreatherModel
import BreatherViewModel
import Logging
import Synchronization
import Testing

/// The lines a logger was given, as `breather: …` writes them.
final class LineLog: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }

    /// A logger that keeps every line here (info and up).
    var logger: Logger {
        Logger(label: "test") { _ in Handler(log: self) }
    }

    struct Handler: LogHandler {
        let log: LineLog
        var logLevel: Logger.Level = .info
        var metadata: Logger.Metadata = [:]
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            log.lines.withLock { $0.append(BreatherLogHandler.line(event.level, "\(event.message)", toJournal: false)) }
        }
    }
}

@Suite("stderr lines for people in the interface language; exit codes and prefixes unchanged")
struct StderrLanguageTests {
    static let place = "[location]\nlatitude = 52.52\nlongitude = 13.41\n"

    /// Open-Meteo down (HTTP 503, Retry-After 120 s) and nothing on hand: the one-shot's report.
    static func report(_ language: String?) async throws -> (status: BreatherApp.ExitStatus, lines: [String]) {
        let context = try AppHarness.context(place + (language.map { "[display]\nlanguage = \"\($0)\"\n" } ?? ""))
        let session = try Session(context: context, source: .providers(ProviderSessionOptions(staleAfterSeconds: 600)))
        let down = CityConditions(location: Location(name: "Berlin", latitude: 52.52, longitude: 13.41), weather: nil, pollution: nil,
                                  failures: [ProviderFailure(provider: "open-meteo", part: .air, kind: .unavailable, message: "HTTP 503",
                                                             retryAfterSeconds: 120)],
                                  fetchedAt: Timestamp.now())
        let output = try #require(await AppHarness.finalOutput(session.viewModel) { $0.seed(with: down) })
        let log = LineLog()
        let status = OneShot(options: CommonOptions()).report(output, fromStore: false, printedBarLine: false, logger: log.logger)
        return (status, log.all)
    }

    @Test("a provider's failure: the retry in the language, the provider, its part and its own message as they are")
    func providerFailure() async throws {
        let english = try await Self.report(nil)
        #expect(english.lines.contains("breather: error: open-meteo (air): HTTP 503 (retry after 120 s)"), "\(english.lines)")
        let french = try await Self.report("fr")
        #expect(french.status == english.status && french.status == .unavailable)
        #expect(french.lines.contains("breather: error: open-meteo (air): HTTP 503 (nouvel essai dans 120 s)"), "\(french.lines)")
        let chinese = try await Self.report("zh_CN")
        #expect(chinese.lines.contains("breather: error: open-meteo (air): HTTP 503 （120 秒后重试）"), "\(chinese.lines)")
    }

    @Test("no location with auto = false: the same exit (78), the sentence in the language, flags and keys as they are")
    func noLocation() async throws {
        for (language, start): (String?, String) in [(nil, "no location: pass --latitude/--longitude or --city"), ("de", "kein Ort: --latitude/--longitude oder --city angeben"),
                                  ("es", "sin ubicación: indique --latitude/--longitude o --city")] {
            let context = try AppHarness.context("[location]\nauto = false\n" + (language.map { "[display]\nlanguage = \"\($0)\"\n" } ?? ""))
            do {
                _ = try await context.resolveLocation()
                Issue.record("no location expected")
            } catch {
                #expect(error.status == .configuration)
                #expect(error.message.hasPrefix(start), "\(error.message)")
                #expect(error.message.contains("[location] auto = false"))
            }
        }
    }
}
