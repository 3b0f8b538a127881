import BreatherJSON
import BreatherModel
import BreatherViewModel
import BreatherViews
import Testing

@Suite("What to do now, everywhere a user looks")
struct AdviceOutputTests {
    static let now = Timestamp(timeIntervalSince1970: 1_795_000_000)

    /// Smoke outside (PM2.5 120 µg/m³, 92 % of PM10) and CO2 1650 ppm indoors, read just now.
    static func smokyEvening(ozoneForecast: Bool = false) -> CityConditions {
        var hourly: [Pollutant: [Double?]] = [.pm2_5: Array(repeating: 120, count: 24), .pm10: Array(repeating: 130, count: 24)]
        hourly[.o3] = Array(repeating: 40, count: 24)
        // Now is 2026-11-18 11:06:40 UTC. The forecast from 12:00: smoke (120) to 20:00, clear (8) from 21:00.
        let clearing = (0..<24).map { $0 < 9 ? 120.0 : 8 }
        let forecast = HourlyForecast(start: Timestamp(timeIntervalSince1970: 1_795_000_000 - 400 + 3600),
                                      series: HourlySeries([.pm2_5: clearing, .o3: Array(repeating: 40, count: 24)]))
        var conditions = sample()
        conditions.pollution = Pollution(source: "open-meteo", observedAt: now, hourly: HourlySeries(hourly), forecast: forecast)
        conditions.indoor = SensorReading(source: "airgradient", observedAt: now, pm2_5: 6, co2PPM: 1_650)
        return conditions
    }

    @Test("bar word, tooltip, json advice{}, {advice} and {best_hours}, Prometheus")
    func everywhere() async throws {
        let output = await render(Self.smokyEvening())
        let advice = try #require(output.advice)
        #expect(advice.action == .ventilateBriefly && advice.smoke)
        #expect(output.barTextCompact.hasSuffix(" · air briefly"), "\(output.barTextCompact)")
        let line = "Advice: air briefly, then close: CO2 1650 ppm, smoke likely (PM2.5 120 µg/m³, 92% of PM10), outdoor PM2.5 120 µg/m³ until 21:00"
        #expect(output.details.contains(line), "\(output.details)")
        // Waking hours (07–22) in the 24 from 11:06: today 11–20 smoky (PM2.5 120, first at
        // 11:00), 21:00 clear (a 1-hour run); tomorrow 07, 08, 09, 10, 11 clear (the 11:00 hour
        // starts before 11:06): the 5-hour run 07–12 wins.
        #expect(output.bestHours?.summary == "Outside: best 07–12 (PM2.5 peaks 11:00)", "\(String(describing: output.bestHours))")
        let json = JSONCursor(try JSON.parse(JSONRenderer().render(output)))
        #expect(try json["advice"]["action"].string() == "ventilate_briefly")
        #expect(try json["advice"]["smoke"].bool() == true)
        #expect(try json["advice"]["reasons"][0].string() == "CO2 1650 ppm")
        #expect(try json["advice"]["best_hours"]["start"].string() == "2026-11-19T07:00:00Z")
        let template = try TemplateRenderer("{advice}|{best_hours}").render(output)
        #expect(template.hasPrefix("air briefly, then close: CO2 1650 ppm, smoke likely") && template.hasSuffix("|Outside: best 07–12 (PM2.5 peaks 11:00)"))
        let metrics = PrometheusRenderer().render(output)
        #expect(metrics.contains(#"advice="ventilate_briefly"} 1"#), "\(metrics)")
        #expect(metrics.contains(#"advice="ventilate"} 0"#))
        #expect(metrics.contains("breather_smoke_likely{"))
    }

    @Test("a good day: no advice word in the bar, no advice line in the tooltip; json still says ventilate")
    func quietDay() async throws {
        let output = await render(sample())
        #expect(output.advice?.action == .ventilate && output.advice?.matters == false)
        #expect(output.barTextCompact == "US AQI 57 Moderate · 12°C · asthma med")
        #expect(!output.details.contains { $0.hasPrefix("Advice") })
        let json = JSONCursor(try JSON.parse(JSONRenderer().render(output)))
        #expect(try json["advice"]["action"].string() == "ventilate")
        #expect(json["advice"]["best_hours"].isNull, "no forecast, no best hours")
    }
}
