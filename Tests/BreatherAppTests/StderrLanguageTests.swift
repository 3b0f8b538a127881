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

    @Test("the IQAir quota warning: German for several places, French for one, the numbers as they are; English unchanged")
    func quotaWarning() throws {
        let keyed = "\n[sources]\nair = [\"airvisual\"]\n"
        var three = try AppHarness.context(PlacesFetchTests.config("http://127.0.0.1:9") + keyed).settings
        three.intervalSeconds = 600
        #expect(L10n.$language.withValue(.german) { DaemonController.quotaWarning(three) }
                == "interval 600 s ergibt etwa 12960 IQAir-Aufrufe im Monat für 3 Orte, mehr als die freien 10000; ein Intervall von mindestens 778 s verwenden")
        var one = try AppHarness.context("[location]\nlatitude = 1\nlongitude = 2\n" + keyed).settings
        one.intervalSeconds = 60
        #expect(DaemonController.quotaWarning(one)
                == "interval 60s makes about 43200 IQAir calls a month, over the free 10000; use an interval of at least 260s")
        #expect(L10n.$language.withValue(.french) { DaemonController.quotaWarning(one) }
                == "interval 60 s fait environ 43200 appels IQAir par mois, au-delà des 10000 gratuits ; utilisez un intervalle d'au moins 260 s")
    }

    @Test("a publisher's state a subscriber cannot use: French and Chinese words, the versions and detail as they are; English as json has it")
    func unusableStateDocument() {
        typealias Failure = MQTTStateDocument.DecodeFailure
        #expect("\(Failure.version(0))" == "a state document of version 0; this Breather reads version \(MQTTStateDocument.version)")
        #expect(L10n.$language.withValue(.french) { "\(Failure.version(0))" }
                == "un document d'état de version 0 ; ce Breather lit la version \(MQTTStateDocument.version)")
        #expect(L10n.$language.withValue(.french) { "\(Failure.unreadable("aqi: not a number"))" } == "un document d'état illisible (aqi: not a number)")
        #expect(L10n.$language.withValue(.chinese) { "\(Failure.notJSON)" } == "不是 Breather 状态文档")
        #expect("\(Failure.noData)" == "the publisher has no data yet")
    }
}
