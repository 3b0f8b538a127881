import BreatherModel
import Testing

@Suite("calculator argument parsing")
struct CalculatorInputTests {
    @Test("defaults: the standard's usual period and µg/m³")
    func defaults() throws {
        let us = try CalculatorInput.reading(from: "pm2_5=35.5", standard: .us)
        #expect(us == PollutantReading(pollutant: .pm2_5, period: .hours24, value: 35.5, unit: .microgramsPerCubicMetre))
        let uk = try CalculatorInput.reading(from: "so2=120", standard: .uk)
        #expect(uk.period == .minutes15)
        let canada = try CalculatorInput.reading(from: "o3=60", standard: .canada)
        #expect(canada.period == .hours3)
    }

    @Test("explicit period and every unit spelling")
    func periodAndUnits() throws {
        #expect(try CalculatorInput.reading(from: "o3:1h=80ppb", standard: .us)
                == PollutantReading(pollutant: .o3, period: .hour1, value: 80, unit: .ppb))
        #expect(try CalculatorInput.reading(from: "co=0.9mg/m3", standard: .china).unit == .milligramsPerCubicMetre)
        #expect(try CalculatorInput.reading(from: "co=4.5 ppm", standard: .us).unit == .ppm)
        #expect(try CalculatorInput.reading(from: "PM10=40µg/m³", standard: .eu).value == 40)
        #expect(try CalculatorInput.reading(from: "no2=1e2ug/m3", standard: .eu).value == 100)
    }

    @Test("unknown pollutant, period and unit name the valid choices")
    func unknownChoices() {
        #expect(throws: CalculatorInputError.unknownPollutant("pm1")) { try CalculatorInput.reading(from: "pm1=3", standard: .us) }
        #expect(CalculatorInputError.unknownPollutant("pm1").description.contains("pm2_5, pm10, o3, no2, so2, co"))
        #expect(throws: CalculatorInputError.unknownPeriod("2h")) { try CalculatorInput.reading(from: "o3:2h=3", standard: .us) }
        #expect(CalculatorInputError.unknownPeriod("2h").description.contains("15min, 1h, 3h, 8h, 24h"))
        #expect(throws: CalculatorInputError.unknownUnit("ppt")) { try CalculatorInput.reading(from: "o3=3ppt", standard: .us) }
        #expect(CalculatorInputError.unknownUnit("ppt").description.contains("ug/m3, mg/m3, ppb, ppm"))
    }

    @Test("a period the standard has no table for lists the ones it has")
    func periodNotUsed() {
        #expect(throws: CalculatorInputError.periodNotUsed(.pm2_5, .hour1, .us)) {
            try CalculatorInput.reading(from: "pm2_5:1h=3", standard: .us)
        }
        #expect(CalculatorInputError.periodNotUsed(.o3, .hours24, .us).description.hasSuffix("valid periods: 1h, 8h"))
        #expect(throws: CalculatorInputError.pollutantNotUsed(.co, .eu)) { try CalculatorInput.reading(from: "co=300", standard: .eu) }
    }

    @Test("negative, non-numeric, nan and missing '=' are refused")
    func badValues() {
        #expect(throws: CalculatorInputError.negativeValue("pm10=-4")) { try CalculatorInput.reading(from: "pm10=-4", standard: .us) }
        #expect(throws: CalculatorInputError.notANumber("pm10=abc")) { try CalculatorInput.reading(from: "pm10=abc", standard: .us) }
        #expect(throws: CalculatorInputError.notANumber("pm10=nan")) { try CalculatorInput.reading(from: "pm10=nan", standard: .us) }
        #expect(throws: CalculatorInputError.notANumber("pm10=")) { try CalculatorInput.reading(from: "pm10=", standard: .us) }
        #expect(throws: CalculatorInputError.malformed("pm10")) { try CalculatorInput.reading(from: "pm10", standard: .us) }
    }

    @Test("parsed readings index to hand-computed values not in the reference")
    func parsedReadingsIndex() throws {
        // US O3 8-h 0.078 ppm: (150-101)/(0.085-0.071)×(0.078-0.071)+101 = 125.5 → 126.
        let o3 = try CalculatorInput.reading(from: "o3=0.078ppm", standard: .us)
        #expect(try AQIStandard.us.index(from: [o3]).value == 126)
        // China 2026 CO 24-h 3 mg/m³: (100-50)/(4-2)×(3-2)+50 = 75 (rounded up).
        let co = try CalculatorInput.reading(from: "co=3mg/m3", standard: .china)
        #expect(try AQIStandard.china.index(from: [co]).value == 75)
    }
}
