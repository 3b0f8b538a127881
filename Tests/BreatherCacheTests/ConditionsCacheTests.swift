import Foundation
import Testing
import BreatherCache
import BreatherModel

@Suite("conditions cache on disk")
struct ConditionsCacheTests {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("breather-cache-\(UUID().uuidString)/c.json").path

    func sample(at date: Date) -> CityConditions {
        CityConditions(
            location: Location(name: "Brooklyn", latitude: 40.6769, longitude: -73.9423),
            weather: Weather(temperatureC: 17.7, humidity: 62, pressureHPa: 1015.2, windSpeedMS: 3.6, windDirectionDeg: 200,
                             condition: .wmo(3), observedAt: Date(timeIntervalSince1970: 1_763_800_000), source: "open-meteo"),
            pollution: Pollution(source: "open-meteo", observedAt: Date(timeIntervalSince1970: 1_763_800_000),
                                 hourly: HourlySeries([.pm2_5: [12.5, nil, 14], .o3: [40, 41, 42]]),
                                 reported: [ReportedIndex(standard: .us, value: 57, mainPollutant: .pm2_5, field: "aqius")]),
            asthma: Asthma(risk: .veryHigh, probability: 0.41, source: "estimate", method: "AQHI"),
            failures: [ProviderFailure(provider: "airvisual", part: .air, kind: .timeout, message: "timed out")],
            fetchedAt: date)
    }

    @Test("what is saved is read back the same, without the failures of that refresh")
    func roundTrip() throws {
        let cache = ConditionsCache(path: path)
        let saved = sample(at: Date(timeIntervalSince1970: 1_763_800_123.5))
        try cache.save(saved)
        var expected = saved
        expected.failures = []
        #expect(cache.load() == expected)
    }

    @Test("fresh() returns the data only while it is younger than max_age")
    func freshness() throws {
        let cache = ConditionsCache(path: path)
        let fetched = Date(timeIntervalSince1970: 1_763_800_000)
        try cache.save(sample(at: fetched))
        #expect(cache.fresh(maxAgeSeconds: 600, now: fetched.addingTimeInterval(599)) != nil)
        #expect(cache.fresh(maxAgeSeconds: 600, now: fetched.addingTimeInterval(600)) == nil)
    }

    @Test("a missing or corrupt cache file is ignored, not an error")
    func corrupt() throws {
        let cache = ConditionsCache(path: path)
        #expect(cache.load() == nil)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "{\"version\": 1, \"location\": 3}".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(cache.load() == nil)
    }

    @Test("conditions with neither air nor weather are not saved over good data")
    func keepsGoodData() throws {
        let cache = ConditionsCache(path: path)
        let good = sample(at: Date(timeIntervalSince1970: 1_763_800_000))
        try cache.save(good)
        try cache.save(CityConditions(location: good.location, fetchedAt: Date()))
        #expect(cache.load()?.pollution == good.pollution)
    }
}
