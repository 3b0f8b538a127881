import Testing
@testable import BreatherHistory
import BreatherModel

/// A sensor's means from its own readings in the store: seeded readings, then one fetch's
/// reading recorded and averaged as the daemon does it (`recordAveragingSensors`).
@Suite("history: a sensor's NowCast and 24-h means from its readings in the store")
struct SensorAveragingTests {
    /// 2026-11-20T12:30:00Z: the fetch's reading, half past the current hour (hour 12).
    let fetchTime = day0 + 12 * 3600 + 1800

    /// A PurpleAir's PM2.5 `pm25` at `fetchTime`, with Open-Meteo's ozone beside it.
    func fetched(pm25: Double) -> CityConditions {
        let now = Timestamp(timeIntervalSince1970: Double(fetchTime))
        let sensor = Pollution(source: "purpleair", observedAt: now, hourly: HourlySeries([.pm2_5: [pm25]]))
        let model = Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: [40, 40], .no2: [20, 20]]))
        return CityConditions(location: Location(name: "Brooklyn", latitude: 40.6769, longitude: -73.9423),
                              pollution: sensor.filled(from: model), fetchedAt: now)
    }

    /// A recorder on a store seeded with `readings`, plus readings at the same hours from another
    /// sensor (500 µg/m³) and the model (300 µg/m³): only the sensor's own may count.
    func recorder(_ folder: TempFolder, seeded readings: [HistoryReading]) throws -> HistoryRecorder {
        let store = try HistoryStore(path: folder.file("h.sqlite3"))
        let others = readings.flatMap { [reading("pm2_5", 500, at: $0.time, source: "airgradient"), reading("pm2_5", 300, at: $0.time)] }
        try store.record(readings + others, keepRawSeconds: 30 * 86_400, now: fetchTime)
        return HistoryRecorder(path: folder.file("h.sqlite3"), keepRawSeconds: 30 * 86_400, backfillDays: 0,
                               warn: { Issue.record("warning: \($0)") }, clock: { [fetchTime] in fetchTime })
    }

    /// Two readings in hour `hour` of day0 (at :10 and :40) whose mean is `mean`.
    func hour(_ hour: Int, mean: Double) -> [HistoryReading] {
        [reading("pm2_5", mean - 2, at: day0 + hour * 3600 + 600, source: "purpleair"),
         reading("pm2_5", mean + 2, at: day0 + hour * 3600 + 2400, source: "purpleair")]
    }

    func pm25(_ conditions: CityConditions, _ standard: AQIStandard) throws -> (SubIndex, [String]) {
        let index = try #require(conditions.pollution).report(for: standard).index
        return (try #require(index.subIndices.first { $0.pollutant == .pm2_5 }), index.notes.map(\.text))
    }

    @Test("a read just after the hour whose reading the sensor dated in the hour before counts in the hour it was read")
    func readTimeDecidesTheHour() throws {
        let folder = TempFolder()
        let readAt = Timestamp(timeIntervalSince1970: Double(day0 + 13 * 3600 + 30))  // 13:00:30
        let sensor = Pollution(source: "purpleair", observedAt: Timestamp(timeIntervalSince1970: Double(day0 + 13 * 3600 - 50)),
                               hourly: HourlySeries([.pm2_5: [30]]))  // PurpleAir's mean ended 12:59:10
        let conditions = CityConditions(location: Location(name: "Brooklyn", latitude: 40.6769, longitude: -73.9423),
                                        pollution: sensor, fetchedAt: readAt)
        let store = try HistoryStore(path: folder.file("h.sqlite3"))
        try store.record(hour(12, mean: 10), keepRawSeconds: 30 * 86_400, now: fetchTime)
        let recorder = HistoryRecorder(path: folder.file("h.sqlite3"), keepRawSeconds: 30 * 86_400, backfillDays: 0,
                                       warn: { Issue.record("warning: \($0)") }, clock: { day0 + 13 * 3600 + 30 })
        let averaged = recorder.recordAveragingSensors(conditions)
        // Hour 12 mean 10, hour 13 the new 30: the NowCast's latest hour is 30, not hour 12's 10 and 30 averaged.
        #expect(averaged.pollution?.hourly?.values[.pm2_5]?.suffix(2) == [10, 30])
    }

    @Test("12 hours of readings: the US NowCast of their hourly means, the model's and another sensor's left out")
    func nowCastFromTwelveHours() throws {
        let folder = TempFolder()
        // Hours 1…10 mean 10 µg/m³, hour 11 mean 20; the fetch brings 20 in hour 12.
        let seeded = (1...10).flatMap { hour($0, mean: 10) } + hour(11, mean: 20)
        let averaged = try recorder(folder, seeded: seeded).recordAveragingSensors(fetched(pm25: 20))
        // Hand-worked NowCast: c0 = c1 = 20, c2…c11 = 10; w = 1 − (20 − 10)/20 = 0.5.
        // Σ wⁱcᵢ = 20 + 10 + 10·(0.25 + … + 0.5¹¹) = 30 + 4.9951 = 34.9951; Σ wⁱ = 1.99951;
        // NowCast = 17.502 µg/m³, truncated to 17.5 by the EPA's rule.
        let (sub, notes) = try pm25(averaged, .us)
        #expect(sub.period == .nowcast)
        #expect(sub.concentration == 17.5)
        #expect(averaged.pollution?.sensorHours == [.pm2_5: 12])
        #expect(notes == ["PM2.5 NowCast from 12 h of purpleair readings"])
        // The model's gas keeps its own series and source.
        #expect(averaged.pollution?.hourly?.values[.no2] == [20, 20])
        #expect(averaged.pollution?.source(of: .no2) == "open-meteo")
    }

    @Test("2 hours of readings: a NowCast, and the output says it comes from 2 h of readings")
    func twoHours() throws {
        let folder = TempFolder()
        let averaged = try recorder(folder, seeded: hour(11, mean: 10)).recordAveragingSensors(fetched(pm25: 20))
        // c0 = 20, c1 = 10: w = 0.5, NowCast = (20 + 0.5·10)/1.5 = 16.67, truncated to 16.6.
        let (sub, notes) = try pm25(averaged, .us)
        #expect(sub.period == .nowcast)
        #expect(sub.concentration == 16.6)
        #expect(notes == ["PM2.5 NowCast from 2 h of purpleair readings"])
    }

    @Test("the UK's 24-h mean needs 18 of 24 hours: from 20 it is given, from 17 the latest hour stands, labelled")
    func dailyMeanCompleteness() throws {
        let folder = TempFolder()
        // Hours −7…11 (19 hours, each mean 10) and the fetch's 30 in hour 12: 20 hours in the window
        // 2026-11-19T13:00 … 2026-11-20T12:59. Mean = (19·10 + 30)/20 = 11.0 µg/m³.
        let twenty = try recorder(folder, seeded: (-7...11).flatMap { hour($0, mean: 10) }).recordAveragingSensors(fetched(pm25: 30))
        let (daily, dailyNotes) = try pm25(twenty, .uk)
        #expect(daily.period == .hours24)
        #expect(daily.concentration == 11)
        #expect(dailyNotes == ["PM2.5 24-h mean from 20 h of purpleair readings"])

        let short = TempFolder()
        let seventeen = try recorder(short, seeded: (-4...11).flatMap { hour($0, mean: 10) }).recordAveragingSensors(fetched(pm25: 30))
        let (latest, latestNotes) = try pm25(seventeen, .uk)
        #expect(latest.period == .hour1)
        #expect(latest.concentration == 30)
        #expect(latestNotes == ["PM2.5 1-h mean from 17 h of purpleair readings"])
    }

    @Test("a full day of readings: the means carry no note")
    func fullDay() throws {
        let folder = TempFolder()
        let averaged = try recorder(folder, seeded: (-11...11).flatMap { hour($0, mean: 10) }).recordAveragingSensors(fetched(pm25: 10))
        let (sub, notes) = try pm25(averaged, .uk)
        #expect(sub.period == .hours24)
        #expect(sub.concentration == 10)
        #expect(notes.isEmpty)
    }

    @Test("no sensor gave the air: the conditions come back as they were")
    func modelOnly() throws {
        let folder = TempFolder()
        let model = CityConditions(location: Location(latitude: 40.6769, longitude: -73.9423),
                                   pollution: Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: [40]])),
                                   fetchedAt: Timestamp(timeIntervalSince1970: Double(fetchTime)))
        #expect(try recorder(folder, seeded: hour(11, mean: 10)).recordAveragingSensors(model) == model)
    }
}
