#if canImport(Glibc)
import Glibc
#endif
@testable import BreatherApp
import BreatherCache
import BreatherConfig
import BreatherHistory
import BreatherIO
import BreatherModel
import BreatherTestSupport
import BreatherViewModel
import Logging
import Testing

/// `--place NAME`, `breather config`'s places and `history --place` (issue 44).
@Suite("several places: --place, config, history --place", .serialized)
struct PlaceCommandTests {
    /// `text` written to `folder/config.toml`, for the commands that read a file.
    static func configFile(_ text: String, in folder: String) -> String {
        let path = "\(folder)/config.toml"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = text.utf8CString.withUnsafeBytes { write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
        return path
    }

    @Test("breather config shows each place, what it is and the line it came from")
    func configShowsPlaces() throws {
        let context = try AppHarness.context(PlacesFetchTests.config("http://127.0.0.1:9"))
        let lines = ConfigCommand.lines(context.settings, context: context)
        let places = lines.filter { $0.0.hasPrefix("place.") }
        #expect(places.map(\.0) == ["place.home", "place.work", "place.gran"])
        #expect(places.first?.1 == "{ short = \"⌂\", latitude = 52.52, longitude = 13.41, alerts = true }")
        #expect(places.last?.1 == "{ latitude = 41.9, longitude = 12.5, alerts = false }")
        #expect(context.settings.origins["place.work"] == "config.toml:7", "the line of its name")
        let single = try AppHarness.context("[location]\ncity = \"Paris\"")
        #expect(!ConfigCommand.lines(single.settings, context: single).contains { $0.0.hasPrefix("place.") },
                "a [location] config prints what it printed before")
    }

    @Test("--place work shows work, from its own store entry, and still asks once per endpoint for all three")
    func placeFlag() async throws {
        let server = try await PlacesFetchTests.server()
        let folder = AppHarness.folder()
        let path = Self.configFile(PlacesFetchTests.config(server.baseURL) + "\n[cache]\npath = \"\(folder)/conditions.json\"\n[history]\nenabled = false\n", in: folder)
        var options = CommonOptions()
        options.configPath = path
        options.place = "work"
        let context = try AppContext(options: options)
        #expect(context.cachePath == "\(folder)/conditions.work.json")
        let (session, output) = try await PlacesFetchTests.fetch(context)
        #expect(output.conditions?.location.latitude == 48.85 && output.conditions?.location.name == "work")
        #expect(server.requests.count == 2)
        #expect(session.fetching.places.conditions("home")?.location.latitude == 52.52)
        #expect(ConditionsCache(path: "\(folder)/conditions.json").load().storedConditions?.location.latitude == 52.52)
        #expect(ConditionsCache(path: "\(folder)/conditions.work.json").load().storedConditions?.location.latitude == 48.85)

        options.place = "office"
        do {
            _ = try AppContext(options: options)
            Issue.record("an unknown place must fail")
        } catch {
            #expect(error.status == .usage)
            #expect(error.message == "--place: the config has no place \"office\"; its places: home, work, gran")
        }
    }

    @Test("--place with --city is a usage mistake")
    func placeWithCity() {
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["--place", "work", "--city", "Paris"]) }
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["--place", "work", "history"]) }
    }

    @Test("each place's readings are history rows of its own; history --place reads one place, an unknown one is exit 64")
    func historyPerPlace() async throws {
        let server = try await PlacesFetchTests.server()
        let folder = AppHarness.folder()
        let text = PlacesFetchTests.config(server.baseURL) + "\n[history]\npath = \"\(folder)/h.sqlite3\"\n"
        let context = try AppHarness.context(text, folder: folder)
        _ = try await PlacesFetchTests.fetch(context)
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let store = try HistoryStore(path: "\(folder)/h.sqlite3")
        var seen: [String: Set<Double>] = [:]
        for name in ["home", "work", "gran"] {
            let place = try #require(HistoryCommand.coordinates(of: name, settings: context.settings, logger: logger))
            try store.forEachReading(since: 0, until: Int.max / 2, place: place) { seen[name, default: []].insert($0.place.latitude) }
        }
        #expect(seen == ["home": [52.52], "work": [48.85], "gran": [41.9]])
        let path = Self.configFile(text, in: folder)
        #expect(HistoryCommand(options: HistoryOptions(configPath: path, place: "office")).run() == .usage)
    }
}

extension PlaceCommandTests {
    @Test("[[output]] place = \"work\" writes work's line; a file without place shows the place shown; one run, 2 requests")
    func outputPerPlace() async throws {
        let server = try await PlacesFetchTests.server()
        let folder = AppHarness.folder()
        let path = Self.configFile(PlacesFetchTests.config(server.baseURL) + """

            [cache]
            path = "\(folder)/conditions.json"
            [history]
            enabled = false
            [[output]]
            path = "\(folder)/work.txt"
            place = "work"
            [[output]]
            path = "\(folder)/shown.txt"
            [[output]]
            path = "\(folder)/gran.json"
            format = "json"
            place = "gran"
            """, in: folder)
        var options = CommonOptions()
        options.configPath = path
        options.output = "\(folder)/stdout.txt"
        _ = AppHarness.loop
        #expect(await OneShot(options: options).run() == .ok)
        #expect(server.requests.count == 2)
        let read = { (name: String) in (try? SmallFile.read("\(folder)/\(name)")) ?? "" }
        #expect(read("work.txt").hasPrefix("work · "), "\(read("work.txt"))")
        #expect(read("shown.txt").hasPrefix("home · "), "\(read("shown.txt"))")
        #expect(read("gran.json").contains("\"latitude\":41.9") || read("gran.json").contains("\"latitude\": 41.9"), "\(read("gran.json"))")
    }
}

extension PlaceCommandTests {
    @Test("Prometheus: one exposition, each family once, a sample per place labelled place=\"NAME\"; one place's is unchanged")
    func prometheusByPlace() async throws {
        let server = try await PlacesFetchTests.server()
        let context = try AppHarness.context(PlacesFetchTests.config(server.baseURL))
        let (session, output) = try await PlacesFetchTests.fetch(context)
        let text = try #require(session.places.prometheus(output)).render(output)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0 == "# TYPE breather_aqi gauge" }.count == 1)
        for name in ["home", "work", "gran"] {
            #expect(lines.contains("breather_up{place=\"\(name)\"} 1"), "\(text)")
            #expect(lines.contains { $0.hasPrefix("breather_aqi{standard=\"us\",place=\"\(name)\",location=\"\(name)\"} ") }, "\(text)")
        }
        let single = try AppHarness.context("[location]\nlatitude = 1\nlongitude = 2\n")
        #expect(try Session(context: single, source: .providers(ProviderSessionOptions(staleAfterSeconds: 600))).places.prometheus(output) == nil,
                "one place: the usual exposition, no place label")
    }
}

extension PlaceCommandTests {
    /// Conditions at `latitude` with a steady PM2.5 of `pm25` µg/m³, read now.
    static func reading(_ name: String, latitude: Double, pm25: Double) -> CityConditions {
        let now = Timestamp.now()
        var conditions = CityConditions(location: Location(name: name, latitude: latitude, longitude: 2),
                                        pollution: Pollution(source: "open-meteo", observedAt: now,
                                                             hourly: HourlySeries([.pm2_5: Array(repeating: pm25, count: 24)])),
                                        fetchedAt: now)
        conditions.partsFetchedAt = PartTimes(air: now)
        return conditions
    }

    @Test("alerts per place: an alerting place's crossing names the place; a place without alerts = true stays quiet")
    func alertsPerPlace() throws {
        let lines = PlacesFetchTests.config("http://127.0.0.1:9").split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0 == "name = \"work\"" ? "\($0)\nalerts = true" : String($0) }
        let context = try AppHarness.context(lines.joined(separator: "\n") + "\n[alerts]\ncategory = \"unhealthy\"\nhold = 1\n")
        let session = try Session(context: context, source: .providers(ProviderSessionOptions(staleAfterSeconds: 600)))
        #expect(session.places.alerting == ["home", "work"] && session.places.shownAlerts)
        session.fetching.places.set("work", Self.reading("work", latitude: 48.85, pm25: 150))
        session.fetching.places.set("gran", Self.reading("gran", latitude: 41.9, pm25: 150))
        let shown = MainViewModel.output(of: Self.reading("home", latitude: 52.52, pm25: 5), standard: .us, environment: session.places.environment)
        let notifications = session.places.otherAlerts(shown, settings: context.settings.alerts)
        #expect(notifications.count == 1, "\(notifications)")
        #expect(notifications.first?.summary.hasPrefix("▣ work: Air quality: ") == true, "\(notifications)")
        #expect(session.places.otherAlerts(shown, settings: context.settings.alerts).isEmpty, "the same reading is counted once")
    }
}

extension PlaceCommandTests {
    @Test("the AirVisual quota warning counts every place: 3 places at 15m are 8,640 calls a month, over 10,000 at 5m")
    func quotaCountsPlaces() throws {
        let keyed = "\n[sources]\nair = [\"airvisual\"]\n"
        let three = try AppHarness.context(PlacesFetchTests.config("http://127.0.0.1:9") + keyed).settings
        #expect(DaemonController.quotaWarning(three) == nil, "3 × 2,880 calls a month fit")
        var faster = three
        faster.intervalSeconds = 600
        #expect(DaemonController.quotaWarning(faster) == """
            interval 600s makes about 12960 IQAir calls a month for 3 places, over the free 10000; use an interval of at least 778s
            """)
        var single = try AppHarness.context("[location]\nlatitude = 1\nlongitude = 2\n" + keyed).settings
        single.intervalSeconds = 600
        #expect(DaemonController.quotaWarning(single) == nil, "one place at 10m: 4,320 calls")
    }
}

extension PlaceCommandTests {
    @Test("a reload's places, [bar] places and units reach the other places' outputs (PlaceOutputs.update)")
    func reloadUpdatesPlaces() throws {
        let two = PlacesFetchTests.config("http://127.0.0.1:9").split(separator: "\n").prefix(10).joined(separator: "\n")
        let context = try AppHarness.context(two)
        let session = try Session(context: context, source: .providers(ProviderSessionOptions(staleAfterSeconds: 600)))
        #expect(session.places.labels.map(\.name) == ["home", "work"] && session.places.mode == nil)
        session.fetching.places.set("work", Self.reading("work", latitude: 48.85, pm25: 10))
        let shown = MainViewModel.output(of: Self.reading("home", latitude: 52.52, pm25: 5), standard: .us, environment: session.places.environment)
        #expect(session.places.environment.units == .metric)
        let reloaded = try AppHarness.context("units = \"imperial\"\n" + PlacesFetchTests.config("http://127.0.0.1:9") + "\n[bar]\nplaces = \"all\"\n")
        session.places.update(reloaded.placeLayout(environment: session.places.environment.reloaded(reloaded)))
        #expect(session.places.labels.map(\.name) == ["home", "work", "gran"] && session.places.mode == .all)
        #expect(session.places.environment.units == .imperial)
        #expect(session.places.barOutput(shown).barText.hasPrefix("⌂ "), "the new [bar] places applies at once")
    }
}
