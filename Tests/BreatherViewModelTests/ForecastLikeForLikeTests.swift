import BreatherModel
import BreatherViewModel
import Testing

/// Issue 41: the forecast compares like with like. A forecast hour is the model's own past
/// with its own future (never a sensor's past blended in); the pre-alert names the episode's
/// highest value and its hour; the ozone pre-alert follows AirNow's ozone NowCast.
@Suite("forecast: the model's own hours, the episode's peak, the ozone NowCast")
struct ForecastLikeForLikeTests {
    static let start = DayAheadTests.start
    static let preAlert = AlertSettings(standard: .us, category: "unhealthy", preAlertSeconds: 8 * 3600)

    /// The day-ahead reading with `past` µg/m³ PM2.5 for the 24 hours before.
    static func reading(pastPM25 past: Double, ahead: [Double]) -> CityConditions {
        var result = dayAhead(now: start, pm25Ahead: ahead)
        result.pollution?.hourly = HourlySeries([.pm2_5: Array(repeating: past, count: 24)])
        return result
    }

    // Past hours 10 µg/m³, then 60, 90, 120, 60, then 10 again (forecast from 12:00 UTC).
    // The PM NowCast (w clamped to 0.5; Σ over 12 hours, Σ 0.5ⁱ for i = 0…11 = 1.99951):
    //   12:00 …10, 60:          (60 + 5 + 2.5 + …) = 60 + 10·(1 − 0.5¹¹)      = 69.99 / 1.99951 = 35.0 → 99 USG
    //   13:00 …10, 60, 90:      90 + 30 + 10·(0.5 − 0.5¹²) = 124.998 / 1.99951 = 62.5 → 151 + 49/69.9 × 7.0 = 155.9 → 156
    //   14:00 …60, 90, 120:     120 + 45 + 15 + 10·(0.25 − 0.5¹²) = 182.498 / 1.99951 = 91.27 → 91.2
    //                            → 151 + 49/69.9 × 35.7 = 176.03 → 176 Unhealthy (the peak)
    //   15:00 …90, 120, 60:     60 + 60 + 22.5 + 7.5 + 10·(0.125 − 0.5¹²) = 151.25 / 1.99951 = 75.6 → 165
    //   16:00 …120, 60, 10:     10 + 30 + 30 + 11.25 + 3.75 + 10·(0.0625 − 0.5¹²) = 85.62 / 1.99951 = 42.8
    //                            → 119 USG: the episode is 13:00–16:00.
    // The first Unhealthy hour (13:00, 156) is not the peak: the pre-alert says "up to 176" at 14:00.
    @Test("a pre-alert over 60, 90, 120, 60 µg/m³ says up to 176, at the peak's hour")
    func preAlertNamesThePeak() async throws {
        let steps = [Self.reading(pastPM25: 10, ahead: [60, 90, 120, 60] + Array(repeating: 10, count: 56))]
        let (sent, outputs, bodies) = await dayAheadAlerts(steps, Self.preAlert)
        #expect(sent == [Sent(0, .normal, "Forecast: US AQI Unhealthy from about 13:00 UTC, PM2.5")])
        #expect(bodies == ["Brooklyn: US AQI up to 176 Unhealthy at 14:00 UTC, 13:00 UTC–16:00 UTC"], "\(bodies)")
        let output = try #require(outputs.last)
        #expect(output.details.contains("Ahead: US AQI Unhealthy from about 13:00 UTC, PM2.5 "
            + "(US AQI up to 176 Unhealthy at 14:00 UTC, 13:00 UTC–16:00 UTC)"), "\(output.details)")
        #expect(output.forecastSummary == "US AQI 176 Unhealthy at 14:00 UTC, PM2.5")
    }

    // The sensor has read 150 µg/m³ for a day (NowCast 150 → 151 + 49/69.9 × 94.5 = 217.2 →
    // 201 + 99/99.9 × 24.5 = 225 Very Unhealthy); the model has had 10 µg/m³ and forecasts 10.
    // Blended (the sensor's past, then the model's 10 at 12:00) the first hour would be
    // (10 + 75 + 37.5 + … ≈ 10 + 150·(1 − 0.5¹¹)) / 1.99951 = 80.0 → Unhealthy; the model's own
    // hours are 10 → NowCast 10.0 → 51 + 49/26.3 × 0.9 = 52.7 → 53 Moderate, every hour.
    @Test("with a sensor first the forecast is the model's own hours, named as the model's")
    func sensorFirstForecastIsTheModels() throws {
        let model = Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: Array(repeating: 10, count: 24)]),
                              forecast: HourlyForecast(start: Self.start.addingTimeInterval(3600 - 460),
                                                       series: HourlySeries([.pm2_5: Array(repeating: 10, count: 24)])))
        let sensor = Pollution(source: "purpleair", hourly: HourlySeries([.pm2_5: Array(repeating: 150, count: 24)]))
        let merged = sensor.filled(from: model)
        #expect(try merged.report(for: .us).index.value == 225)
        let hours = Format.forecast(merged, standard: .us, now: Self.start)
        #expect(!hours.isEmpty)
        #expect(hours.map(\.index.value) == Format.forecast(model, standard: .us, now: Self.start).map(\.index.value))
        #expect(hours.allSatisfy { $0.index.value == 53 }, "\(hours.map(\.index.value))")
        #expect(Format.forecastSummary(hours, standard: .us, model: merged.forecastSource)
            == "US AQI 53 Moderate at 12:00 UTC, PM2.5, open-meteo forecast")
        // Completed again from that completed reading (a sensor poll between model polls):
        // the model's past rides along, the sensor's is still not blended in.
        let again = Pollution(source: "purpleair", hourly: HourlySeries([.pm2_5: [150]])).filled(from: merged)
        #expect(Format.forecast(again, standard: .us, now: Self.start).map(\.index.value) == hours.map(\.index.value))
    }

    @Test("a reading completed before the model's past was kept falls back to the model's own pollutants only")
    func withoutTheModelsPastTheSensorsIsLeftOut() {
        // A cache written before `HourlyForecast.past`: the forecast has no past of its own.
        var merged = Pollution(source: "purpleair", hourly: HourlySeries([.pm2_5: Array(repeating: 150, count: 24)]))
            .filled(from: Pollution(source: "open-meteo", hourly: HourlySeries([.o3: Array(repeating: 60, count: 24)])))
        merged.forecast = HourlyForecast(start: Self.start.addingTimeInterval(3600 - 460),
                                         series: HourlySeries([.pm2_5: Array(repeating: 10, count: 24)]))
        let series = merged.forecastSeries(through: 0)
        // PM2.5: the forecast's one hour (10), no sensor hours before it; O3: the model's 24 hours and a missing one.
        #expect(series?.values[.pm2_5] == [10])
        #expect(series?.values[.o3]?.count == 25)
    }

    /// µg/m³ per ppb of O3 at 25 °C, 1 atm.
    static let perPPB = 47.9982 / (8.314_462_618 * 298.15 / 101.325)

    // A summer day in ppb, forecast from 12:00 UTC: the past hours 04:00–11:00 are 20, 20, 20,
    // 25, 35, 45, 55, 65 (NowCast now 60.6 ppb → 0.060 → 67 Moderate); the forecast 75 (12:00),
    // 85, 95, 100, 100, 90, then 60s. Ozone NowCast (8 h, no weight floor), c₀ first:
    //   12:00  75, 65, 55, 45, 35, 25, 20, 20: w = 1 − 55/75 = 4/15 → 71.37 ppb → 0.071 → 101 USG
    //   13:00  85, 75, 65, 55, 45, 35, 25, 20: w = 1 − 65/85 = 0.23529; Σ wⁱcᵢ = 85 + 17.647 +
    //          3.599 + 0.7164 + 0.1379 + 0.0252 + 0.0042 + 0.0008 = 107.13; Σ wⁱ = 1.30767
    //          → 81.92 ppb → 0.081 → 101 + 49/0.014 × 0.010 = 136 USG
    //   14:00  95, 85, 75, …, 25: w = 1 − 70/95 = 0.26316 → 91.43 ppb → 0.091
    //          → 151 + 49/0.019 × 0.005 = 163.9 → 164 Unhealthy: the pre-alert starts at 14:00.
    // The trailing 8-h mean peaks at (55 + 65 + 75 + 85 + 95 + 100 + 100 + 90)/8 = 83.1 ppb →
    // 0.083 → 143 USG at 17:00: it never crosses into Unhealthy, and no pre-alert would go out.
    @Test("the ozone pre-alert starts when AirNow's ozone NowCast crosses, not the trailing mean")
    func ozonePreAlertFollowsTheNowCast() async throws {
        var reading = dayAhead(now: Self.start, pm25Ahead: Array(repeating: 5, count: 60))
        let past: [Double] = [20, 20, 20, 25, 35, 45, 55, 65]
        let ahead: [Double] = [75, 85, 95, 100, 100, 90] + Array(repeating: 60, count: 54)
        reading.pollution?.hourly?.values[.o3] = past.map { $0 * Self.perPPB }
        reading.pollution?.forecast?.series.values[.o3] = ahead.map { $0 * Self.perPPB }
        let (sent, outputs, bodies) = await dayAheadAlerts([reading], Self.preAlert)
        #expect(sent == [Sent(0, .normal, "Forecast: US AQI Unhealthy from about 14:00 UTC, O3")], "\(sent) \(bodies)")
        let hours = try #require(outputs.last?.forecast)
        let o3At = { (hour: Int) in hours[hour].index.subIndices.first { $0.pollutant == .o3 } }
        #expect(o3At(0)?.period == .nowcast)
        #expect(o3At(0)?.index == 101)
        #expect(o3At(1)?.index == 136)
        #expect(o3At(2)?.index == 164)
    }
}
