import BreatherModel
import Testing

/// The rules the standards' tables carry in their footnotes, each worked by hand from the
/// primary text quoted above the test (issue 15, rules 1–5 and 7).
@Suite struct FootnoteRuleTests {
    // MARK: 1. US ozone, 1-hour
    // TAD 2024 Table 6 leaves the 1-hour O3 cells below 0.125 ppm blank, and note 1: "in addition
    // to calculating the 8-hour ozone index value, the 1-hour ozone value may be calculated, and
    // the maximum of the two values reported."

    @Test func usOzoneOneHourBelowItsTableHasNoSubIndex() throws {
        // Alone: nothing to index; the error names the 8-hour mean.
        #expect(throws: AQIError.self) { try AQIStandard.us.index(from: [reading(.o3, .hour1, 0.100, .ppm)]) }
        do {
            _ = try AQIStandard.us.index(from: [reading(.o3, .hour1, 0.100, .ppm)])
        } catch {
            guard case .notIndexable(let note) = error else { Issue.record("\(error)"); return }
            #expect(note.pollutant == .o3 && note.period == .hour1 && note.needs == .hours8)
            #expect(note.text.contains("below 0.125 ppm"))
        }
        // With PM2.5 12.0 µg/m³ (→ 49/26.3 × 2.9 + 51 = 56.4 → 56): O3 0.06 ppm 1-h counts for
        // nothing (it gave 67 through the 8-hour table before), and a note says why.
        let mixed = try AQIStandard.us.index(from: [reading(.o3, .hour1, 0.06, .ppm), reading(.pm2_5, .hours24, 12.0)])
        #expect(mixed.value == 56)
        #expect(mixed.subIndices.map(\.pollutant) == [.pm2_5])
        #expect(mixed.notes.map(\.needs) == [.hours8])
        // TAD example: 1-h 0.104 ppm is disregarded beside 8-h 0.078 ppm (126); no note needed.
        let tad = try AQIStandard.us.index(from: [reading(.o3, .hour1, 0.104, .ppm), reading(.o3, .hours8, 0.078, .ppm)])
        #expect(tad.value == 126)
        #expect(tad.notes.isEmpty)
        // From 0.125 ppm the 1-hour rows count: 101; 0.164 → 150.
        #expect(try AQIStandard.us.index(from: [reading(.o3, .hour1, 0.125, .ppm)]).value == 101)
        #expect(try AQIStandard.us.index(from: [reading(.o3, .hour1, 0.164, .ppm)]).value == 150)
    }

    // MARK: 2. US ozone above 0.200 ppm 8-hour
    // Table 6 note 2: "8-hour O3 values do not define higher AQI values (≥ 301). AQI values of 301
    // or higher are calculated with 1-hour O3 concentrations."

    @Test func usOzoneEightHourAboveTableTakesTheOneHourValue() throws {
        // 8-h 0.250 and 1-h 0.300 ppm: the 1-h value's 99/0.199 × 0.095 + 201 = 248.26 → 248.
        let both = try AQIStandard.us.index(from: [reading(.o3, .hours8, 0.250, .ppm), reading(.o3, .hour1, 0.300, .ppm)])
        #expect(both.value == 248)
        #expect(both.subIndices.map(\.period) == [.hour1])
        #expect(both.notes.count == 1 && both.notes[0].needs == nil)
        // Alone: the documented floor of 301, with a note that the 1-hour value decides above.
        let alone = try AQIStandard.us.index(from: [reading(.o3, .hours8, 0.250, .ppm)])
        #expect(alone.value == 301)
        #expect(alone.notes.first?.needs == .hour1)
        #expect(alone.notes.first?.text.contains("the 1-hour value decides the upper range") == true)
    }

    // Table 6 note 3: "1-hour SO2 values do not define higher AQI values (≥ 200). AQI values of
    // 200 or greater are calculated with 24-hour SO2 concentrations."
    @Test func usSulfurDioxideRangesBelongToTheirPeriods() throws {
        let hourOnly = try AQIStandard.us.index(from: [reading(.so2, .hour1, 400, .ppb)])
        #expect(hourOnly.value == 200)
        #expect(hourOnly.notes.first?.needs == .hours24)
        // 24-h 200 ppb is below the 24-h rows (from 305): the 1-h value is needed.
        #expect(throws: AQIError.self) { try AQIStandard.us.index(from: [reading(.so2, .hours24, 200, .ppb)]) }
    }

    // MARK: 3. HJ 633-2012 Table 1 notes (2) and (3); HJ 633-2026 Table 3 notes b and c
    // 2012 (2): "二氧化硫（SO2）1小时平均浓度值高于800 μg/m³的，不再进行其空气质量分指数计算，
    // 二氧化硫（SO2）空气质量分指数按24小时平均浓度计算的分指数报告。"
    // 2012 (3): "臭氧（O3）8小时平均浓度值高于800 μg/m³的，不再进行其空气质量分指数计算，臭氧（O3）
    // 空气质量分指数按1小时平均浓度计算的分指数报告。"

    @Test func china2012ReportsSulfurDioxideFromTheDay() throws {
        // SO2 1-h 900 with 24-h 100 µg/m³: the 24-h value, 50/100 × 50 + 50 = 75.
        let both = try AQIStandard.china2012.index(from: [reading(.so2, .hour1, 900), reading(.so2, .hours24, 100)])
        #expect(both.value == 75)
        #expect(both.subIndices.map(\.period) == [.hours24])
        // Alone: no IAQI (not 200, the 2026 rule); the error names the 24-hour value.
        #expect(throws: AQIError.self) { try AQIStandard.china2012.index(from: [reading(.so2, .hour1, 900)]) }
        // Beside PM2.5 24-h 50 (→ 50/40 × 15 + 50 = 68.75 → 69) SO2 is left out, with a note.
        let mixed = try AQIStandard.china2012.index(from: [reading(.so2, .hour1, 900), reading(.pm2_5, .hours24, 50)])
        #expect(mixed.value == 69)
        #expect(mixed.notes.first?.needs == .hours24)
        #expect(mixed.notes.first?.text.contains("Table 1 note 2") == true)
    }

    @Test func china2012ReportsOzoneFromTheHour() throws {
        // O3 8-h 900 with 1-h 500 µg/m³: the 1-h value, 100/400 × 100 + 200 = 225.
        let both = try AQIStandard.china2012.index(from: [reading(.o3, .hours8, 900), reading(.o3, .hour1, 500)])
        #expect(both.value == 225)
        #expect(both.subIndices.map(\.period) == [.hour1])
        #expect(throws: AQIError.self) { try AQIStandard.china2012.index(from: [reading(.o3, .hours8, 900)]) }
    }

    @Test func china2026FixesTheOverflowValues() throws {
        // 2026 Table 3 note b: SO2 1-h above 800 → IAQI 200; note c: O3 8-h above 800 → IAQI 300.
        let so2 = try AQIStandard.china.index(from: [reading(.so2, .hour1, 900)])
        #expect(so2.value == 200)
        #expect(so2.notes.first?.text.contains("note b") == true)
        #expect(try AQIStandard.china.index(from: [reading(.o3, .hours8, 900)]).value == 300)
    }

    @Test func china2012RealTimeAddsTheDailySulfurDioxideAboveEightHundred() throws {
        // 23 hours at 100 and a current hour at 900 µg/m³: 24-h mean (2300 + 900) / 24 = 133.3
        // → 50/100 × 83.3 + 50 = 91.67 → 92; the 1-h value gets no IAQI.
        let readings = AQIStandard.china2012.readings(from: HourlySeries([.so2: Array(repeating: 100, count: 23) + [900]]))
        #expect(readings.map(\.period) == [.hour1, .hours24])
        let index = try AQIStandard.china2012.index(from: readings)
        #expect(index.value == 92)
        // Below 800 only the 1-hour value is read, as the real-time report asks.
        #expect(AQIStandard.china2012.readings(from: HourlySeries([.so2: [100, 700]])).map(\.period) == [.hour1])
    }

    // MARK: 4. China real-time PM
    // HJ 633-2026: the real-time report (实时报) uses the six 1-hour means, 1-hour PM10 and PM2.5
    // indexed with the 24-hour column of Table 3.

    @Test func chinaRealTimeParticles() throws {
        // PM2.5 1-h 50 µg/m³ on the 2026 24-h column: 50/25 × 15 + 50 = 80; the note says so.
        let index = try AQIStandard.china.index(from: [reading(.pm2_5, .hour1, 50)])
        #expect(index.value == 80)
        #expect(index.subIndices.first?.period == .hour1)
        #expect(index.notes.first?.text == "PM2.5 1-h value indexed on the 24-hour column, as the HJ 633-2026 real-time report does")
        #expect(AQIStandard.china.periods(for: .pm2_5) == [.hour1, .hours24])
        #expect(AQIStandard.china2012.periods(for: .pm2_5) == [.hours24])
        // The provider path gives the same sub-index for the same hour.
        let provider = try AQIStandard.china.index(from: AQIStandard.china.readings(from: HourlySeries([.pm2_5: [10, 50]])))
        #expect(provider.subIndices == index.subIndices)
    }

    // MARK: 5. Reference conditions
    // Directive 2008/50/EC Annex VI C: "For gaseous pollutants, the volume must be standardised at
    // a temperature of 293 K and an atmospheric pressure of 101,3 kPa." Defra: 1 ppb NO2 =
    // 1.9125 µg/m³ (20 °C). 40 CFR 50.3: "a reference temperature of 25 °C and a reference
    // pressure of 760 millimeters of mercury".

    @Test func euConvertsAtTwentyDegrees() throws {
        // NO2 31.4 ppb: × 1.9130 = 60.07 µg/m³ → band 4 Poor (above 60). At 25 °C it would be
        // 31.4 × 1.8804 = 59.04 → band 3.
        let index = try AQIStandard.eu.index(from: [reading(.no2, .hour1, 31.4, .ppb)])
        #expect(index.value == 4)
        let conversion = try #require(index.subIndices.first?.conversion)
        #expect(conversion.value == 31.4 && conversion.unit == .ppb)
        #expect(conversion.conditions == ReferenceConditions(kelvin: 293, kilopascals: 101.3))
        #expect((conversion.microgramsPerPPB * 10_000).rounded() / 10_000 == 1.9130)
    }

    @Test func ukConvertsAtTwentyDegrees() throws {
        // NO2 105 ppb × 1.9125 = 200.81 → 201 µg/m³ → index 4 (201–267). At 25 °C: 197.4 → 197 → 3.
        let index = try AQIStandard.uk.index(from: [reading(.no2, .hour1, 105, .ppb)])
        #expect(index.value == 4)
        #expect(index.subIndices.first?.concentration == 201)
        #expect(index.subIndices.first?.conversion?.conditions == .celsius20)
    }

    @Test func usProviderValuesRecordTheirConversion() throws {
        // NO2 94.1 µg/m³ from a provider → × 24.4654 / 46.0055 = 50.04 ppb → 50 → 50/53 × 50 = 47.2 → 47.
        let index = try AQIStandard.us.index(from: [reading(.no2, .hour1, 94.1)])
        #expect(index.value == 47)
        let conversion = try #require(index.subIndices.first?.conversion)
        #expect(conversion.unit == .microgramsPerCubicMetre && conversion.conditions == .celsius25)
        // PM needs no conversion and records none.
        #expect(try AQIStandard.us.index(from: [reading(.pm2_5, .hours24, 10)]).subIndices.first?.conversion == nil)
    }

    // MARK: 7. Beyond the scale
    // TAD 2024 footnote 4: "AQI values greater than 500 should be calculated using equation 1 and
    // the concentration specified for the AQI value of 500." AirNow names them "Beyond the AQI".

    @Test func beyondTheScale() throws {
        // US PM2.5 400: 199/99.9 × 174.5 + 301 = 648.6 → 649, "Beyond the AQI"; 325.4 is 500 Hazardous.
        let us = try AQIStandard.us.index(from: [reading(.pm2_5, .hours24, 400)])
        #expect(us.value == 649)
        #expect(us.category == AQICategory(id: "beyond_the_aqi", name: "Beyond the AQI", color: "#7E0023"))
        #expect(try AQIStandard.us.index(from: [reading(.pm2_5, .hours24, 325.4)]).category.name == "Hazardous")
        // HJ 633 defines no IAQI above the 500 breakpoint (PM2.5 500 µg/m³): 500, its top category, a note.
        let china = try AQIStandard.china2012.index(from: [reading(.pm2_5, .hours24, 501)])
        #expect(china.value == 500)
        #expect(china.category.name == "Severely Polluted")
        #expect(china.notes.contains { $0.text.contains("beyond the scale") })
        #expect(china.subIndices.first?.beyondTable == true)
        // India: Severe is open-ended ("250+"); above the calculator's 380 it stays 500 Severe.
        let india = try AQIStandard.india.index(from: [
            reading(.pm2_5, .hours24, 400), reading(.pm10, .hours24, 20), reading(.no2, .hours24, 10),
        ])
        #expect(india.value == 500)
        #expect(india.category.name == "Severe")
        #expect(india.notes.first?.text.contains("open-ended") == true)
    }

    // ECCC: "The AQHI is measured on a scale ranging from 1-10+".
    @Test func canadaStartsAtOne() throws {
        // All zero: the sum is 0 → shown as 1 Low Risk, with a note.
        let clean = try AQIStandard.canada.index(from: [
            reading(.no2, .hours3, 0, .ppb), reading(.o3, .hours3, 0, .ppb), reading(.pm2_5, .hours3, 0),
        ])
        #expect(clean.value == 1)
        #expect(clean.category.name == "Low Risk")
        #expect(clean.notes.map(\.text) == ["AQHI 0 is shown as 1: ECCC's scale runs from 1 to 10+"])
        // 1000/10.4 × (e^(0.000871 × 5) − 1) = 0.42 → rounds to 0 → 1.
        let low = try AQIStandard.canada.index(from: [
            reading(.no2, .hours3, 5, .ppb), reading(.o3, .hours3, 0, .ppb), reading(.pm2_5, .hours3, 0),
        ])
        #expect(low.value == 1)
    }
}
