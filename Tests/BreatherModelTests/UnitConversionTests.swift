import BreatherModel
import Testing

@Suite struct UnitConversionTests {
    // ppb = µg/m³ × 24.45 / MW (EPA, 25 °C): O3 48.00, NO2 46.01, SO2 64.07, CO 28.01.
    @Test(arguments: [
        (Pollutant.o3, ConcentrationUnit.microgramsPerCubicMetre, 96.0, ConcentrationUnit.ppb, 48.9),
        (.o3, .microgramsPerCubicMetre, 96.0, .ppm, 0.0489),
        (.no2, .microgramsPerCubicMetre, 46.01, .ppb, 24.45),
        (.so2, .ppb, 24.45, .microgramsPerCubicMetre, 64.07),
        (.co, .ppm, 1.0, .milligramsPerCubicMetre, 28.01 / 24.45),
        (.co, .microgramsPerCubicMetre, 1200.0, .milligramsPerCubicMetre, 1.2),
        (.pm2_5, .milligramsPerCubicMetre, 0.035, .microgramsPerCubicMetre, 35.0),
        (.no2, .ppm, 0.1, .ppb, 100.0),
    ])
    func converts(_ p: Pollutant, _ from: ConcentrationUnit, _ value: Double, _ to: ConcentrationUnit, _ expected: Double) throws {
        let actual = try UnitConversion.convert(value, of: p, from: from, to: to)
        #expect(abs(actual - expected) < 1e-9 * max(1, expected))
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
