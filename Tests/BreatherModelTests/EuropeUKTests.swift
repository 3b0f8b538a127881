import BreatherModel
import Testing

/// EU EAQI 2024 (reference §3) and UK DAQI (reference §4).
@Suite struct EuropeUKTests {
    // EAQI worked and provider-observed examples: (pollutant, µg/m³ 1-h, band).
    @Test(arguments: [
        (Pollutant.pm2_5, 12.0, 2), (.pm2_5, 5, 1), (.pm2_5, 5.1, 2), (.no2, 30, 3), (.o3, 42, 1), (.pm2_5, 150, 6),
        (.pm2_5, 22.1, 3), (.pm10, 28.2, 2), (.no2, 11.2, 2), (.o3, 42.0, 1), (.so2, 2.5, 1),
    ])
    func eaqiExamples(_ p: Pollutant, _ c: Double, _ band: Int) throws {
        let result = try AQIStandard.eu.index(from: [reading(p, .hour1, c)])
        #expect(result.value == band)
        #expect(result.mainPollutants == [p])
    }

    @Test func eaqiWorstBandDrives() throws {
        let result = try AQIStandard.eu.index(from: [reading(.pm2_5, .hour1, 12), reading(.no2, .hour1, 30), reading(.o3, .hour1, 42)])
        #expect(result.value == 3)
        #expect(result.category.name == "Moderate")
        #expect(result.mainPollutants == [.no2])
        #expect(try AQIStandard.eu.index(from: [reading(.pm2_5, .hour1, 150)]).category == AQICategory(id: "extremely_poor", name: "Extremely poor", color: "#7D2181"))
    }

    /// Each upper edge belongs to the lower band; just above it is the next band.
    @Test(arguments: [Pollutant.pm2_5, .pm10, .no2, .o3, .so2])
    func eaqiBandEdges(_ p: Pollutant) throws {
        let rows = AQIStandard.eu.breakpoints(for: p, period: .hour1)
        #expect(rows.count == 6)
        for row in rows {
            #expect(try AQIStandard.eu.index(from: [reading(p, .hour1, row.cLo)]).value == max(1, row.iLo - (row.cLo == 0 ? 0 : 1)))
            guard let hi = row.cHi else { continue }
            #expect(try AQIStandard.eu.index(from: [reading(p, .hour1, hi)]).value == row.iLo)
            #expect(try AQIStandard.eu.index(from: [reading(p, .hour1, hi + 0.01)]).value == row.iLo + 1)
        }
    }

    @Test func eaqiErrorsAndRealTime() throws {
        #expect(throws: AQIError.noUsablePollutants(.eu)) { try AQIStandard.eu.index(from: [reading(.co, .hour1, 300)]) }
        #expect(throws: AQIError.unsupportedPeriod(.pm10, .hours24, .eu)) { try AQIStandard.eu.index(from: [reading(.pm10, .hours24, 30)]) }
        let readings = AQIStandard.eu.readings(from: HourlySeries([.pm2_5: [40, 12], .co: [300], .no2: [30, nil]]))
        #expect(readings.map(\.pollutant) == [.pm2_5, .no2])
        #expect(readings.map(\.value) == [12, 30])
        #expect(try AQIStandard.eu.index(from: readings).value == 3)
    }

    // DAQI worked examples: (pollutant, period, µg/m³, index, band).
    @Test(arguments: [
        (Pollutant.pm2_5, AveragingPeriod.hours24, 35.4, 3, "Low"),
        (.pm2_5, .hours24, 35.6, 4, "Moderate"),
        (.pm10, .hours24, 50.5, 4, "Moderate"),  // rounded half up to 51
        (.no2, .hour1, 601, 10, "Very High"),
        (.o3, .hours8, 100.4, 3, "Low"),
        (.so2, .minutes15, 88.4, 1, "Low"),
    ])
    func daqiExamples(_ p: Pollutant, _ period: AveragingPeriod, _ c: Double, _ index: Int, _ band: String) throws {
        let result = try AQIStandard.uk.index(from: [reading(p, period, c)])
        #expect(result.value == index)
        #expect(result.category.name == band)
        #expect(result.subIndices.first?.concentration == c.rounded())
    }

    @Test func daqiRealTimeAndFallbacks() throws {
        let series = HourlySeries([
            .o3: Array(repeating: 110, count: 8), .pm2_5: [40, 40], .so2: [100], .no2: [70],
        ])
        let readings = AQIStandard.uk.readings(from: series)
        #expect(readings.map(\.period) == [.hours8, .hour1, .hour1, .hour1])
        let result = try AQIStandard.uk.index(from: readings)
        #expect(result.value == 4)  // O3 8-h 110 → 4; PM2.5 1-h 40 → 4 (on the 24-h table)
        #expect(result.mainPollutants == [.o3, .pm2_5])
        #expect(throws: AQIError.unsupportedPeriod(.no2, .hours24, .uk)) { try AQIStandard.uk.index(from: [reading(.no2, .hours24, 10)]) }
    }
}
