import Testing
@testable import BreatherHistory
import BreatherModel

@Suite("history: a sensor's particles and the model's gases")
struct SensorReadingsTests {
    @Test("each pollutant is recorded under the provider that measured it, at that provider's time")
    func sources() {
        let now = Timestamp(timeIntervalSince1970: 1_795_000_000)
        let modelTime = Timestamp(timeIntervalSince1970: 1_794_999_600)
        let sensor = Pollution(source: "purpleair", observedAt: now, hourly: HourlySeries([.pm2_5: [7.2]]))
        let model = Pollution(source: "open-meteo", observedAt: modelTime, hourly: HourlySeries([.pm2_5: [40, 41], .o3: [118, 120]]),
                              pollen: [.birch: 35], uv: UVIndex(index: 6.2, clearSky: 7, hourly: nil))
        let conditions = CityConditions(location: Location(latitude: 40.7, longitude: -73.9), pollution: sensor.filled(from: model),
                                        fetchedAt: now)
        let readings = Dictionary(uniqueKeysWithValues: conditions.historyReadings.map { ($0.variable, $0) })
        #expect(readings["pm2_5"]?.source == "purpleair")
        #expect(readings["pm2_5"]?.value == 7.2)
        #expect(readings["pm2_5"]?.time == 1_795_000_000)
        #expect(readings["o3"]?.source == "open-meteo")
        #expect(readings["o3"]?.value == 120)
        #expect(readings["o3"]?.time == 1_794_999_600, "the model's observation time, not the sensor's")
        #expect(readings["uv_index"]?.time == 1_794_999_600)
        // The model's UV and pollen come along with its gases (a sensor measures neither),
        // and are recorded as the model's.
        #expect(readings["uv_index"]?.value == 6.2)
        #expect(readings["uv_index"]?.source == "open-meteo")
        #expect(readings[HistoryVariable.pollenName(.birch)]?.source == "open-meteo")
        #expect(readings[HistoryVariable.pollenName(.birch)]?.value == 35)
    }

    @Test("the model's hourly gases beside a sensor's particles: each hour under its own time, the model's particles not at all")
    func modelHours() {
        let now = Timestamp(timeIntervalSince1970: 1_795_000_000)
        let hours = [1_794_992_400, 1_794_996_000, 1_794_999_600].map { Timestamp(timeIntervalSince1970: $0) }
        let sensor = Pollution(source: "airgradient", observedAt: now, hourly: HourlySeries([.pm2_5: [7.2]]))
        let model = Pollution(source: "open-meteo", observedAt: hours[2], hourly: HourlySeries([.pm2_5: [40, 41, 42], .o3: [110, 115, 120]]),
                              hourlyTimes: hours)
        let readings = CityConditions(location: Location(latitude: 40.7, longitude: -73.9), pollution: sensor.filled(from: model),
                                      fetchedAt: now).historyReadings
        #expect(readings.filter { $0.variable == "o3" }.map { "\($0.source) \($0.time) \($0.value)" }
                == ["open-meteo 1794992400 110.0", "open-meteo 1794996000 115.0", "open-meteo 1794999600 120.0"])
        #expect(readings.filter { $0.variable == "pm2_5" }.map { "\($0.source) \($0.time) \($0.value)" } == ["airgradient 1795000000 7.2"])
    }

    @Test("a sensor poll completed from the air on hand (itself a sensor's reading completed by the model): pollen and UV stay the model's")
    func completedTwice() {
        let now = Timestamp(timeIntervalSince1970: 1_795_000_600)
        let model = Pollution(source: "open-meteo", hourly: HourlySeries([.o3: [118, 120]]), pollen: [.grass: 12],
                              uv: UVIndex(index: 3, clearSky: 4, hourly: nil))
        let onHand = Pollution(source: "purpleair", hourly: HourlySeries([.pm2_5: [7.2]])).filled(from: model)
        let poll = Pollution(source: "purpleair", observedAt: now, hourly: HourlySeries([.pm2_5: [9.1]])).filled(from: onHand)
        #expect(poll.filledFrom == "open-meteo")
        let readings = CityConditions(location: Location(latitude: 40.7, longitude: -73.9), pollution: poll, fetchedAt: now).historyReadings
        #expect(readings.filter { $0.variable == "uv_index" || $0.variable == HistoryVariable.pollenName(.grass) }.map(\.source) == ["open-meteo", "open-meteo"])
        #expect(readings.first { $0.variable == "pm2_5" }?.source == "purpleair")
    }
}

@Suite("history: the indoor sensor's readings")
struct IndoorReadingsTests {
    let now = Timestamp(timeIntervalSince1970: 1_795_000_000)

    func conditions(failing: Bool = false) -> CityConditions {
        let indoor = SensorReading(source: "airgradient", pm2_5: 24.6, co2PPM: 1520, temperatureC: 17.1, humidity: 76.3, voc: 112, vocUnit: "index")
        let failures = failing ? [ProviderFailure(provider: "airgradient", part: .indoor, kind: .timeout, message: "no answer")] : []
        return CityConditions(location: Location(latitude: 40.7, longitude: -73.9),
                              pollution: Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: [40]])),
                              failures: failures, fetchedAt: now, indoor: indoor)
    }

    @Test("PM2.5, CO2, temperature and humidity under the sensor's id, apart from the outdoor air's")
    func recorded() {
        let readings = conditions().historyReadings.filter { $0.source == "airgradient" }
        #expect(Dictionary(uniqueKeysWithValues: readings.map { ($0.variable, $0.value) })
                == ["indoor_pm2_5": 24.6, "indoor_co2_ppm": 1520, "indoor_temperature_c": 17.1, "indoor_humidity": 76.3])
        #expect(readings.allSatisfy { $0.time == 1_795_000_000 })
    }

    @Test("a reading kept from an earlier fetch (the sensor did not answer) is not recorded again")
    func keptReadingNotRecorded() {
        #expect(!conditions(failing: true).historyReadings.contains { $0.source == "airgradient" })
    }

    @Test("the table's indoor row: 'indoor' where the category stands, its own PM2.5, temperature, RH and CO2")
    func tableLine() {
        var row = HistoryRow(place: brooklyn, source: "airgradient", time: day0)
        for (name, value) in [("indoor_pm2_5", 24.6), ("indoor_co2_ppm", 1520.4), ("indoor_temperature_c", 17.1), ("indoor_humidity", 76.3)] {
            row.values[HistoryVariable.positions[name]!] = value
        }
        let line = withTimeZone("UTC") { HistoryTable(standard: .us).line(row) }
        #expect(line.contains("airgradient") && line.contains("indoor"))
        #expect(line.hasSuffix("1520ppm"), "\(line)")
        for part in ["24.6", "17.1°C", "76.3%"] { #expect(line.contains(part), "\(line)") }
    }
}

@Suite("history: a sensor's rows at the time it was read")
struct SensorReadTimeTests {
    let now = 1_795_000_000

    /// PurpleAir's reading stamped by its own clock `lag` seconds back, with an indoor AirGradient.
    func conditions(at time: Int, lag: Int) -> CityConditions {
        let observed = Timestamp(timeIntervalSince1970: Double(time - lag))
        let outdoor = Pollution(source: "purpleair", observedAt: observed, hourly: HourlySeries([.pm2_5: [7.2]]))
        let indoor = SensorReading(source: "airgradient", observedAt: observed, pm2_5: 3, co2PPM: 900)
        return CityConditions(location: Location(latitude: 40.7, longitude: -73.9), pollution: outdoor,
                              fetchedAt: Timestamp(timeIntervalSince1970: Double(time)), indoor: indoor)
    }

    @Test("PurpleAir's two-minute mean, ended 100 s before the read, is kept at the read's time, indoors too")
    func readTime() {
        let readings = conditions(at: now, lag: 100).historyReadings
        #expect(readings.first { $0.variable == "pm2_5" }?.time == now)
        #expect(readings.first { $0.variable == "indoor_pm2_5" }?.time == now)
    }

    @Test("one-shots a few seconds apart record one reading per sensor a minute, whatever the sensor's clock says")
    func spacingHolds() throws {
        let folder = TempFolder()
        let clock = HandClock(now)
        let recorder = HistoryRecorder(path: folder.file("history.sqlite3"), keepRawSeconds: 90 * 86_400, backfillDays: 0,
                                       warn: { _ in }, clock: { clock.time })
        for run in 0..<6 {  // every 5 s, as a bar's one-shot; the sensor's clock 7 minutes behind
            clock.time = now + 5 * run
            let fetched = conditions(at: clock.time, lag: 420)
            if !recorder.hasRecentSensorReadings(fetched, withinSeconds: 60) { recorder.record(fetched) }
        }
        let store = try HistoryStore(path: folder.file("history.sqlite3"))
        #expect(try store.readingCount() == 3, "pm2_5, indoor_pm2_5 and indoor_co2_ppm once each")
    }
}

/// A clock a test moves by hand.
final class HandClock: @unchecked Sendable {
    var time: Int
    init(_ time: Int) { self.time = time }
}
