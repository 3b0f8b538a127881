import BreatherJSON
import BreatherModel
import BreatherViewModel
import BreatherViews
import Foundation
import Testing

/// `sample()` (fetched 2026-11-18 11:06:40 UTC) with 24 forecast hours from 12:00 UTC: PM2.5
/// steady at 10 µg/m³ except `peak` at 17:00 UTC (offset 5).
func withForecast(peak: Double = 90, start: Timestamp = Timestamp(timeIntervalSince1970: 1_795_003_200)) -> CityConditions {
    var conditions = sample()
    var ahead: [Double?] = Array(repeating: 10, count: 24)
    ahead[5] = peak
    conditions.pollution?.forecast = HourlyForecast(start: start, series: HourlySeries([.pm2_5: ahead]))
    return conditions
}

@Suite("forecast: the worst of the next 24 hours under the chosen standard")
struct ForecastTests {
    @Test("the worst hour is found and named in the tooltip, the display strings and json forecast[]")
    func worstHour() async throws {
        let output = await render(withForecast(), standard: .eu)
        #expect(output.forecast.count == 24)
        let worst = try #require(output.forecast.max { $0.index.value < $1.index.value })
        #expect(Timestamp.rfc3339(worst.time) == "2026-11-18T17:00:00Z")
        #expect(output.forecast.filter { $0.index.value == worst.index.value }.count == 1)
        let expected = "EAQI \(worst.index.value) \(worst.index.category.name) at 17:00 UTC, PM2.5"
        #expect(output.forecastSummary == expected)
        #expect(output.details.contains("Next 24 h: " + expected), "\(output.details)")
        #expect(output.details.firstIndex(of: "Next 24 h: " + expected) == 2, "after the headline and the one pollutant line")
        let root = JSONCursor(try JSON.parse(JSONRenderer().render(output)))
        #expect(try root["forecast"].array().count == 24)
        #expect(try root["forecast"][0]["time"].string() == "2026-11-18T12:00:00Z")
        #expect(try root["forecast"][5]["aqi"].int() == worst.index.value)
        #expect(try root["forecast"][5]["category_id"].string() == worst.index.category.id)
        #expect(try root["forecast"][5]["main_pollutant"].string() == "pm2_5")
        #expect(try root["display"]["forecast"].string() == expected)
    }

    @Test("with a sensor's air now, json forecast[] rows and the summary name the model whose hours they are")
    func sensorFirstNamesTheModel() async throws {
        var conditions = withForecast()
        let model = try #require(conditions.pollution)
        conditions.pollution = Pollution(source: "purpleair", hourly: HourlySeries([.pm2_5: [150]])).filled(from: model)
        let output = await render(conditions, standard: .us)
        let root = JSONCursor(try JSON.parse(JSONRenderer().render(output)))
        #expect(try root["air_quality"]["source"].string() == "purpleair")
        #expect(try root["forecast"][0]["source"].string() == model.source)
        #expect(output.forecastSummary.hasSuffix(", \(model.source) forecast"), "\(output.forecastSummary)")
    }

    @Test("the same forecast under another standard gives that standard's index and categories")
    func perStandard() async {
        let us = await render(withForecast(), standard: .us)
        let china = await render(withForecast(), standard: .china)
        #expect(us.forecastSummary.hasPrefix("US AQI ") && us.forecastSummary.hasSuffix(", PM2.5"))
        #expect(us.forecast.map(\.index.standard).allSatisfy { $0 == .us })
        #expect(china.forecast.map(\.index.standard).allSatisfy { $0 == .china })
        #expect(us.forecastSummary != china.forecastSummary)
    }

    @Test("hours already past are not 'the next 24 h'; no forecast gives no line and an empty forecast[]")
    func pastAndMissing() async throws {
        let old = await render(withForecast(start: Timestamp(timeIntervalSince1970: 1_795_003_200 - 3 * 86_400)), standard: .eu)
        #expect(old.forecast.isEmpty && old.forecastSummary.isEmpty)
        let none = await render(sample(), standard: .eu)
        #expect(none.forecast.isEmpty)
        #expect(!none.details.contains { $0.hasPrefix("Next 24 h") })
        #expect(try JSONCursor(JSON.parse(JSONRenderer().render(none)))["forecast"].array().isEmpty)
    }

    @Test("the rolling means roll into the forecast: the US NowCast rises hour by hour into a dirtier forecast")
    func rollingMeans() {
        var pollution = Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: Array(repeating: 5, count: 24)]))
        pollution.forecast = HourlyForecast(start: Timestamp(timeIntervalSince1970: 3600),
                                            series: HourlySeries([.pm2_5: Array(repeating: 60, count: 24)]))
        let hours = Format.forecast(pollution, standard: .us, now: Timestamp(timeIntervalSince1970: 0))
        #expect(hours.count == 24)
        let values = hours.map(\.index.value)
        #expect(values == values.sorted(), "each hour adds a dirtier hour to the mean: \(values)")
        #expect(values.last! > values.first!)
    }

    @Test("an asthma outlook shows under the asthma line, in display and in json")
    func asthmaOutlook() async throws {
        var conditions = sample()
        conditions.asthma = Asthma(risk: .low, source: "estimate", method: "estimate from Canada's AQHI",
                                   outlook: AsthmaOutlook(risk: .high, at: Timestamp(timeIntervalSince1970: 1_795_003_200 + 6 * 3600)))
        let output = await render(conditions)
        #expect(output.asthmaOutlook == "high from 18:00 UTC")
        let line = try #require(output.details.firstIndex { $0.hasPrefix("Asthma risk: low") })
        #expect(output.details[line] == "Asthma risk: low (estimate from Canada's AQHI)", "the method names the estimate once")
        #expect(output.details[line + 1] == "  next 24 h: high from 18:00 UTC")
        let root = JSONCursor(try JSON.parse(JSONRenderer().render(output)))
        #expect(try root["asthma"]["outlook"]["risk"].string() == "high")
        #expect(try root["asthma"]["outlook"]["at"].string() == "2026-11-18T18:00:00Z")
        #expect(try root["display"]["asthma_outlook"].string() == "high from 18:00 UTC")
        #expect(JSONCursor(try JSON.parse(JSONRenderer().render(await render(sample())))) ["asthma"]["outlook"].isNull)
    }
}
