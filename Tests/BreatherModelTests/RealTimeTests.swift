import BreatherModel
import Testing

/// `readings(from:)`: the averaging each standard needs for a real-time display.
@Suite struct RealTimeTests {
    func values(_ readings: [PollutantReading], _ p: Pollutant) -> [AveragingPeriod: Double] {
        Dictionary(readings.filter { $0.pollutant == p }.map { ($0.period, $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    // Hand-checked NowCasts (c₀ = current hour = last element).
    @Test(arguments: [
        // max 40, min 10 → w = 0.25 → clamped 0.5: (40 + 0.5·20 + 0.25·10) / 1.75 = 30
        ([nil, nil, 10.0, 20, 40] as [Double?], 30.0),
        // max 30, min 20 → w = 2/3: (30 + ⅔·25 + ⁴⁄₉·20) / (19/9) = 500/19
        ([20, 25, 30], 500.0 / 19.0),
        // constant → w = 1 → plain mean; hours older than 12 are ignored
        ([1000, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12], 12.0),
        // a missing hour (c₁) is skipped but still ages the weights: w = 1/3 → 0.5; (30 + 0.25·10) / 1.25 = 26
        ([10, nil, 30], 26.0),
    ])
    func nowCast(_ series: [Double?], _ expected: Double) throws {
        let readings = AQIStandard.us.readings(from: HourlySeries([.pm2_5: series]))
        let nowcast = try #require(values(readings, .pm2_5)[.nowcast])
        #expect(abs(nowcast - expected) < 1e-9)
    }

    @Test func nowCastNeedsTwoOfTheThreeMostRecentHours() throws {
        // Only one of the last three hours → no NowCast; the latest hour is used and says so.
        let readings = AQIStandard.us.readings(from: HourlySeries([.pm10: [50, 50, 50, 50, nil, nil, 40]]))
        #expect(values(readings, .pm10) == [.hour1: 40])
        let index = try AQIStandard.us.index(from: readings)
        #expect(index.subIndices.first?.period == .hour1)
    }

    @Test func invalidHoursCountAsMissing() throws {
        // −5 is sensor noise: NowCast over [40, 20] with w = 0.5 → (40 + 10) / 1.5.
        let pm = AQIStandard.us.readings(from: HourlySeries([.pm2_5: [-5, 20, 40]]))
        #expect(abs((values(pm, .pm2_5)[.nowcast] ?? 0) - 100.0 / 3.0) < 1e-9)
        // NaN leaves one valid hour of the last three: no NowCast, the latest hour is used.
        let nan = AQIStandard.us.readings(from: HourlySeries([.pm2_5: [.nan, .infinity, 30]]))
        #expect(values(nan, .pm2_5) == [.hour1: 30])
    }

    @Test func usRealTimeIndex() throws {
        let series = HourlySeries([
            .pm2_5: [nil, nil, 10, 20, 40],
            .o3: Array(repeating: 100, count: 8),
            .co: [1145, 1145],
            .no2: [10, 20],
        ])
        let readings = AQIStandard.us.readings(from: series)
        // Ozone "now" is AirNow's ozone NowCast (steady 100 → w = 1 → 100), not the trailing 8-h mean.
        #expect(values(readings, .o3) == [.nowcast: 100, .hour1: 100])
        #expect(values(readings, .co) == [.hour1: 1145])  // 2 hours: too short for an 8-h mean
        #expect(values(readings, .no2) == [.hour1: 20])
        let index = try AQIStandard.us.index(from: readings)
        // NowCast 30.0 µg/m³ → 49/26.3 × 20.9 + 51 = 89.9 → 90.
        #expect(index.value == 90)
        #expect(index.mainPollutants == [.pm2_5])
        #expect(index.subIndices.first { $0.pollutant == .pm2_5 }?.period == .nowcast)
    }

    @Test func china2026UsesSixOneHourValues() throws {
        let series = HourlySeries([
            .pm2_5: Array(repeating: 10, count: 23) + [50], .pm10: [80], .o3: [100, 120], .no2: [30], .so2: [5], .co: [800],
        ])
        let readings = AQIStandard.china.readings(from: series)
        #expect(readings.count == 6)
        #expect(readings.allSatisfy { $0.period == .hour1 })
        let index = try AQIStandard.china.index(from: readings)
        #expect(index.value == 80)  // PM2.5 1-h 50 on the daily column
        #expect(index.mainPollutants == [.pm2_5])
    }

    @Test func china2012UsesMovingMeans() throws {
        let series = HourlySeries([
            .pm2_5: Array(repeating: 50, count: 23) + [98], .pm10: [80], .o3: Array(repeating: 100, count: 8),
        ])
        let readings = AQIStandard.china2012.readings(from: series)
        #expect(values(readings, .pm2_5) == [.hours24: 52])
        #expect(values(readings, .pm10) == [.hour1: 80])  // too short for a 24-h mean: labelled 1-h
        #expect(values(readings, .o3) == [.hour1: 100, .hours8: 100])
        let index = try AQIStandard.china2012.index(from: readings)
        #expect(index.value == 72)  // PM2.5 24-h 52 → 50 + 50/40 × 17 = 71.25 → 72
    }
}
