import BreatherModel
import Testing

/// India NAQI (reference §5) and Canada AQHI (reference §6).
@Suite struct IndiaCanadaTests {
    // NAQI worked examples: (pollutant, period, value (CO mg/m³), sub-index). The NAQI needs
    // three pollutants with one PM, so each example gets zero-concentration companions.
    @Test(arguments: [
        (Pollutant.pm2_5, AveragingPeriod.hours24, 45.0, 75),
        (.pm10, .hours24, 300, 250),
        (.pm2_5, .hours24, 30.4, 50),
        (.pm2_5, .hours24, 30.6, 51),
        (.pm2_5, .hours24, 250, 400),
        (.co, .hours8, 1.05, 51),
        (.so2, .hours24, 500, 229),
        (.pm2_5, .hours24, 300, 439),  // Severe upper bound 380 is unofficial (CPCB Excel)
    ])
    func naqiExamples(_ p: Pollutant, _ period: AveragingPeriod, _ c: Double, _ subIndex: Int) throws {
        let unit: ConcentrationUnit = p == .co ? .milligramsPerCubicMetre : .microgramsPerCubicMetre
        let companions = [Pollutant.pm10, .no2, .so2].filter { $0 != p }.prefix(2).map { reading($0, .hours24, 0) }
        let result = try AQIStandard.india.index(from: [reading(p, period, c, unit)] + companions)
        #expect(result.subIndices.first { $0.pollutant == p }?.index == subIndex)
        #expect(result.value == subIndex)
        #expect(result.mainPollutants == [p])
    }

    @Test func naqiNeedsThreePollutantsWithOnePM() throws {
        #expect(throws: AQIError.noUsablePollutants(.india)) {
            try AQIStandard.india.index(from: [reading(.pm2_5, .hours24, 40), reading(.no2, .hours24, 40)])
        }
        #expect(throws: AQIError.noUsablePollutants(.india)) {
            try AQIStandard.india.index(from: [reading(.no2, .hours24, 40), reading(.so2, .hours24, 40), reading(.co, .hours8, 1, .milligramsPerCubicMetre)])
        }
        let ok = try AQIStandard.india.index(from: [reading(.pm10, .hours24, 40), reading(.no2, .hours24, 40), reading(.co, .hours8, 1000)])
        #expect(ok.value == 50)
        #expect(ok.mainPollutants == [.no2, .co])
    }

    @Test func naqiOzoneAbove208UsesOneHourRows() throws {
        let companions = [reading(.pm10, .hours24, 0), reading(.no2, .hours24, 0)]
        // 8-h 300 µg/m³ on the 1-h rows: 301 + 99/539 × 91 = 317.7 → 318.
        #expect(try AQIStandard.india.index(from: [reading(.o3, .hours8, 300)] + companions).value == 318)
        // A 1-h value ≤ 208 is not used when an 8-h value exists.
        let result = try AQIStandard.india.index(from: [reading(.o3, .hours8, 100), reading(.o3, .hour1, 150)] + companions)
        #expect(result.value == 100)
        #expect(result.subIndices.filter { $0.pollutant == .o3 }.map(\.period) == [.hours8])
    }

    @Test func naqiRealTime() throws {
        let day = Array(repeating: 60.0, count: 24) as [Double?]
        let readings = AQIStandard.india.readings(from: HourlySeries([.pm2_5: day, .no2: day, .o3: [50, 60]]))
        #expect(readings.map(\.period) == [.hours24, .hour1, .hours24])
        // O3 has only a 1-h value (two hours of data), below CPCB's 1-h rows: no sub-index, so
        // PM2.5 and NO2 are two pollutants, short of the three CPCB requires.
        #expect(throws: AQIError.noUsablePollutants(.india)) { try AQIStandard.india.index(from: readings) }
        let withSO2 = AQIStandard.india.readings(from: HourlySeries([.pm2_5: day, .no2: day, .so2: day, .o3: [50, 60]]))
        let index = try AQIStandard.india.index(from: withSO2)
        #expect(index.value == 100)  // PM2.5 24-h 60 → 100
        #expect(!index.subIndices.contains { $0.pollutant == .o3 }, "a 1-h O3 value is never put on the 8-h rows")
    }

    @Test("India: a 1-h ozone value without an 8-h one counts only above 208 µg/m³, on the 1-h rows")
    func naqiOneHourOzoneWithoutEightHours() throws {
        let companions = [reading(.pm10, .hours24, 40), reading(.no2, .hours24, 40)]
        #expect(throws: AQIError.noUsablePollutants(.india)) {
            try AQIStandard.india.index(from: [reading(.o3, .hour1, 150)] + companions)
        }
        // 1-h 300 µg/m³: 301 + (300 − 209)/(748 − 209) × 99 = 317.7 → 318, the main pollutant.
        let high = try AQIStandard.india.index(from: [reading(.o3, .hour1, 300)] + companions)
        #expect(high.value == 318 && high.mainPollutants == [.o3])
        #expect(high.subIndices.filter { $0.pollutant == .o3 }.map(\.period) == [.hour1])
    }

    // AQHI worked examples (NO2, O3 ppb; PM2.5 µg/m³; 3-h means) → value and display.
    @Test(arguments: [
        (20.0, 30.0, 10.0, 4, "4"),
        (10, 20, 5, 2, "2"),
        (40, 50, 35, 8, "8"),
        (60, 70, 80, 13, "10+"),
    ])
    func aqhiExamples(_ no2: Double, _ o3: Double, _ pm25: Double, _ value: Int, _ display: String) throws {
        let result = try AQIStandard.canada.index(from: [
            reading(.no2, .hours3, no2, .ppb), reading(.o3, .hours3, o3, .ppb), reading(.pm2_5, .hours3, pm25),
        ])
        #expect(result.value == value)
        #expect(AQIStandard.canada.displayValue(result.value) == display)
        #expect(result.mainPollutants.isEmpty)
        #expect(result.subIndices.map(\.period) == [.hours3, .hours3, .hours3])
    }

    @Test("AQHI terms are contributions to a sum, not sub-indices, and say what they were summed from")
    func aqhiContributions() throws {
        let result = try AQIStandard.canada.index(from: [
            reading(.no2, .hours3, 20, .ppb), reading(.o3, .hours3, 30, .ppb), reading(.pm2_5, .hours3, 10),
        ])
        // 1000/10.4 × (e^(0.000871×20) − 1) = 1.6897; O3 30 ppb 1.5616; PM2.5 10 µg/m³ 0.4694 → 3.72 → 4.
        let terms = result.subIndices.map { ($0.pollutant, (($0.contribution ?? -1) * 1000).rounded() / 1000) }
        #expect(terms.map(\.0) == [.no2, .o3, .pm2_5])
        #expect(terms.map(\.1) == [1.69, 1.562, 0.469])
        #expect(result.termsBasis == "AQHI from 3-h means of NO2, O3, PM2.5")
        #expect(AQIStandard.canada.sumsTerms)
        // A 1-hour fallback is named per pollutant; max-of-sub-indices standards have no basis.
        let fallback = try AQIStandard.canada.index(from: [
            reading(.no2, .hours3, 20, .ppb), reading(.o3, .hours3, 30, .ppb), reading(.pm2_5, .hour1, 10),
        ])
        #expect(fallback.termsBasis == "AQHI from NO2 3h, O3 3h, PM2.5 1h")
        let us = try AQIStandard.us.index(from: [reading(.pm2_5, .hours24, 10)])
        #expect(us.termsBasis == nil)
        #expect(us.subIndices.allSatisfy { $0.contribution == nil })
    }

    @Test func aqhiNeedsAllThreeAndUsesThreeHourMeans() throws {
        #expect(throws: AQIError.noUsablePollutants(.canada)) {
            try AQIStandard.canada.index(from: [reading(.no2, .hours3, 20, .ppb), reading(.o3, .hours3, 30, .ppb)])
        }
        #expect(throws: AQIError.unsupportedPeriod(.o3, .hours8, .canada)) {
            try AQIStandard.canada.index(from: [reading(.o3, .hours8, 30, .ppb)])
        }
        // NO2 µg/m³ → ppb conversion: 37.64 µg/m³ ≈ 20.0 ppb.
        let series = HourlySeries([.no2: [0, 37.64, 37.64, 37.64], .o3: [nil, 58.9, 58.9], .pm2_5: [10]])
        let readings = AQIStandard.canada.readings(from: series)
        #expect(readings.map(\.period) == [.hours3, .hours3, .hour1])
        #expect(try AQIStandard.canada.index(from: readings).value == 4)
    }
}
