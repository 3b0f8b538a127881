import BreatherModel
import Testing

/// US EPA AQI 2024 (reference §1).
@Suite struct USEPATests {
    let us = AQIStandard.us

    // Reference §1 worked examples with a single pollutant: (pollutant, period, value, unit, AQI).
    @Test(arguments: [
        (Pollutant.o3, AveragingPeriod.hours8, 0.07853333, ConcentrationUnit.ppm, 126),  // official TAD: 125.5 → 126
        (.pm2_5, .hours24, 9.0, .microgramsPerCubicMetre, 50),
        (.pm2_5, .hours24, 9.05, .microgramsPerCubicMetre, 50),
        (.pm2_5, .hours24, 12.0, .microgramsPerCubicMetre, 56),
        (.pm2_5, .hours24, 12.34, .microgramsPerCubicMetre, 57),
        (.pm2_5, .hours24, 35.0, .microgramsPerCubicMetre, 99),
        (.pm2_5, .hours24, 55.5, .microgramsPerCubicMetre, 151),
        (.pm2_5, .hours24, 150.0, .microgramsPerCubicMetre, 225),
        (.pm2_5, .hours24, 275.0, .microgramsPerCubicMetre, 400),
        (.pm2_5, .hours24, 325.4, .microgramsPerCubicMetre, 500),
        (.pm2_5, .hours24, 400.0, .microgramsPerCubicMetre, 649),  // > 500: extrapolated, not capped
        (.pm10, .hours24, 155, .microgramsPerCubicMetre, 101),
        (.co, .hours8, 4.45, .ppm, 50),  // truncated to 4.4
        (.o3, .hours8, 0.055, .ppm, 51),
        (.so2, .hour1, 40, .ppb, 56),
        (.so2, .hours24, 305, .ppb, 201),
        (.no2, .hour1, 100, .ppb, 100),
        (.no2, .hour1, 53.9, .ppb, 50),  // truncated to 53
    ])
    func workedExamples(_ p: Pollutant, _ period: AveragingPeriod, _ value: Double, _ unit: ConcentrationUnit, _ aqi: Int) throws {
        let result = try us.index(from: [reading(p, period, value, unit)])
        #expect(result.value == aqi)
        #expect(result.mainPollutants == [p])
    }

    @Test func tadTruncationExample() throws {
        let result = try us.index(from: [reading(.o3, .hours8, 0.07853333, .ppm)])
        #expect(result.subIndices.first?.concentration == 0.078)
        #expect(result.category.name == "Unhealthy for Sensitive Groups")
    }

    @Test func tadMultiPollutantExample() throws {
        let result = try us.index(from: [
            reading(.o3, .hours8, 0.078, .ppm), reading(.pm2_5, .hours24, 35.9), reading(.co, .hours8, 8.4, .ppm),
        ])
        let subs = Dictionary(uniqueKeysWithValues: result.subIndices.map { ($0.pollutant, $0.index) })
        #expect(subs == [.o3: 126, .pm2_5: 102, .co: 90])
        #expect(result.value == 126)
        #expect(result.mainPollutants == [.o3])
    }

    @Test func ozoneOneHourMax() throws {
        // TAD prints 148, Equation 1 gives 147.49 → 147 (reference §8 item 11).
        let high = try us.index(from: [reading(.o3, .hour1, 0.162, .ppm), reading(.o3, .hours8, 0.078, .ppm)])
        #expect(high.value == 147)
        #expect(high.mainPollutants == [.o3])
        // 1-hour values < 0.125 ppm are disregarded.
        let low = try us.index(from: [reading(.o3, .hour1, 0.104, .ppm), reading(.o3, .hours8, 0.078, .ppm)])
        #expect(low.value == 126)
        #expect(low.subIndices.map(\.period) == [.hours8])
    }

    @Test func ozoneEightHourAbove0200UsesOneHourTable() throws {
        let result = try us.index(from: [reading(.o3, .hours8, 0.405, .ppm)])
        #expect(result.value == 301)
        #expect(result.subIndices.first?.period == .hours8)
    }

    /// O3 8-h above 0.200 ppm, where the 8-h table ends at 300. TAD 2024 Table 6 note: "8-hour O3
    /// values do not define higher AQI values (≥ 301). AQI values of 301 or higher are calculated
    /// with 1-hour O3 concentrations." (8-h ppm, 1-h ppm or nil, AQI, the period that sets it).
    @Test("O3 8-h above 0.200 ppm: the 1-h value decides; alone, at least 301", arguments: [
        (0.200, nil, 300, AveragingPeriod.hours8),
        (0.201, nil, 301, .hours8),  // alone: 1-h rows give 199, the floor 301 is kept (with a note)
        (0.300, nil, 301, .hours8),  // 1-h rows: 248
        (0.405, nil, 301, .hours8),
        (0.504, nil, 400, .hours8),  // 1-h rows: 199/0.199×0.099+301 = 400
        (0.250, 0.450, 346, .hour1),  // the 1-h value: 199/0.199×0.045+301 = 346
        (0.250, 0.300, 248, .hour1),  // the 1-h value's index even when lower: 99/0.199×0.095+201 = 248.26 → 248
        (0.250, 0.100, 301, .hours8),  // 1-h < 0.125 has no sub-index, so the 8-h floor stands
    ] as [(Double, Double?, Int, AveragingPeriod)])
    func ozoneEightHourAboveTable(eightHour: Double, oneHour: Double?, aqi: Int, decidedBy: AveragingPeriod) throws {
        var readings = [reading(.o3, .hours8, eightHour, .ppm)]
        if let oneHour { readings.append(reading(.o3, .hour1, oneHour, .ppm)) }
        let result = try us.index(from: readings)
        #expect(result.value == aqi)
        #expect(result.subIndices.first { $0.index == aqi }?.period == decidedBy)
    }

    /// Ozone swept from 0 to 0.7 ppm in 0.001 steps on each table alone: a higher concentration
    /// never gives a lower index (the lone 1-h value from 0.125 ppm, where its rows start). Both
    /// periods at the same value are not swept: above 0.200 ppm 8-h the TAD hands the index to
    /// the 1-h value, and a 1-h maximum equal to the 8-h mean is not physical.
    @Test("O3: a higher concentration never gives a lower index", arguments: [AveragingPeriod.hours8, .hour1])
    func ozoneIsMonotonic(period: AveragingPeriod) throws {
        var previous = 0
        for step in (period == .hour1 ? 125 : 0)...700 {
            let c = Double(step) / 1000
            let value = try us.index(from: [reading(.o3, period, c, .ppm)]).value
            #expect(value >= previous, "\(period) at \(c) ppm: \(value) after \(previous)")
            previous = value
        }
    }

    @Test("every other Table 6 column never gives a lower index for a higher concentration", arguments: edgeColumns)
    func columnIsMonotonic(_ column: EdgeColumn) throws {
        let top = column.edges.map(\.0).max() ?? 0
        let bottom = column.edges.map(\.0).min() ?? 0
        var previous = 0
        var checked = 0
        var inside = 0
        for step in 0...600 {
            let c = top * 1.2 * Double(step) / 600
            if (bottom...top).contains(c) { inside += 1 }
            let value: Int
            do {
                value = try us.index(from: [reading(column.pollutant, column.period, c, column.unit)]).value
            } catch {
                // Only a concentration outside the column's own table may be refused (1-h ozone
                // below 0.125 ppm, 8-h ozone above 0.200 ppm, 24-h SO2 below 305 ppb).
                #expect(!(bottom...top).contains(c), "\(column.testDescription) at \(c) refused inside its table: \(error)")
                continue
            }
            checked += 1
            #expect(value >= previous, "\(column.testDescription) at \(c): \(value) after \(previous)")
            previous = value
        }
        #expect(inside >= 100 && checked >= inside, "\(column.testDescription): \(checked) concentrations checked, \(inside) inside the table")
    }

    @Test func sulfurDioxideAbove304() throws {
        // 1-h ≥ 305 ppb without a 24-h value ≥ 305: AQI fixed at 200.
        #expect(try us.index(from: [reading(.so2, .hour1, 400, .ppb)]).value == 200)
        #expect(try us.index(from: [reading(.so2, .hour1, 400, .ppb), reading(.so2, .hours24, 200, .ppb)]).value == 200)
        // ... with a 24-h value ≥ 305: the 24-h table decides.
        let day = try us.index(from: [reading(.so2, .hour1, 700, .ppb), reading(.so2, .hours24, 604, .ppb)])
        #expect(day.value == 300)
        #expect(day.subIndices.map(\.period) == [.hours24])
        // A 24-h value below 305 does not override the 1-h value.
        #expect(try us.index(from: [reading(.so2, .hour1, 40, .ppb), reading(.so2, .hours24, 100, .ppb)]).value == 56)
    }

    @Test(arguments: [
        (Pollutant.pm10, 800.0, ConcentrationUnit.microgramsPerCubicMetre, 718),  // 199/179×375+301 = 717.9
        (.no2, 2449, .ppb, 600),
        (.co, 60.4, .ppm, 600),
    ])
    func aboveFiveHundredExtrapolates(_ p: Pollutant, _ value: Double, _ unit: ConcentrationUnit, _ aqi: Int) throws {
        let period = us.defaultPeriod(for: p)!
        let result = try us.index(from: [reading(p, period, value, unit)])
        #expect(result.value == aqi)
        // Extrapolated as footnote 4 says, in AirNow's "Beyond the AQI" category.
        #expect(result.category.name == "Beyond the AQI")
    }

    /// One TAD Table 6 column and its (concentration, AQI) edges.
    struct EdgeColumn: Sendable, CustomTestStringConvertible {
        var pollutant: Pollutant
        var period: AveragingPeriod
        var unit: ConcentrationUnit
        var edges: [(Double, Int)]
        var testDescription: String { "\(pollutant.rawValue) \(period.rawValue)" }
    }

    static let o3Hours8: [(Double, Int)] = [
        (0.0, 0), (0.054, 50), (0.055, 51), (0.07, 100), (0.071, 101), (0.085, 150), (0.086, 151), (0.105, 200), (0.106, 201), (0.2, 300),
    ]
    static let o3Hour1: [(Double, Int)] = [
        (0.125, 101), (0.164, 150), (0.165, 151), (0.204, 200), (0.205, 201), (0.404, 300), (0.405, 301), (0.604, 500),
    ]
    static let pm25: [(Double, Int)] = [
        (0.0, 0), (9.0, 50), (9.1, 51), (35.4, 100), (35.5, 101), (55.4, 150), (55.5, 151), (125.4, 200), (125.5, 201), (225.4, 300),
        (225.5, 301), (325.4, 500),
    ]
    static let pm10: [(Double, Int)] = [
        (0, 0), (54, 50), (55, 51), (154, 100), (155, 101), (254, 150), (255, 151), (354, 200), (355, 201), (424, 300), (425, 301), (604, 500),
    ]
    static let co: [(Double, Int)] = [
        (0.0, 0), (4.4, 50), (4.5, 51), (9.4, 100), (9.5, 101), (12.4, 150), (12.5, 151), (15.4, 200), (15.5, 201), (30.4, 300), (30.5, 301),
        (50.4, 500),
    ]
    static let so2Hour1: [(Double, Int)] = [(0, 0), (35, 50), (36, 51), (75, 100), (76, 101), (185, 150), (186, 151), (304, 200)]
    static let so2Hours24: [(Double, Int)] = [(305, 201), (604, 300), (605, 301), (1004, 500)]
    static let no2: [(Double, Int)] = [
        (0, 0), (53, 50), (54, 51), (100, 100), (101, 101), (360, 150), (361, 151), (649, 200), (650, 201), (1249, 300), (1250, 301),
        (2049, 500),
    ]
    static let edgeColumns: [EdgeColumn] = [
        EdgeColumn(pollutant: .o3, period: .hours8, unit: .ppm, edges: o3Hours8),
        EdgeColumn(pollutant: .o3, period: .hour1, unit: .ppm, edges: o3Hour1),
        EdgeColumn(pollutant: .pm2_5, period: .hours24, unit: .microgramsPerCubicMetre, edges: pm25),
        EdgeColumn(pollutant: .pm10, period: .hours24, unit: .microgramsPerCubicMetre, edges: pm10),
        EdgeColumn(pollutant: .co, period: .hours8, unit: .ppm, edges: co),
        EdgeColumn(pollutant: .so2, period: .hour1, unit: .ppb, edges: so2Hour1),
        EdgeColumn(pollutant: .so2, period: .hours24, unit: .ppb, edges: so2Hours24),
        EdgeColumn(pollutant: .no2, period: .hour1, unit: .ppb, edges: no2),
    ]

    // Every breakpoint edge of TAD Table 6 (lo → ILo, hi → IHi), copied from the reference JSON rows.
    @Test(arguments: edgeColumns)
    func breakpointEdges(_ column: EdgeColumn) throws {
        for (c, expected) in column.edges {
            let result = try us.index(from: [reading(column.pollutant, column.period, c, column.unit)])
            #expect(result.value == expected, "\(column.testDescription) \(c)")
        }
    }

    @Test func unitsAreConverted() throws {
        // At 25 °C and 101.325 kPa, V = 8.314462618 × 298.15 / 101.325 = 24.4654 L/mol.
        // 100 µg/m³ O3 × 24.4654 / 47.9982 = 50.97 ppb = 0.050 ppm (truncated) → (50/54)×50 = 46.3 → 46.
        let o3 = try us.index(from: [reading(.o3, .hours8, 100)])
        #expect(o3.subIndices.first?.concentration == 0.050)
        #expect(o3.subIndices.first?.unit == .ppm)
        #expect(o3.value == 46)
        // 188.2 µg/m³ NO2 × 24.4654 / 46.0055 = 100.08 ppb → 100 → AQI 100.
        #expect(try us.index(from: [reading(.no2, .hour1, 188.2)]).value == 100)
        // CO 5720 µg/m³ × 24.4654 / 28.0101 = 4.996 ppm → 4.9 → 49/4.9 × 0.4 + 51 = 55.
        #expect(try us.index(from: [reading(.co, .hours8, 5720)]).value == 55)
        // CO 5726 µg/m³ → 5.0013 ppm → 5.0 → 49/4.9 × 0.5 + 51 = 56 (24.45 L/mol gave 4.998 → 55).
        #expect(try us.index(from: [reading(.co, .hours8, 5726)]).value == 56)
    }

    /// Absurd values are refused (not clamped to an index of a billion), without a trap.
    @Test func absurdConcentrationsAreRefused() throws {
        #expect(throws: AQIError.implausibleConcentration(.pm2_5, 1e300)) { try us.index(from: [reading(.pm2_5, .hours24, 1e300)]) }
        #expect(throws: AQIError.implausibleConcentration(.pm2_5, 1e300)) {
            try AQIStandard.china.index(from: [reading(.pm2_5, .hours24, 1e300)])
        }
        #expect(throws: AQIError.self) {
            try AQIStandard.canada.index(from: [
                reading(.no2, .hours3, 1e300, .ppb), reading(.o3, .hours3, 0, .ppb), reading(.pm2_5, .hours3, 0),
            ])
        }
    }

    @Test func errors() {
        #expect(throws: AQIError.noUsablePollutants(.us)) { try AQIStandard.us.index(from: []) }
        #expect(throws: AQIError.unsupportedPeriod(.no2, .hours24, .us)) {
            try AQIStandard.us.index(from: [reading(.no2, .hours24, 10, .ppb)])
        }
    }
}
