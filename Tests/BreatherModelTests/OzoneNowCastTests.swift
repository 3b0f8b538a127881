import BreatherModel
import Testing

/// The US ozone sub-index "now" is AirNow's ozone NowCast (2016 form): 8 hours, weight factor
/// `w = 1 − range/max` with no floor, 2 of the 3 latest hours, indexed on the 8-hour rows.
@Suite struct OzoneNowCastTests {
    /// µg/m³ per ppb of O3 at the US reference conditions (25 °C, 1 atm): 47.9982 / 24.4654.
    static let perPPB = 47.9982 / (8.314_462_618 * 298.15 / 101.325)

    /// Oldest first, in ppb, as µg/m³ (what providers give).
    static func series(_ ppb: [Double?]) -> HourlySeries {
        HourlySeries([.o3: ppb.map { $0.map { $0 * perPPB } }])
    }

    static func o3(_ index: AirQualityIndex) -> SubIndex? {
        index.subIndices.first { $0.pollutant == .o3 }
    }

    // Hand-worked (c₀ = current hour, ppb; the series below is oldest first):
    //
    // 1. AirNow-Tech's own example, c₀…c₇ = 63, 69, 80, 74, 60, missing, 35, 22:
    //    w = 1 − (80 − 22)/80 = 0.275; Σ wⁱcᵢ = 63 + 18.975 + 6.05 + 1.53897 + 0.34315 + 0.01514
    //    + 0.00262 = 89.92487; Σ wⁱ (hour 5 left out) = 1.37769; NowCast 65.27 ppb → 0.065 ppm →
    //    51 + 49/0.015 × 0.010 = 83.67 → 84. (The trailing 8-h mean, 403/7 = 57.57 ppb → 58.)
    // 2. A summer morning, 05:00…12:00 = 20, 20, 25, 35, 45, 55, 65, 75: w = 1 − 55/75 = 4/15
    //    (below PM's 0.5 floor: no floor for ozone); NowCast 97.3176/1.36360 = 71.37 ppb →
    //    0.071 ppm → 101 USG, where the trailing mean 340/8 = 42.5 ppb → 0.042 → 38.9 → 39 Good.
    // 3. The same day at 15:00 (08:00…15:00 = 35, 45, 55, 65, 75, 85, 95, 100): w = 1 − 65/100
    //    = 0.35; NowCast 148.2476/1.53812 = 96.38 ppb → 0.096 → 151 + 49/0.019 × 0.010 = 176.8
    //    → 177 Unhealthy (trailing mean 69.4 → 0.069 → 97 Moderate). The 1-h 0.100 ppm is below
    //    the 1-hour rows' 0.125: no 1-h sub-index.
    @Test(arguments: [
        ([22, 35, nil, 60, 74, 80, 69, 63] as [Double?], 65.2718, 84),
        ([20, 20, 25, 35, 45, 55, 65, 75], 71.3681, 101),
        ([20, 20, 25, 35, 45, 55, 65, 75, 85, 95, 100], 96.3827, 177),
    ])
    func nowCastAsAirNowWorksIt(_ ppb: [Double?], _ nowCastPPB: Double, _ aqi: Int) throws {
        let readings = AQIStandard.us.readings(from: Self.series(ppb))
        let nowCast = try #require(readings.first { $0.pollutant == .o3 && $0.period == .nowcast })
        #expect(abs(nowCast.value / Self.perPPB - nowCastPPB) < 0.001)
        let index = try AQIStandard.us.index(from: readings)
        #expect(index.value == aqi)
        #expect(Self.o3(index)?.period == .nowcast)
        #expect(!index.subIndices.contains { $0.pollutant == .o3 && $0.period == .hours8 })
    }

    @Test func theWeightFactorHasNoFloorButPMKeepsIts() throws {
        // PM over the same shape, 20 … 75: w = 4/15 is clamped to 0.5 for PM:
        // Σ 0.5ⁱcᵢ = 75 + 32.5 + 13.75 + 5.625 + 2.1875 + 0.78125 + 0.3125 + 0.15625 = 130.3125,
        // Σ 0.5ⁱ = 1.9921875 → 65.41 µg/m³; ozone's no-floor weight gives 71.37 (above).
        let shape: [Double?] = [20, 20, 25, 35, 45, 55, 65, 75]
        let pm = AQIStandard.us.readings(from: HourlySeries([.pm2_5: shape]))
        let pmNowCast = try #require(pm.first { $0.period == .nowcast }?.value)
        #expect(abs(pmNowCast - 130.3125 / 1.9921875) < 1e-9)
        let o3 = AQIStandard.us.readings(from: Self.series(shape))
        let o3NowCast = try #require(o3.first { $0.pollutant == .o3 && $0.period == .nowcast }?.value)
        #expect(abs(o3NowCast / Self.perPPB - 97.3175870800183 / 1.3636014939186099) < 1e-6)
    }

    @Test func usesOnlyTheEightLatestHours() throws {
        // A 500 ppb hour nine hours ago is outside the window: the 8 hours of 40 → w = 1 → 40 ppb.
        let readings = AQIStandard.us.readings(from: Self.series([500, 40, 40, 40, 40, 40, 40, 40, 40]))
        let nowCast = try #require(readings.first { $0.pollutant == .o3 && $0.period == .nowcast })
        #expect(abs(nowCast.value / Self.perPPB - 40) < 1e-9)
    }

    @Test func needsTwoOfTheThreeLatestHoursElseTheTrailingMeanSaysSo() throws {
        // 8 hours of 50 ppb but the two latest missing: no NowCast; the 8-h mean of the 6 valid
        // hours (6 of 8, its own rule) is 50 ppb → 0.050 → 50/0.054 × 0.050 = 46.3 → 46, labelled 8h.
        let readings = AQIStandard.us.readings(from: Self.series([50, 50, 50, 50, 50, 50, nil, nil]))
        #expect(!readings.contains { $0.period == .nowcast })
        let index = try AQIStandard.us.index(from: readings)
        #expect(Self.o3(index)?.period == .hours8)
        #expect(index.value == 46)
    }

    @Test func aZeroHourMeansTheCurrentHourAlone() throws {
        // Night titration to 0 ppb: w = 1 − 60/60 = 0, so wⁱ = 0 for every hour but the current
        // one (0⁰ = 1): the NowCast is the current 60 ppb → 0.060 → 51 + 49/0.015 × 0.005 = 67.3 → 67.
        let readings = AQIStandard.us.readings(from: Self.series([0, 0, 0, 10, 30, 60]))
        let index = try AQIStandard.us.index(from: readings)
        #expect(Self.o3(index)?.period == .nowcast)
        #expect(index.value == 67)
    }

    @Test func aNowCastAboveTheEightHourRowsTakesTheOneHourRule() throws {
        // 8 hours of 250 ppb: NowCast 0.250 ppm is past the 8-hour rows' 0.200; the 1-h 0.250 is
        // on the 1-hour rows: 201 + 99/0.199 × 0.045 = 223.4 → 223, and the note names the NowCast.
        let index = try AQIStandard.us.index(from: AQIStandard.us.readings(from: Self.series(Array(repeating: 250, count: 8))))
        #expect(index.value == 223)
        #expect(index.subIndices.map(\.period) == [.hour1])
        #expect(index.notes.first?.text.hasPrefix("O3 NowCast 0.25 ppm is above 0.200 ppm") == true)
    }
}
