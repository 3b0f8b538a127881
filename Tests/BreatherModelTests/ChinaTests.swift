import BreatherModel
import Testing

/// China HJ 633-2026 and HJ 633-2012 (reference §2).
@Suite struct ChinaTests {
    // Reference §2 worked examples (single pollutant): (standard, pollutant, period, µg/m³ or mg/m³ for CO, IAQI, primary?).
    @Test(arguments: [
        // HJ 633-2026
        (AQIStandard.china, Pollutant.pm2_5, AveragingPeriod.hours24, 50.0, 80, true),
        (.china, .pm2_5, .hours24, 75, 114, true),
        (.china, .pm10, .hours24, 150, 112, true),
        (.china, .pm10, .hours24, 80, 72, true),
        (.china, .so2, .hours24, 100, 75, true),
        (.china, .so2, .hour1, 900, 200, true),  // SO2 1-h > 800 → 200
        (.china, .o3, .hours8, 900, 300, true),  // O3 8-h > 800 → 300
        // HJ 633-2012
        (.china2012, .pm2_5, .hours24, 50, 69, true),
        (.china2012, .pm2_5, .hours24, 36, 52, true),  // ceil(51.25)
        (.china2012, .pm2_5, .hours24, 75, 100, true),
        (.china2012, .o3, .hours8, 161, 101, true),
        (.china2012, .co, .hours24, 1.2, 30, false),
        (.china2012, .so2, .hours24, 100, 75, true),
    ])
    func workedExamples(_ standard: AQIStandard, _ p: Pollutant, _ period: AveragingPeriod, _ c: Double, _ aqi: Int, _ primary: Bool) throws {
        let unit: ConcentrationUnit = p == .co ? .milligramsPerCubicMetre : .microgramsPerCubicMetre
        let result = try standard.index(from: [reading(p, period, c, unit)])
        #expect(result.value == aqi)
        #expect(result.mainPollutants == (primary ? [p] : []))
    }

    @Test(arguments: [AQIStandard.china2012])
    func multiPollutantExamples(_ standard: AQIStandard) throws {
        let polluted = try standard.index(from: [
            reading(.pm2_5, .hours24, 50), reading(.pm10, .hours24, 80), reading(.no2, .hours24, 40),
        ])
        #expect(polluted.value == 69)
        #expect(polluted.subIndices.map(\.index) == [69, 65, 50])
        #expect(polluted.mainPollutants == [.pm2_5])
        let clean = try standard.index(from: [reading(.pm10, .hours24, 40), reading(.no2, .hours24, 30)])
        #expect(clean.value == 40)
        #expect(clean.subIndices.map(\.index) == [40, 38])
        #expect(clean.mainPollutants.isEmpty)  // AQI ≤ 50: no primary pollutant
    }

    @Test(arguments: [AQIStandard.china, .china2012])
    func noPrimaryPollutantAtOrBelowFifty(_ standard: AQIStandard) throws {
        let fifty = try standard.index(from: [reading(.pm2_5, .hours24, 35), reading(.no2, .hours24, 10)])
        #expect(fifty.value == 50)
        #expect(fifty.mainPollutants.isEmpty)
        let fiftyOne = try standard.index(from: [reading(.pm2_5, .hours24, 35.5)])
        #expect(fiftyOne.value > 50)
        #expect(fiftyOne.mainPollutants == [.pm2_5])
    }

    @Test func tiesListEveryPrimaryPollutant() throws {
        // 2026: PM2.5 50 → 80 and NO2 24-h 64 → 80.
        let tie = try AQIStandard.china.index(from: [
            reading(.pm2_5, .hours24, 50), reading(.no2, .hours24, 64), reading(.pm10, .hours24, 50),
        ])
        #expect(tie.value == 80)
        #expect(tie.mainPollutants == [.pm2_5, .no2])
    }

    // GB/T 8170 (2026 only): µg/m³ to an integer and CO mg/m³ to 1 decimal, half to even.
    @Test(arguments: [
        (AQIStandard.china, Pollutant.pm2_5, 60.5, 100),  // 60.5 → 60 (even) → 100; unrounded would be 101
        (.china, .pm2_5, 61.5, 102),  // 61.5 → 62 → 101.8 → 102
        (.china2012, .pm2_5, 60.5, 82),  // 2012 does not round: 81.875 → 82
        (.china, .co, 2.25, 55),  // 2.25 → 2.2 → 55
        (.china, .co, 2.35, 60),  // 2.35 → 2.4 → 60
    ])
    func concentrationRounding(_ standard: AQIStandard, _ p: Pollutant, _ c: Double, _ aqi: Int) throws {
        let unit: ConcentrationUnit = p == .co ? .milligramsPerCubicMetre : .microgramsPerCubicMetre
        #expect(try standard.index(from: [reading(p, .hours24, c, unit)]).value == aqi)
    }

    @Test func carbonMonoxideFromMicrograms() throws {
        let result = try AQIStandard.china.index(from: [reading(.co, .hours24, 2250)])
        #expect(result.value == 55)
        #expect(result.subIndices.first?.unit == .milligramsPerCubicMetre)
        #expect(result.subIndices.first?.concentration == 2.2)
    }

    @Test func oneHourParticlesUseDailyColumn() throws {
        let result = try AQIStandard.china.index(from: [reading(.pm2_5, .hour1, 50)])
        #expect(result.value == 80)
        #expect(result.subIndices.first?.period == .hour1)
    }

    @Test func aboveTheTableCapsAtFiveHundred() throws {
        #expect(try AQIStandard.china.index(from: [reading(.pm2_5, .hours24, 600)]).value == 500)
        // HJ 633 defines nothing above the IAQI-500 breakpoint (500 µg/m³) and no category for
        // it: 500 in its top category, Severely Polluted, with "beyond the scale" as a note.
        let beyond = try AQIStandard.china.index(from: [reading(.pm2_5, .hours24, 600)])
        #expect(beyond.category.name == "Severely Polluted" && beyond.category.id == "severely_polluted")
        #expect(beyond.notes.map(\.text) == ["PM2.5 24h 600 ug/m3 is beyond the scale: above 500 ug/m3, HJ 633-2026's "
            + "IAQI-500 breakpoint, nothing is defined, so 500 Severely Polluted is shown"])
        #expect(try AQIStandard.china.index(from: [reading(.pm2_5, .hours24, 500)]).category.name == "Severely Polluted")
    }

    @Test func hj6332012OverflowRules() throws {
        // SO2 1-h > 800: not computed, the 24-h SO2 IAQI is reported.
        let so2 = try AQIStandard.china2012.index(from: [reading(.so2, .hour1, 900), reading(.so2, .hours24, 1600)])
        #expect(so2.value == 300)
        #expect(so2.subIndices.map(\.period) == [.hours24])
        // O3 8-h > 800: not computed, the 1-h O3 IAQI is reported.
        let o3 = try AQIStandard.china2012.index(from: [reading(.o3, .hours8, 900), reading(.o3, .hour1, 1000)])
        #expect(o3.value == 400)
        #expect(o3.subIndices.map(\.period) == [.hour1])
        // 2026 differs: fixed 200 / 300.
        let o3New = try AQIStandard.china.index(from: [reading(.o3, .hours8, 900), reading(.o3, .hour1, 700)])
        #expect(o3New.subIndices.map(\.index) == [300, 275])
    }

    // Every breakpoint of Table 3 (2026) / Table 1 (2012) → its IAQI (continuous edges).
    @Test(arguments: [AQIStandard.china, .china2012])
    func breakpointEdges(_ standard: AQIStandard) throws {
        let pm10At100: Double = standard == .china ? 120 : 150
        let pm25At100: Double = standard == .china ? 60 : 75
        let iaqi = [0, 50, 100, 150, 200, 300, 400, 500]
        let columns: [(Pollutant, AveragingPeriod, [Double])] = [
            (.so2, .hours24, [0, 50, 150, 475, 800, 1600, 2100, 2620]),
            (.so2, .hour1, [0, 150, 500, 650, 800]),
            (.no2, .hours24, [0, 40, 80, 180, 280, 565, 750, 940]),
            (.no2, .hour1, [0, 100, 200, 700, 1200, 2340, 3090, 3840]),
            (.pm10, .hours24, [0, 50, pm10At100, 250, 350, 420, 500, 600]),
            (.co, .hours24, [0, 2, 4, 14, 24, 36, 48, 60]),
            (.co, .hour1, [0, 5, 10, 35, 60, 90, 120, 150]),
            (.o3, .hour1, [0, 160, 200, 300, 400, 800, 1000, 1200]),
            (.o3, .hours8, [0, 100, 160, 215, 265, 800]),
            (.pm2_5, .hours24, [0, 35, pm25At100, 115, 150, 250, 350, 500]),
        ]
        for (p, period, concentrations) in columns {
            for (c, expected) in zip(concentrations, iaqi) {
                let unit: ConcentrationUnit = p == .co ? .milligramsPerCubicMetre : .microgramsPerCubicMetre
                let result = try standard.index(from: [reading(p, period, c, unit)])
                #expect(result.value == expected, "\(standard) \(p) \(period) \(c)")
            }
        }
    }

    @Test func errors() {
        #expect(throws: AQIError.unsupportedPeriod(.pm2_5, .hours8, .china)) {
            try AQIStandard.china.index(from: [reading(.pm2_5, .hours8, 10)])
        }
        #expect(throws: AQIError.noUsablePollutants(.china2012)) { try AQIStandard.china2012.index(from: []) }
    }
}
