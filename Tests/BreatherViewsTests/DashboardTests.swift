import BreatherModel
import BreatherViewModel
import BreatherViews
import Foundation
import Testing

/// 31 days of hourly indices ending at `sample()`'s fetch hour: a day's pattern rising from 20
/// at night to `20 + day` in the afternoon, so each day's highest differs.
func monthOfIndices() -> IndexHistory {
    let hours = DashboardHistory.hoursRead
    let lastHour = 1_795_000_000 / 3600 * 3600
    let start = Timestamp(timeIntervalSince1970: Double(lastHour - (hours - 1) * 3600))
    let hourly: [Int?] = (0..<hours).map { hour in
        hour % 24 == 7 ? nil : 20 + (hour % 24 < 12 ? hour % 24 : 24 - hour % 24) * (1 + hour / 24) / 2
    }
    return IndexHistory(start: start, hourly: hourly)
}

@Suite("the dashboard page and the svg chart")
struct DashboardTests {
    @Test("one self-contained page: no script, no link, no address to fetch; reloads at the interval; light and dark; phone width")
    func selfContained() async {
        let output = await render(withForecast())
        let page = HTMLRenderer(history: .build(monthOfIndices(), standard: .us, localTime: .utc), refreshSeconds: 600).render(output)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        for forbidden in ["<script", "<link", "src=", "href=", "http:", "https:", "url(", "@import", "@font-face"] {
            #expect(!page.contains(forbidden), "\(forbidden)")
        }
        #expect(page.contains("<meta http-equiv=\"refresh\" content=\"600\">"))
        #expect(page.contains("default-src 'none'"), "the browser itself refuses anything from elsewhere")
        #expect(page.contains("@media (prefers-color-scheme:dark)"))
        #expect(page.contains("name=\"viewport\" content=\"width=device-width, initial-scale=1\""))
        #expect(page.contains("@media print"))
        #expect(!HTMLRenderer().render(output).contains("http-equiv=\"refresh\""), "no reload unless asked")
    }

    @Test("now: the index in its colour with its word, the main pollutant, the weather, the asthma risk, as json has them")
    func now() async {
        let output = await render(sample())
        let page = HTMLRenderer().render(output)
        #expect(page.contains("background:#FFFF00;color:#000000\" id=\"aqi\" data-category=\"moderate\">57</span>"), "yellow, black ink")
        #expect(page.contains("<span class=\"word\" id=\"category\">Moderate</span>"))
        #expect(page.contains("<b id=\"main-pollutant\">PM2.5</b>"))
        #expect(page.contains("<dd id=\"temperature\">12°C</dd>") && page.contains("<dd id=\"humidity\">40%</dd>"))
        #expect(page.contains("id=\"asthma-risk\">medium</span>") && page.contains("id=\"asthma-probability\">63%</span>"))
        #expect(!page.contains("id=\"indoor-aqi\""), "no indoor card without an indoor sensor")
    }

    @Test("indoor beside outdoor when an indoor sensor reads")
    func indoor() async {
        var conditions = sample()
        conditions.indoor = SensorReading(source: "airgradient", pm2_5: 40, co2PPM: 1520, humidity: 76.3)
        let page = HTMLRenderer().render(await render(conditions))
        #expect(page.contains("id=\"indoor-aqi\">112</span> <span class=\"word\">Unhealthy for Sensitive Groups</span>"), "\(page)")
        #expect(page.contains("<b id=\"co2\">1520 ppm</b>"))
        #expect(page.contains("indoor beside outdoor 57 Moderate"))
    }

    @Test("a place named like markup shows as text, in the page and in the svg", arguments: ["<img src=x onerror=alert(1)>", "<script>alert(1)</script>", hostileName])
    func escaping(name: String) async {
        let output = await render(withForecast(), standard: .us)
        var named = output
        named.city = name
        let page = HTMLRenderer(history: .build(monthOfIndices(), standard: .us, localTime: .utc)).render(named)
        let escaped = name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
        #expect(page.contains("<h1 id=\"city\">\(escaped)</h1>"))
        #expect(page.contains("<title>Breather · \(escaped)</title>"))
        #expect(!page.contains("<img") && !page.contains("<script"))
        let svg = SVGRenderer(chart: .forecast).render(named)
        #expect(svg.contains(escaped) && !svg.contains("<img") && !svg.contains("<script"))
    }

    @Test("the last 48 hours and 30 days: a bar each in its category's colour, a word in each tooltip, the standard's bands named")
    func history() async throws {
        let output = await render(sample())
        let history = DashboardHistory.build(monthOfIndices(), standard: .us, localTime: .utc)
        let page = HTMLRenderer(history: history).render(output)
        let hours = try #require(page.components(separatedBy: "<section id=\"hours\">").last?.components(separatedBy: "</section>").first)
        let days = try #require(page.components(separatedBy: "<section id=\"days\">").last?.components(separatedBy: "</section>").first)
        // A bar is a rect with a tooltip naming its time, value and category.
        #expect(hours.components(separatedBy: "stroke-width=\"0.5\"><title>").count - 1 == history.hours.compactMap(\.value).count)
        #expect(days.components(separatedBy: "stroke-width=\"0.5\"><title>").count - 1 == 30)
        let last = try #require(history.hours.last)
        #expect(hours.contains("<title>\(last.label): \(last.text) \(last.category!.name)</title>"))
        #expect(hours.contains("<title>Good: 0–50</title>") && hours.contains("<title>Moderate: 51–100</title>"), "the bands drawn")
        #expect(hours.contains("<i style=\"background:#00E400\"></i>Good</span>"), "the legend has the words")
        #expect(hours.contains("class=\"chart wide\"") && hours.contains("class=\"chart narrow\""), "a copy for a phone's width")
        #expect(!page.contains("No history recorded"))
        let none = HTMLRenderer().render(output)
        #expect(none.contains("No history recorded here yet") && !none.contains("<section id=\"hours\">"))
    }

    @Test("the days ahead: the forecast band, the days' worst hours with their words, pollen by species, UV")
    func ahead() async throws {
        var conditions = withForecast()
        conditions.pollution?.pollen = [.grass: 61, .birch: 12]
        let output = await render(conditions)
        let page = HTMLRenderer().render(output)
        let forecast = try #require(page.components(separatedBy: "<section id=\"forecast\">").last?.components(separatedBy: "</section>").first)
        #expect(forecast.components(separatedBy: "stroke-width=\"0.5\"><title>").count - 1 == output.forecast.count)
        let ahead = try #require(page.components(separatedBy: "<section id=\"ahead\">").last?.components(separatedBy: "</section>").first)
        #expect(ahead.contains("<th scope=\"row\">2026-11-18</th>"))
        #expect(ahead.contains("<li><span>grass</span> <b>61</b> <span class=\"level high\">high</span></li>"), "\(ahead)")
    }

    @Test("markers (the breathing log's, later) are drawn on the 30-day chart with their words")
    func markers() async {
        let history = DashboardHistory.build(monthOfIndices(), standard: .us, localTime: .utc)
        let marker = DashboardMarker(time: history.days[20].time.addingTimeInterval(3600), text: "reliever <×2>")
        let page = HTMLRenderer(history: history, markers: [marker]).render(await render(sample()))
        #expect(page.contains("class=\"marker\"><title>reliever &lt;×2&gt;</title></line>"))
    }

    @Test("the page with 30 days of history stays small", arguments: [AQIStandard.us, .uk, .canada])
    func size(standard: AQIStandard) async {
        let output = await render(withForecast(), standard: standard)
        let page = HTMLRenderer(history: .build(monthOfIndices(), standard: standard, localTime: .utc), refreshSeconds: 600).render(output)
        #expect(page.utf8.count < 100_000, "\(page.utf8.count) bytes")
    }

    @Test("svg: a standalone image of its size, the last 24 hours or the forecast, labels only when big enough")
    func svg() async {
        let output = await render(withForecast())
        let history = DashboardHistory.build(monthOfIndices(), standard: .us, localTime: .utc)
        let past = SVGRenderer(chart: .history, history: history, width: 300, height: 100).render(output)
        #expect(past.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"300\" height=\"100\" viewBox=\"0 0 300 100\""))
        #expect(past.components(separatedBy: "stroke-width=\"0.5\"><title>").count - 1 == history.hours.suffix(24).compactMap(\.value).count)
        #expect(past.contains("<text"), "labelled at 100 px")
        let ahead = SVGRenderer(chart: .forecast, width: 96, height: 24).render(output)
        #expect(ahead.matches(of: /<rect [^>]* fill="#[0-9A-F]{6}"><title>/).count == 24, "24 bars, crisp: no stroke")
        #expect(!ahead.contains("<text"), "too small for labels")
        #expect(!past.contains("currentColor"), "an image has fixed colours: no stylesheet reaches it")
    }

    @Test("svg at bar size (120 × 40): no text, each hour a crisp bar in its category's colour on whole pixels, one pixel apart")
    func svgBarSized() async {
        let history = DashboardHistory.build(monthOfIndices(), standard: .us, localTime: .utc)
        let small = SVGRenderer(chart: .history, history: history, width: 120, height: 40).render(await render(sample()))
        #expect(!small.contains("<text"))
        let bars = small.matches(of: /<rect x="([^"]+)" y="([^"]+)" width="([^"]+)" height="([^"]+)" fill="(#[0-9A-F]{6})"><title>/)
        #expect(bars.count == history.hours.suffix(24).compactMap(\.value).count)
        for bar in bars {
            let x = Int(bar.output.1), y = Int(bar.output.2), height = Int(bar.output.4)
            #expect(x.map { $0 % 5 == 0 } == true && bar.output.3 == "4" && y != nil && height != nil, "\(bar.output.0)")
        }
        #expect(bars.map { String($0.output.5) } == history.hours.suffix(24).compactMap { $0.category?.color.uppercased() },
                "each hour in its category's colour")
    }

    @Test("svg: the title, what a screen reader says, is words: no data yet and why, no reading at a place, the index and its staleness")
    func svgTitle() async throws {
        func title(_ svg: String) throws -> String {
            let start = try #require(svg.range(of: "<title>")), end = try #require(svg.range(of: "</title>"))
            return String(svg[start.upperBound..<end.lowerBound])
        }
        let none = SVGRenderer().render(await render(nil))
        #expect(try title(none) == "US AQI: no data yet (open-meteo air: HTTP 503); last 24 hours: no hours to show")
        #expect(!none.contains("unavailable"), "\(none)")
        var weatherOnly = sample()
        weatherOnly.pollution = nil
        #expect(try title(SVGRenderer(chart: .forecast).render(await render(weatherOnly)))
                == "US AQI: no reading at Brooklyn; forecast, next 24 hours: no hours to show")
        let history = DashboardHistory.build(monthOfIndices(), standard: .us, localTime: .utc)
        #expect(try title(SVGRenderer(history: history).render(await render(sample()))) == "US AQI 57 Moderate at Brooklyn; last 24 hours")
        #expect(try title(SVGRenderer(chart: .forecast).render(await render(withForecast(), afterFailure: true)))
                == "US AQI 57 Moderate at Brooklyn, stale, updated 15 min ago; forecast, next 24 hours")
    }
}

@Suite("the dashboard when something failed")
struct DashboardFailureTests {
    @Test("stale data says so in the header; a failure before any data shows its error as text, every part 'unavailable'")
    func failures() async {
        let stale = HTMLRenderer().render(await render(sample(), afterFailure: true))
        #expect(stale.contains("<strong class=\"stale\" id=\"staleness\">stale, updated 15 min ago</strong>"))
        #expect(stale.contains("<p class=\"error\" id=\"error\">open-meteo air: HTTP 503"))
        let none = HTMLRenderer().render(await render(nil, failure: ProviderFailure(provider: "open-meteo", part: .air, kind: .unavailable,
                                                                                   message: "<b>bad</b> gateway")))
        #expect(none.contains("id=\"aqi\" data-category=\"unavailable\">unavailable</span>"))
        #expect(none.contains("&lt;b&gt;bad&lt;/b&gt; gateway") && !none.contains("<b>bad"))
    }
}
