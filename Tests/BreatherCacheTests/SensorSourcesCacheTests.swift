import Foundation
import Testing
import BreatherCache
import BreatherJSON
import BreatherModel

/// `conditions` saved to a store in a new directory and loaded back; nil when it did not load.
func roundTrip(_ conditions: CityConditions) throws -> CityConditions? {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("breather-cache-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let cache = ConditionsCache(path: directory.appendingPathComponent("c.json").path)
    try cache.save(conditions)
    guard case .conditions(let loaded, _, _) = cache.load() else { return nil }
    return loaded
}

@Suite("conditions store: a sensor's particles beside the model's gases")
struct SensorSourcesCacheTests {
    @Test("each pollutant's source survives the store, so a one-shot from it labels the sub-indices as the fetch did")
    func pollutantSourcesRoundTrip() throws {
        let sensor = Pollution(source: "purpleair", hourly: HourlySeries([.pm2_5: [7.2]]))
        let model = Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: [40, 41], .o3: [120, 118]]))
        let merged = sensor.filled(from: model)
        #expect(merged.pollutantSources == [.pm2_5: "purpleair", .o3: "open-meteo"])
        #expect(merged.filledFrom == "open-meteo")
        let conditions = CityConditions(location: Location(latitude: 40.7, longitude: -73.9), pollution: merged,
                                        fetchedAt: Timestamp(timeIntervalSince1970: 1_763_800_600))
        let loaded = try #require(try roundTrip(conditions), "the saved store did not load")
        #expect(loaded.pollution == merged)
        #expect(loaded.pollution?.source(of: .o3) == "open-meteo")
        #expect(loaded.pollution?.source(of: .pm2_5) == "purpleair")
        #expect(loaded.pollution?.filledFrom == "open-meteo")
    }

    @Test("the model's own air beside a sensor's and the time of the last full poll survive the store; max_age counts from that poll")
    func nextAirAndPollRoundTrip() throws {
        let polled = Timestamp(timeIntervalSince1970: 1_763_800_000)
        let model = Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: [40, 41], .o3: [120, 118]]))
        let full = CityConditions(location: Location(latitude: 40.7, longitude: -73.9),
                                  pollution: Pollution(source: "purpleair", hourly: HourlySeries([.pm2_5: [7.2]])).filled(from: model),
                                  fetchedAt: polled, nextAir: NextAir(pollution: model, fetchedAt: polled), polledAt: polled)
        // A sensor read 9 minutes later: the conditions are newer, the poll is not.
        let sensorRead = polled.addingTimeInterval(540)
        let conditions = full.merged(withSensorPoll: CityConditions(location: full.location,
                                                                    pollution: Pollution(source: "purpleair", hourly: HourlySeries([.pm2_5: [9]])),
                                                                    fetchedAt: sensorRead))
        #expect(conditions.fetchedAt == sensorRead)
        #expect(conditions.polledAt == polled)
        let loaded = try #require(try roundTrip(conditions), "the saved store did not load")
        #expect(loaded.nextAir == NextAir(pollution: model, fetchedAt: polled))
        #expect(loaded.polledAt == polled)
        #expect(ConditionsCache.isFresh(loaded, maxAgeSeconds: 600, now: polled.addingTimeInterval(599)))
        #expect(!ConditionsCache.isFresh(loaded, maxAgeSeconds: 600, now: polled.addingTimeInterval(601)),
                "a sensor read does not keep the model's data fresh")
        // A store written before the poll time was kept: the fetch time stands in.
        var old = loaded
        old.polledAt = nil
        #expect(ConditionsCache.isFresh(old, maxAgeSeconds: 600, now: polled.addingTimeInterval(601)))
    }

    @Test("a model that failed completing the sensor's reading stays no fallback through the store; without the key, a failure is a fallback's")
    func completingFailureRoundTrip() throws {
        var failure = ProviderFailure(provider: "open-meteo", part: .air, kind: .unavailable, message: "HTTP 503")
        failure.completing = true
        let conditions = CityConditions(location: Location(latitude: 40.7, longitude: -73.9),
                                        pollution: Pollution(source: "purpleair", hourly: HourlySeries([.pm2_5: [7.2]])),
                                        failures: [failure], fetchedAt: Timestamp(timeIntervalSince1970: 1_763_800_600))
        #expect(conditions.airFallbackFrom == [])
        let loaded = try #require(try roundTrip(conditions), "the saved store did not load")
        #expect(loaded.failures == [failure])
        #expect(loaded.airFallbackFrom == [])
        guard case .object(var old) = ConditionsDocument.encode(conditions), case .array(let failures)? = old["failures"],
              case .object(var first)? = failures.first else { Issue.record("no failures in the document"); return }
        #expect(first["completing"] == .bool(true))
        first["completing"] = nil
        old["failures"] = .array([.object(first)])
        let decoded = try ConditionsDocument.decode(.object(old))
        #expect(decoded.failures.first?.completing == false)
        #expect(decoded.airFallbackFrom == ["open-meteo"])
    }

    @Test("the hours of a sensor's readings behind its means survive the store, so a one-shot from it keeps the note")
    func sensorHoursRoundTrip() throws {
        let sensor = Pollution(source: "purpleair", hourly: HourlySeries([.pm2_5: [7.2]]))
        let averaged = sensor.averaged([.pm2_5: [nil, 10, 20]], from: "purpleair")
        #expect(averaged.sensorHours == [.pm2_5: 2])
        let conditions = CityConditions(location: Location(latitude: 40.7, longitude: -73.9), pollution: averaged,
                                        fetchedAt: Timestamp(timeIntervalSince1970: 1_763_800_600))
        let loaded = try #require(try roundTrip(conditions), "the saved store did not load")
        #expect(loaded.pollution == averaged)
        #expect(try loaded.pollution?.report(for: .us).index.notes.map(\.text) == ["PM2.5 NowCast from 2 h of purpleair readings"])
    }
}

@Suite("conditions store: the indoor sensor's reading")
struct IndoorCacheTests {
    @Test("every field of the indoor reading survives the store")
    func indoorRoundTrip() throws {
        let indoor = SensorReading(source: "airgradient", observedAt: Timestamp(timeIntervalSince1970: 1_763_800_500), pm1: 3, pm2_5: 7,
                                   pm10: 8, co2PPM: 1520, temperatureC: 24.47, humidity: 49, pressureHPa: 1012,
                                   voc: 100, vocUnit: "index", noxIndex: 1, score: 88, correction: "AirGradient")
        let conditions = CityConditions(location: Location(latitude: 40.7, longitude: -73.9),
                                        pollution: Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: [10]])),
                                        fetchedAt: Timestamp(timeIntervalSince1970: 1_763_800_600), indoor: indoor)
        let loaded = try #require(try roundTrip(conditions), "the saved store did not load")
        #expect(loaded.indoor == indoor)
    }

    @Test("the model's own past hours kept with its forecast survive the store, so a forecast from it never blends in the sensor's")
    func forecastPastRoundTrip() throws {
        let start = Timestamp(timeIntervalSince1970: 1_763_802_000)
        let model = Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: [10, 11], .o3: [120, 118]]),
                              forecast: HourlyForecast(start: start, series: HourlySeries([.pm2_5: [12, 13]])))
        let merged = Pollution(source: "purpleair", hourly: HourlySeries([.pm2_5: [150]])).filled(from: model)
        #expect(merged.forecast?.past == model.hourly)
        let conditions = CityConditions(location: Location(latitude: 40.7, longitude: -73.9), pollution: merged,
                                        fetchedAt: Timestamp(timeIntervalSince1970: 1_763_800_600))
        let loaded = try #require(try roundTrip(conditions), "the saved store did not load")
        #expect(loaded.pollution?.forecast?.past == model.hourly)
        #expect(loaded.pollution?.forecastSeries(through: 0)?.values[.pm2_5] == [10, 11, 12])
    }
}
