@testable import BreatherApp
import BreatherCache
import BreatherModel
import BreatherTestSupport
import BreatherViewModel
import Logging
import Synchronization
import Testing

/// The lines a test's logger was given, "level: message".
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    var logger: Logger {
        Logger(label: "test") { _ in Handler(lines: self) }
    }

    func append(_ line: String) { lines.withLock { $0.append(line) } }

    struct Handler: LogHandler {
        let lines: LogLines
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) { lines.append("\(event.level): \(event.message)") }
    }
}

/// A place whose location cannot be found (a `city` unknown, the IP lookup failing) is marked
/// failed as a place whose provider failed is, never skipped silently.
@Suite("several places: a location lookup that fails", .serialized)
struct PlacesLookupTests {
    static func config(_ base: String) -> String {
        """
        [[place]]
        name = "home"
        short = "⌂"
        latitude = 52.52
        longitude = 13.41
        [[place]]
        name = "gran"
        city = "Atlantis"
        [[place]]
        name = "here"
        auto = true
        [bar]
        places = "all"
        [providers.open-meteo]
        forecast_url = "\(base)/v1"
        air_quality_url = "\(base)/v1"
        geocoding_url = "\(base)/geo/v1"
        [providers.ipapi]
        base_url = "\(base)/ip"
        """
    }

    /// The config above against a server whose geocoder knows no "Atlantis" and whose IP lookup
    /// answers 503, with the context's log lines caught; `extra` is added to the config. The
    /// server is returned so it lives as long as the test.
    static func failingLookups(extra: String = "") async throws -> (FixtureServer, LogLines, AppContext) {
        let server = try await FixtureServer.start(routes: [
            "/v1/forecast": .perPlace("open-meteo/forecast.current.json"),
            "/v1/air-quality": .perPlace("open-meteo/air_quality.breather_subset.json"),
            "/geo/v1/search": .fixture("open-meteo/geocoding.empty.json"),
            "/ip/json/": .json("{\"error\": true}", status: 503),
        ])
        let log = LogLines()
        var context = try AppHarness.context(Self.config(server.baseURL) + extra)
        context.logger = log.logger
        return (server, log, context)
    }

    @Test("a city not found and an IP lookup that fails: each marked – in the all line, its row says why, one warning each; the other shows, exit 0")
    func failedLookupsAreMarked() async throws {
        let (server, log, context) = try await Self.failingLookups()
        defer { withExtendedLifetime(server) {} }
        let (session, output) = try await PlacesFetchTests.fetch(context)
        #expect(output.status == .ok && output.conditions?.pollution != nil)
        let drawn = session.places.barOutput(output)
        let star = output.isStale ? "*" : ""  // the fixture's readings are old
        #expect(drawn.barText == "⌂ \(output.aqi)\(star) · gran – · here –", "\(drawn.barText)")
        let gran = try #require(drawn.details.first { $0.hasPrefix("gran: ") })
        #expect(gran.hasPrefix("gran: US AQI – (") && gran.contains("Atlantis"), "\(gran)")
        let here = try #require(drawn.details.first { $0.hasPrefix("here: ") })
        #expect(here.hasPrefix("here: US AQI – (") && !here.contains("no data yet"), "\(here)")
        let warnings = log.all.filter { $0.hasPrefix("warning: place ") }
        #expect(warnings.count == 2, "\(log.all)")
        #expect(warnings.contains("warning: place gran: open-meteo geocoding: no place named \"Atlantis\" (try a larger nearby town, or --latitude/--longitude); not fetched, marked failed"), "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("warning: place here: ") })
        let status = OneShot(options: CommonOptions()).report(output, fromStore: false, printedBarLine: false, logger: context.logger)
        #expect(status == .ok)

        // The next poll fails the same way: marked again, not said again.
        _ = try await session.fetching.fetch(FetchRequest(standard: .us, parts: [.air, .weather]))
        #expect(log.all.filter { $0.hasPrefix("warning: place ") }.count == 2, "\(log.all)")
        #expect(session.places.barOutput(output).barText.hasSuffix("gran – · here –"))
    }

    @Test("[display] language = \"de\": each failed lookup's warning in German, the place, the provider's and ipapi's words as they are")
    func failedLookupsInGerman() async throws {
        let (server, log, context) = try await Self.failingLookups(extra: "\n[display]\nlanguage = \"de\"\n")
        defer { withExtendedLifetime(server) {} }
        _ = try await PlacesFetchTests.fetch(context)
        let warnings = log.all.filter { $0.hasPrefix("warning: Ort ") }
        #expect(warnings.count == 2, "\(log.all)")
        let gran = try #require(warnings.first { $0.hasPrefix("warning: Ort gran: ") }, "\(warnings)")
        #expect(gran.contains("open-meteo geocoding: no place named \"Atlantis\"") && gran.hasSuffix("; nicht abgerufen, als fehlgeschlagen markiert"), "\(gran)")
        let here = try #require(warnings.first { $0.hasPrefix("warning: Ort here: ") }, "\(warnings)")
        #expect(here.contains("ipapi: ") && here.contains("; einen Ort mit --latitude/--longitude, --city oder [location] in der Konfiguration angeben"),
                "\(here)")
        #expect(!log.all.contains { $0.contains("not fetched") || $0.contains("set a location") }, "\(log.all)")
    }
}
