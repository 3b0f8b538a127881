import BreatherTestSupport
import Foundation
import Testing

@Suite("breather aqi: the offline calculator")
struct CalculatorTests {
    @Test("US: every sub-index, the highest sets index, category, colour and main pollutant")
    func usPlain() async throws {
        // PM2.5 40 → 49/19.9×4.5+101 = 112.08 → 112; O3 0.078 ppm → 49/0.014×0.007+101 = 125.5 → 126;
        // NO2 120 ppb → 49/259×19+101 = 104.6 → 105.
        let result = try await Sandbox().run(["aqi", "--standard", "us", "pm2_5=40", "o3=0.078ppm", "no2:1h=120ppb"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            US EPA (2024): 126 Unhealthy for Sensitive Groups (#FF7E00)
            Main pollutant: O3
              PM2.5 24h: 40 ug/m3 -> 112
              O3 8h: 0.078 ppm -> 126
              NO2 1h: 120 ppb -> 105

            """)
    }

    @Test("a tie names every pollutant at the top; India CO in mg/m3")
    func tieAndCOUnits() async throws {
        // PM2.5 35.4 and PM10 154 are both the top edge of Moderate: 100 each.
        let tie = try await Sandbox().run(["aqi", "pm2_5=35.4", "pm10=154"])
        #expect(tie.status == 0, "\(tie.stderr)")
        #expect(tie.stdout.hasPrefix("US EPA (2024): 100 Moderate (#FFFF00)\nMain pollutant: PM2.5, PM10\n"))
        // NAQI CO 8-h 1.1–2.0 mg/m³ → 51–100: 49/0.9×0.4+51 = 72.8 → 73 (PM10 and NO2 make the required 3).
        let india = try await Sandbox().run(["aqi", "--standard", "india", "co=1.5mg/m3", "pm10=20", "no2=10"])
        #expect(india.status == 0, "\(india.stderr)")
        #expect(india.stdout.hasPrefix("India NAQI (CPCB): 73 Satisfactory (#92D050)\nMain pollutant: CO\n"))
        #expect(india.stdout.contains("CO 8h: 1.5 mg/m3 -> 73"))
    }

    @Test("--format json prints the same air_quality object as the main json output")
    func chinaJSON() async throws {
        // HJ 633-2026 CO 24-h 3 mg/m³ → 50/2×1+50 = 75; SO2 24-h 40 µg/m³ → 50/50×(40-0)+0 = 40.
        let result = try await Sandbox().run(["aqi", "--standard", "china", "--format", "json", "co=3mg/m3", "so2=40"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["aqi"] as? Int == 75)
        #expect(object["category"] as? String == "Good")
        #expect(object["color"] as? String == "#FFFF00")
        #expect(object["main_pollutant"] as? String == "co")
        #expect(object["computed"] as? Bool == true)
        #expect(object["source"] as? String == "calculator")
        let subs = try #require(object["sub_indices"] as? [[String: Any]])
        #expect(subs.map { $0["pollutant"] as? String } == ["co", "so2"])
        #expect(subs.map { $0["index"] as? Int } == [75, 40])
        #expect(subs.first?["period"] as? String == "24h")
        #expect(subs.first?["unit"] as? String == "mg/m3")
    }

    @Test("UK DAQI with SO2 in ppb at its 15-minute default, converted at Defra's 20 °C")
    func ukPpb() async throws {
        // SO2 100 ppb × 64.0638/24.0551 (20 °C, 101.325 kPa) = 266.32 → rounded 266 µg/m³ → band 3
        // (178–266); PM10 60 → 5.
        let result = try await Sandbox().run(["aqi", "--standard", "uk", "so2=100ppb", "pm10=60"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("UK DAQI: 5 Moderate (#FFCF00)\nMain pollutant: PM10\n"))
        #expect(result.stdout.contains(
            "SO2 15min: 266 ug/m3 (from 100 ppb at 20 °C, 101.325 kPa: 1 ppb SO2 = 2.6632 ug/m3) -> 3"))
    }

    @Test("json shows the conversion at the standard's reference conditions")
    func conversionInJSON() async throws {
        // Defra: 1 ppb NO2 = 1.9125 µg/m³ at 20 °C. 105 ppb × 1.9125 = 200.81 → 201 µg/m³ → 4 (201–267);
        // at 25 °C it would be 197 → 3.
        let result = try await Sandbox().run(["aqi", "--standard", "uk", "--format", "json", "no2=105ppb"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["aqi"] as? Int == 4)
        let sub = try #require((object["sub_indices"] as? [[String: Any]])?.first)
        #expect(sub["concentration"] as? Double == 201)
        let conversion = try #require(sub["conversion"] as? [String: Any])
        #expect(conversion["from_value"] as? Double == 105)
        #expect(conversion["from_unit"] as? String == "ppb")
        #expect(conversion["temperature_k"] as? Double == 293.15)
        #expect(conversion["pressure_kpa"] as? Double == 101.325)
        let factor = try #require(conversion["ug_m3_per_ppb"] as? Double)
        #expect((factor * 10_000).rounded() / 10_000 == 1.9125)
        #expect(object["notes"] as? [String] == [])
    }

    @Test("json notes carry the footnote rule that left a reading out")
    func notesInJSON() async throws {
        // HJ 633-2012 Table 1 note 2: SO2 1-h above 800 µg/m³ has no IAQI; the 24-h value
        // 100 µg/m³ gives 50/100 × 50 + 50 = 75.
        let result = try await Sandbox().run(["aqi", "--standard", "china-2012", "--format", "json", "so2:1h=900", "so2:24h=100"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["aqi"] as? Int == 75)
        #expect((object["sub_indices"] as? [[String: Any]])?.map { $0["period"] as? String } == ["24h"])
        #expect(object["notes"] as? [String] == ["SO2 1-h 900 µg/m³ is above 800 µg/m³: no IAQI from it; SO2 is reported "
            + "from its 24-hour value (HJ 633-2012 Table 1 note 2)"])
    }

    @Test("China real-time 1-hour PM is indexed on the 24-hour column and says so")
    func chinaOneHourParticles() async throws {
        // HJ 633-2026 real-time report: PM2.5 1-h 50 µg/m³ on the 24-h column, 50/25 × 15 + 50 = 80.
        let result = try await Sandbox().run(["aqi", "--standard", "china", "pm2_5:1h=50"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            China HJ 633-2026: 80 Good (#FFFF00)
            Main pollutant: PM2.5
              PM2.5 1h: 50 ug/m3 -> 80
            Note: PM2.5 1-h value indexed on the 24-hour column, as the HJ 633-2026 real-time report does

            """)
    }

    @Test("beyond the scale: the US number is extrapolated and says Beyond the AQI")
    func beyondTheAQI() async throws {
        // TAD 2024 footnote 4: PM2.5 400 → 199/99.9 × 174.5 + 301 = 648.6 → 649.
        let result = try await Sandbox().run(["aqi", "pm2_5=400"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("US EPA (2024): 649 Beyond the AQI (#7E0023)\n"))
        let zero = try await Sandbox().run(["aqi", "pm2_5=-0"])
        #expect(zero.stdout.contains("PM2.5 24h: 0 ug/m3 -> 0"))
    }

    @Test("US O3 8-h above 0.200 ppm alone: the floor, and a note that the 1-hour value decides")
    func ozoneEightHourAlone() async throws {
        let result = try await Sandbox().run(["aqi", "o3=0.25ppm"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("US EPA (2024): 301 Hazardous (#7E0023)\n"))
        #expect(result.stdout.contains("\nNote: O3 8-h 0.25 ppm is above 0.200 ppm: 8-hour values do not define index "
            + "values of 301 and above (TAD 2024 Table 6), so at least 301 is shown; the 1-hour value decides the upper range\n"))
    }

    @Test("bad input exits 64 with the valid choices", arguments: [
        (["pm2_5=12ppt"], "valid units: ug/m3, mg/m3, ppb, ppm"),
        (["pm1=12"], "valid pollutants: pm2_5, pm10, o3, no2, so2, co"),
        (["o3:2h=12"], "valid periods: 15min, 1h, 3h, 8h, 24h"),
        (["pm2_5:1h=12"], "valid periods: 24h"),
        (["pm10=-3"], "cannot be negative"),
        (["pm10=lots"], "no numeric value"),
        (["pm2_5=inf"], "'pm2_5=inf': the value must be a finite decimal number such as 35.5"),
        (["pm2_5=nan"], "'pm2_5=nan': the value must be a finite decimal number such as 35.5"),
        (["pm2_5=1e400"], "'pm2_5=1e400': the value must be a finite decimal number such as 35.5"),
        (["pm2_5=3", "pm10=4", "pm2_5=5"], "pm2_5:24h given twice"),
        (["pm2_5=5ppb"], "PM2.5 cannot be converted from ppb (particles have no molecular weight); use ug/m3 or mg/m3"),
        // Issue 15: footnote rules that need the other averaging period, and input hygiene.
        (["o3:1h=0.1ppm"], "O3 1-h 0.1 ppm is below 0.125 ppm, where the 1-hour table starts (TAD 2024 Table 6): "
            + "below it the 8-hour mean gives the O3 index; give o3:8h"),
        (["o3:1h=0.06ppm", "pm2_5=12"], "O3 1-h 0.06 ppm is below 0.125 ppm"),
        (["--standard", "china-2012", "so2:1h=900"], "no IAQI from it; SO2 is reported from its 24-hour value "
            + "(HJ 633-2012 Table 1 note 2); give so2:24h"),
        (["--standard", "china-2012", "o3:8h=900", "pm10=40"], "(HJ 633-2012 Table 1 note 3); give o3:1h"),
        (["--standard", "china-2012", "pm2_5:1h=50"], "valid periods: 24h"),
        (["pm2_5=12\u{1B}[31m"], "'pm2_5=12<U+001B>[31m' holds the invisible character U+001B"),
        (["pm2_5=1,000"], "'pm2_5=1,000': no digit separators or decimal commas"),
        // Beyond physical sense: refused in one line, not clamped to an index of a billion.
        (["pm2_5=1e12"], "PM2.5 1000000000000 µg/m³ is beyond anything measured in air (at most 10000 µg/m³)"),
        (["co=20000mg/m3"], "CO 20000000 µg/m³ is beyond anything measured in air"),
        (["--standard", "canada", "o3=30ppb", "no2=20ppb"], "needs NO2, O3 and PM2.5 together; give o3, no2 and pm2_5"),
        ([], "give at least one reading"),
    ])
    func badInput(arguments: [String], message: String) async throws {
        let result = try await Sandbox().run(["aqi"] + arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test("CO that looks like the wrong unit: one warning line, and the index is still computed")
    func carbonMonoxideUnitWarning() async throws {
        let result = try await Sandbox().run(["aqi", "co=5000ppm", "pm2_5=10"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("US EPA (2024): 49996 Beyond the AQI (#7E0023)\nMain pollutant: CO\n"))
        #expect(result.stderr == "breather aqi: warning: 'co=5000ppm' is 5724 mg/m3, more than the top of every CO index table; "
                + "it looks like the wrong unit (ppb?)\n")
        let plausible = try await Sandbox().run(["aqi", "co=5ppm"])
        #expect(plausible.status == 0)
        #expect(plausible.stderr.isEmpty)
    }

    @Test("Canada AQHI: a sum of terms, so no main pollutant and no fake sub-indices")
    func canadaTerms() async throws {
        // 1000/10.4 × [(e^(0.000871×20) − 1) + (e^(0.000537×30) − 1) + (e^(0.000487×10) − 1)] = 1.69 + 1.56 + 0.47 = 3.72 → 4.
        let readings = ["aqi", "--standard", "canada", "o3=30ppb", "no2=20ppb", "pm2_5=10"]
        let plain = try await Sandbox().run(readings)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout == """
            Canada AQHI: 4 Moderate Risk (#FFFF00)
            AQHI from 3-h means of NO2, O3, PM2.5 (a sum of terms: no main pollutant, no sub-indices)
              NO2 3h: 20 ppb adds 1.69
              O3 3h: 30 ppb adds 1.56
              PM2.5 3h: 10 ug/m3 adds 0.47

            """)
        let json = try await Sandbox().run(readings + ["--format", "json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["aqi"] as? Int == 4)
        #expect(object["main_pollutant"] is NSNull)
        let terms = try #require(object["sub_indices"] as? [[String: Any]])
        #expect(terms.map { $0["pollutant"] as? String } == ["no2", "o3", "pm2_5"])
        #expect(terms.allSatisfy { $0["index"] is NSNull })
        let contributions = terms.compactMap { $0["contribution"] as? Double }
        #expect(contributions.map { ($0 * 100).rounded() / 100 } == [1.69, 1.56, 0.47])
    }
}
