import Foundation
import Testing
import BreatherCache
import BreatherModel

@Suite("conditions store on disk")
struct ConditionsCacheTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("breather-cache-\(UUID().uuidString)")
    var path: String { directory.appendingPathComponent("c.json").path }

    /// Every field the model has, none left at its default: a field the codec forgot fails here.
    static func sample() -> CityConditions {
        CityConditions(
            location: Location(name: "Brooklyn", latitude: 40.6769, longitude: -73.9423),
            weather: Weather(temperatureC: 17.7, humidity: 62, pressureHPa: 1015.2, windSpeedMS: 3.6, windDirectionDeg: 200,
                             condition: .wmo(3), observedAt: Timestamp(timeIntervalSince1970: 1_763_800_000), source: "open-meteo"),
            pollution: Pollution(source: "waqi", observedAt: Timestamp(timeIntervalSince1970: 1_763_800_000),
                                 hourly: HourlySeries([.pm2_5: [12.5, nil, 14], .o3: [40, 41, 42]]),
                                 reported: [ReportedIndex(standard: .us, value: 57, mainPollutant: .pm2_5, field: "aqi")],
                                 attributions: [Attribution(name: "World Air Quality Index Project", url: "https://waqi.info/"),
                                                Attribution(name: "NYSDEC", url: nil)],
                                 pollen: [.birch: 12, .grass: 3.5],
                                 forecast: HourlyForecast(start: Timestamp(timeIntervalSince1970: 1_763_802_000),
                                                          series: HourlySeries([.pm2_5: [15, nil], .no2: [20, 21]])),
                                 pollenHourly: [.grass: HourlyValues(start: Timestamp(timeIntervalSince1970: 1_763_712_000), values: [40, nil, 61.5])],
                                 uv: UVIndex(index: 3.2, clearSky: 4.05, hourly: HourlyValues(start: Timestamp(timeIntervalSince1970: 1_763_712_000),
                                                                                             values: [0, nil, 7.5]))),
            asthma: Asthma(risk: .veryHigh, probability: 0.41, source: "estimate", method: "AQHI",
                           outlook: AsthmaOutlook(risk: .high, at: Timestamp(timeIntervalSince1970: 1_763_805_600))),
            failures: [ProviderFailure(provider: "open-meteo", part: .weather, kind: .rateLimited, message: "HTTP 429", retryAfterSeconds: 120)],
            fetchedAt: Timestamp(timeIntervalSince1970: 1_763_800_600),
            partsFetchedAt: PartTimes(air: Timestamp(timeIntervalSince1970: 1_763_800_600), weather: Timestamp(timeIntervalSince1970: 1_763_800_000),
                                      asthma: Timestamp(timeIntervalSince1970: 1_763_800_600)))
    }

    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/conditions-v2.json").path

    @Test("the checked-in golden file decodes to every field (attributions, pollen, part times, failures)")
    func goldenFileDecodes() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.golden, toPath: path)
        guard case .conditions(let loaded, _, _) = ConditionsCache(path: path).load() else {
            Issue.record("the golden file did not load")
            return
        }
        #expect(loaded == Self.sample())
        #expect(loaded.pollution?.attributions?.first?.name == "World Air Quality Index Project")
        #expect(loaded.pollution?.pollen?[.birch] == 12)
        #expect(loaded.pollution?.forecast?.series.values[.no2] == [20, 21])
        #expect(loaded.asthma?.outlook?.risk == .high)
        #expect(loaded.pollution?.pollenHourly?[.grass]?.values == [40, nil, 61.5])
        #expect(loaded.pollution?.uv?.clearSky == 4.05)
        #expect(loaded.isCarriedOver(.weather))
    }

    @Test("what is saved is byte for byte the golden file")
    func savedMatchesGolden() throws {
        try ConditionsCache(path: path).save(Self.sample())
        let written = try String(contentsOfFile: path, encoding: .utf8)
        let golden = try String(contentsOfFile: Self.golden, encoding: .utf8)
        #expect(written == golden)
    }

    @Test("a missing file is .missing; garbage, an old version or a directory is set aside with a reason")
    func unusableFilesAreSetAside() throws {
        let cache = ConditionsCache(path: path)
        #expect(cache.load() == .missing)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for garbage in ["not json", "", "{\"version\": 1}"] {
            try garbage.write(toFile: path, atomically: true, encoding: .utf8)
            guard case .setAside(let reason) = cache.load() else {
                Issue.record("\(garbage.debugDescription) was not set aside")
                continue
            }
            #expect(reason.contains(path) && reason.contains("set aside"))
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(FileManager.default.fileExists(atPath: cache.setAsidePath))
        }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard case .setAside = cache.load() else {
            Issue.record("a directory in the store's place was not reported")
            return
        }
    }

    @Test("fresh means fetched less than max_age ago, measured from the last fetch")
    func freshness() {
        let stored = Self.sample()
        #expect(ConditionsCache.isFresh(stored, maxAgeSeconds: 600, now: stored.fetchedAt.addingTimeInterval(599)))
        #expect(!ConditionsCache.isFresh(stored, maxAgeSeconds: 600, now: stored.fetchedAt.addingTimeInterval(600)))
        #expect(!ConditionsCache.isFresh(stored, maxAgeSeconds: 600, now: stored.fetchedAt.addingTimeInterval(-5)))
    }

    @Test("a part dated ahead of the clock (fetched while it was ahead) is of unknown age: never fresh, and kept as such after a failed fetch")
    func datedAhead() {
        let now = Timestamp(timeIntervalSince1970: 1_763_800_600)
        let yearAhead = now.addingTimeInterval(366 * 86_400)
        let ahead = CityConditions(location: Self.sample().location, pollution: Self.sample().pollution, fetchedAt: yearAhead)
        #expect(!ConditionsCache.isFresh(ahead, maxAgeSeconds: 600, now: now))
        #expect(ahead.isDatedAhead(.air, of: now) && ahead.isDatedAhead(of: now))
        // A failed fetch now: the merged record is stamped now, but the air part keeps its own
        // time, so it is neither fresh for a one-shot nor shown as fetched now.
        let failed = CityConditions(location: ahead.location, failures: [ProviderFailure(provider: "open-meteo", part: .air, kind: .unavailable,
                                                                                          message: "HTTP 503")], fetchedAt: now)
        let merged = ahead.merged(with: failed)
        #expect(merged.fetchedAt == now && merged.partsFetchedAt.air == yearAhead)
        #expect(merged.isCarriedOver(.air))
        #expect(!ConditionsCache.isFresh(merged, maxAgeSeconds: 600, now: now.addingTimeInterval(1)))
        // Seconds of rounding or a slew are not "ahead".
        #expect(!CityConditions(location: ahead.location, pollution: ahead.pollution, fetchedAt: now.addingTimeInterval(30)).isDatedAhead(of: now))
    }
}
