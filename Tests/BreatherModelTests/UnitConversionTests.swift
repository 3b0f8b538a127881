import BreatherModel
import Testing

@Suite struct UnitConversionTests {
    // µg/m³ = ppb × MW / V, V = R·T/p; at 25 °C and 101.325 kPa V = 8.314462618 × 298.15 / 101.325
    // = 24.4654 L/mol; MW O3 47.9982, NO2 46.0055, SO2 64.0638, CO 28.0101 g/mol.
    @Test(arguments: [
        (Pollutant.o3, ConcentrationUnit.microgramsPerCubicMetre, 96.0, ConcentrationUnit.ppb, 96 * 24.465_403_696_587 / 47.9982),
        (.o3, .microgramsPerCubicMetre, 96.0, .ppm, 96 * 24.465_403_696_587 / 47.9982 / 1000),
        (.no2, .microgramsPerCubicMetre, 46.0055, .ppb, 24.465_403_696_587),
        (.so2, .ppb, 24.465_403_696_587, .microgramsPerCubicMetre, 64.0638),
        (.co, .ppm, 1.0, .milligramsPerCubicMetre, 28.0101 / 24.465_403_696_587),
        (.co, .microgramsPerCubicMetre, 1200.0, .milligramsPerCubicMetre, 1.2),
        (.pm2_5, .milligramsPerCubicMetre, 0.035, .microgramsPerCubicMetre, 35.0),
        (.no2, .ppm, 0.1, .ppb, 100.0),
    ])
    func converts(_ p: Pollutant, _ from: ConcentrationUnit, _ value: Double, _ to: ConcentrationUnit, _ expected: Double) throws {
        let actual = try UnitConversion.convert(value, of: p, from: from, to: to)
        #expect(abs(actual - expected) < 1e-9 * max(1, expected))
    }

    /// Each standard's reference conditions, and the factors they give to four decimals.
    /// EPA's rounded factors at 25 °C are NO2 1.88, O3 1.96, SO2 2.62, CO 1.145; Defra's NO2 at
    /// 20 °C is 1.9125 µg/m³ per ppb.
    @Test(arguments: [
        (AQIStandard.us, Pollutant.no2, 1.8804), (.us, .o3, 1.9619), (.us, .so2, 2.6185), (.us, .co, 1.1449),
        (.china, .no2, 1.8804), (.china2012, .o3, 1.9619), (.canada, .o3, 1.9619), (.india, .so2, 2.6185),
        // EU: 293 K, 101.3 kPa → V = 8.314462618 × 293 / 101.3 = 24.0487 L/mol.
        (.eu, .no2, 1.9130), (.eu, .o3, 1.9959), (.eu, .so2, 2.6639), (.eu, .co, 1.1647),
        // UK: 293.15 K, 101.325 kPa → V = 24.0551 L/mol; NO2 46.0055 / 24.0551 = 1.9125.
        (.uk, .no2, 1.9125), (.uk, .o3, 1.9953), (.uk, .so2, 2.6632),
    ])
    func referenceConditionFactors(_ standard: AQIStandard, _ p: Pollutant, _ factor: Double) throws {
        let perPPB = try #require(standard.referenceConditions.microgramsPerPPB(p))
        #expect((perPPB * 10_000).rounded() / 10_000 == factor)
    }

    @Test func referenceConditionsAreNamed() {
        #expect(AQIStandard.us.referenceConditions.description == "25 °C, 101.325 kPa")
        #expect(AQIStandard.eu.referenceConditions.description == "293 K, 101.3 kPa")
        #expect(AQIStandard.uk.referenceConditions.description == "20 °C, 101.325 kPa")
        #expect(AQIStandard.canada.referenceConditions.microgramsPerPPB(.pm2_5) == nil)
    }

    @Test func particlesHaveNoVolumeUnits() {
        #expect(throws: AQIError.unsupportedUnit(.pm2_5, .ppb)) {
            try UnitConversion.convert(10, of: .pm2_5, from: .ppb, to: .microgramsPerCubicMetre)
        }
        // Never silently indexed: a PM reading in ppm makes the whole index throw.
        #expect(throws: AQIError.unsupportedUnit(.pm10, .ppm)) {
            try AQIStandard.us.index(from: [reading(.pm10, .hours24, 1, .ppm)])
        }
        #expect(throws: AQIError.unsupportedUnit(.pm2_5, .ppb)) {
            try AQIStandard.china.index(from: [reading(.pm2_5, .hours24, 1, .ppb)])
        }
    }

    @Test(arguments: [-1.0, .nan, .infinity])
    func invalidConcentrations(_ value: Double) {
        for standard in [AQIStandard.us, .china, .china2012] {
            #expect(throws: AQIError.self) { try standard.index(from: [reading(.pm2_5, .hours24, value)]) }
        }
        #expect(throws: AQIError.invalidConcentration(.no2, -1)) {
            try AQIStandard.us.index(from: [reading(.no2, .hour1, -1)])
        }
    }
}

@Suite("concentrations beyond physical sense are refused, not indexed")
struct PhysicalLimitTests {
    @Test("above the limit: one error naming the pollutant and the limit; at it, an index", arguments: AQIStandard.allCases)
    func refused(standard: AQIStandard) throws {
        let huge = [Pollutant.pm2_5, .no2, .o3].map { pollutant in
            PollutantReading(pollutant: pollutant, period: standard.defaultPeriod(for: pollutant) ?? .hour1,
                             value: pollutant == .pm2_5 ? 1e12 : 20, unit: .microgramsPerCubicMetre)
        }
        #expect(throws: AQIError.implausibleConcentration(.pm2_5, 1e12)) { try standard.index(from: huge) }
        #expect(AQIError.implausibleConcentration(.pm2_5, 1e12).description
            == "PM2.5 1000000000000 µg/m³ is beyond anything measured in air (at most 10000 µg/m³): a wrong unit or a broken sensor")
    }

    @Test("the limits in other units: CO in mg/m³ and ppm, O3 in ppm")
    func otherUnits() throws {
        #expect(throws: AQIError.self) { try UnitConversion.convert(20_000, of: .co, from: .milligramsPerCubicMetre, to: .ppm) }
        #expect(try UnitConversion.convert(5000, of: .co, from: .ppm, to: .milligramsPerCubicMetre) > 5000, "5000 ppm CO is a fire, not nonsense")
        #expect(throws: AQIError.self) { try UnitConversion.convert(11, of: .o3, from: .ppm, to: .microgramsPerCubicMetre) }
        #expect(try UnitConversion.convert(10_000, of: .pm2_5, from: .microgramsPerCubicMetre, to: .microgramsPerCubicMetre) == 10_000)
    }
}
