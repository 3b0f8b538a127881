import BreatherJSON
import BreatherLocale
import BreatherModel
import BreatherViewModel
import BreatherIO
import BreatherViews
import Foundation
import Testing

/// Renders conditions through the real view model so the views see exactly what they would in use.
func render(_ conditions: CityConditions?, failure: ProviderFailure? = nil, standard: AQIStandard = .us,
            afterFailure: Bool = false, units: Units = .metric, icons: Icons = .none,
            localTime: LocalTime = .utc, pollSeconds: Int? = nil, language: Language = .english, nativeNames: Bool = false,
            rendersEnglish: Bool = true) async -> Output {
    let now = Timestamp(timeIntervalSince1970: 1_795_000_000)
    nonisolated(unsafe) var calls = 0
    var environment = MainViewModel.Environment(fetch: { _ throws(ProviderFailure) in
        calls += 1
        if let conditions, calls == 1 { return conditions }
        throw failure ?? ProviderFailure(provider: "open-meteo", part: .air, kind: .unavailable, message: "HTTP 503")
    }, now: { now.addingTimeInterval(afterFailure ? 900 : 0) }, units: units, icons: icons)
        .with(localTime: localTime, pollSeconds: pollSeconds)
    environment.language = language
    environment.nativeNames = nativeNames
    environment.rendersEnglish = rendersEnglish
    let viewModel = MainViewModel(environment: environment, standard: standard)
    var outputs = viewModel.outputs.makeAsyncIterator()
    var last: Output?
    viewModel.inputs.viewDidRefresh()
    if afterFailure {
        // The next poll comes after the first one's result: refreshes sent together merge into one fetch.
        while let output = await outputs.next() {
            last = output
            if !output.isLoading { break }
        }
        viewModel.inputs.viewDidRefresh()
    }
    viewModel.finish()
    while let output = await outputs.next() { last = output }
    return last!
}

func sample(name: String = "Brooklyn") -> CityConditions {
    CityConditions(
        location: Location(name: name, latitude: 40.6769, longitude: -73.9423),
        weather: Weather(temperatureC: 12.4, humidity: 40, pressureHPa: 1012, windSpeedMS: 2, windDirectionDeg: 90, condition: .wmo(3), source: "open-meteo"),
        pollution: Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: Array(repeating: 12.34, count: 24)])),
        asthma: Asthma(risk: .medium, probability: 0.63, source: "propeller"),
        fetchedAt: Timestamp(timeIntervalSince1970: 1_795_000_000))
}

@Suite("plain and json renderers")
struct RendererTests {
    @Test("plain: the PRODUCT.md line shape, with the weather's word before the temperature as in the bars' full text")
    func plainFresh() async {
        let output = await render(sample())
        #expect(PlainRenderer().render(output) == "Brooklyn · US AQI 57 Moderate (PM2.5) · Cloudy 12°C · Asthma medium 63%")
    }

    @Test("plain: stale data says so, never blank")
    func plainStale() async {
        let output = await render(sample(), afterFailure: true)
        #expect(PlainRenderer().render(output) == "Brooklyn · US AQI 57 Moderate (PM2.5) · Cloudy 12°C · Asthma medium 63% · stale, updated 15 min ago")
    }

    @Test("plain: weather kept from an earlier fetch beside a fresh index says so after the temperature")
    func plainWeatherKept() async {
        var conditions = sample()
        conditions.failures = [ProviderFailure(provider: "open-meteo", part: .weather, kind: .unavailable, message: "HTTP 503")]
        conditions.partsFetchedAt.weather = conditions.fetchedAt.addingTimeInterval(-3600)
        let output = await render(conditions)
        #expect(PlainRenderer().render(output) == "Brooklyn · US AQI 57 Moderate (PM2.5) · Cloudy 12°C (stale) · Asthma medium 63%")
        #expect(output.barTextCompact == "US AQI 57 Moderate · 12°C* · asthma med", "\(output.barTextCompact)")
        var full = output
        full.isCompact = false
        #expect(full.barText.contains(" · Cloudy 12°C* · "), "\(full.barText)")
    }

    @Test("plain: never fetched names the cause")
    func plainNever() async {
        let output = await render(nil)
        #expect(PlainRenderer().render(output) == "Breather: no data yet (open-meteo: HTTP 503)")
    }

    @Test("json: stable keys, raw values, display strings, escaping")
    func json() async throws {
        let output = await render(sample(name: "Saint-Jean \"L'Île\" <&> 100%"), standard: .china)
        let text = JSONRenderer().render(output)
        let root = JSONCursor(try JSON.parse(text))
        #expect(try root.object().keys == ["location", "standard", "air_quality", "weather", "asthma", "indoor", "display",
                                           "updated_at", "observed_at", "stale", "trend", "stale_parts", "age_seconds", "errors", "forecast",
                                           "pollen", "uv", "outlook", "advice", "attributions"])
        #expect(root["trend"].isNull)  // no history in a view test
        #expect(root["pollen"].isNull && root["uv"].isNull, "no pollen or UV in the sample: null, never zeros")
        #expect(try root["location"]["name"].string() == "Saint-Jean \"L'Île\" <&> 100%")
        #expect(try root["standard"].string() == "china")
        #expect(try root["air_quality"]["aqi"].int() == 18)  // 1-h PM2.5 12 → ceil(17.1) under HJ 633-2026
        #expect(try root["air_quality"]["category"].string() == "Excellent")
        #expect(root["air_quality"]["main_pollutant"].isNull)
        #expect(try root["air_quality"]["computed"].bool())
        #expect(try root["air_quality"]["sub_indices"][0]["period"].string() == "1h")
        #expect(try root["weather"]["temperature_c"].double() == 12.4)
        #expect(try root["asthma"]["risk"].string() == "medium")
        #expect(try root["asthma"]["probability"].double() == 0.63)
        #expect(try root["display"]["aqi"].string() == "18")
        #expect(try root["display"]["temperature"].string() == "12°C")
        #expect(try root["updated_at"].string() == "2026-11-18T11:06:40Z")
        #expect(root["observed_at"].isNull, "the sample's provider gave no observation time")
        #expect(try root["stale"].bool() == false)
        #expect(try root["age_seconds"].int() == 0)
        #expect(try root["errors"].array().isEmpty)
    }

    @Test("json: observed_at is when the provider measured; a reading 5 h old is stale with that age")
    func observedAt() async throws {
        var conditions = sample()
        conditions.pollution?.observedAt = conditions.fetchedAt.addingTimeInterval(-5 * 3600)
        let root = JSONCursor(try JSON.parse(JSONRenderer().render(await render(conditions))))
        #expect(try root["observed_at"].string() == "2026-11-18T06:06:40Z")
        #expect(try root["updated_at"].string() == "2026-11-18T11:06:40Z")
        #expect(try root["stale"].bool())
        #expect(try root["age_seconds"].int() == 18_000, "stale because measured long ago: aged from the measurement")
        #expect(try root["display"]["staleness"].string() == "stale, measured 5 h ago")
        #expect(try root["errors"].array().isEmpty, "old data is not an error")
    }

    @Test("json: a stale state carries the error and its age")
    func jsonStale() async throws {
        let output = await render(sample(), failure: ProviderFailure(provider: "open-meteo", part: .air, kind: .rateLimited, message: "rate limited", retryAfterSeconds: 120), afterFailure: true)
        let root = JSONCursor(try JSON.parse(JSONRenderer().render(output)))
        #expect(try root["stale"].bool())
        #expect(try root["age_seconds"].int() == 900)
        #expect(try root["errors"][0]["kind"].string() == "rateLimited")
        #expect(try root["errors"][0]["retry_after_seconds"].int() == 120)
        #expect(try root["air_quality"]["aqi"].int() == 57)
    }
}

@Suite("atomic file sink")
struct AtomicFileTests {
    @Test("writes, replaces, creates directories, sets the mode and leaves no temp file, durable or not",
          arguments: [true, false])
    func write(durable: Bool) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a/b/status.txt").path
        try AtomicFile.write("one\n", to: path, durable: durable)
        try AtomicFile.write("two\n", to: path, mode: 0o600, durable: durable)
        #expect(try SmallFile.read(path) == "two\n")
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("a/b").path) == ["status.txt"])
    }

    @Test("a symlink at the path is replaced, never followed; a directory stays and the write fails",
          arguments: [true, false])
    func notARegularFile(durable: Bool) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let target = dir.appendingPathComponent("target.txt").path
        try AtomicFile.write("target\n", to: target)
        let link = dir.appendingPathComponent("link.txt").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try AtomicFile.write("new\n", to: link, durable: durable)
        #expect(try SmallFile.read(link) == "new\n")
        #expect(try SmallFile.read(target) == "target\n", "the symlink's target is untouched")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == nil, "the link itself was replaced")

        let folder = dir.appendingPathComponent("folder").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try AtomicFile.write("inside\n", to: folder + "/kept.txt")
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write("x", to: folder, durable: durable) }
        #expect(try SmallFile.read(folder + "/kept.txt") == "inside\n", "the directory is where it was")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["folder", "link.txt", "target.txt"],
                "no temporary file left, and the directory not moved aside")
    }

    @Test("an unwritable place is a clear error, and the old file stays")
    func unwritable() throws {
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write("x", to: "/proc/breather-test/status.txt") }
    }
}
