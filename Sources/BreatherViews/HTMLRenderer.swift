import BreatherModel
import BreatherViewModel

/// `--format html`, `breather dashboard`: one self-contained page (inline CSS and SVG, no
/// script, no font, nothing fetched) with the conditions now, the last 48 hours and 30 days
/// from the history store and the days ahead. It reads only what it is given: the view
/// model's `Output`, the history's bars and the markers; every text is escaped.
public struct HTMLRenderer: Renderer {
    /// The past, read from the history store by the caller; `.none` draws no history charts.
    public var history: DashboardHistory
    /// Marks on the 30-day chart: the breathing log's bad days and reliever use, only when the
    /// user asks for them (`[log] dashboard = true`); empty otherwise.
    public var markers: [DashboardMarker]
    /// The page reloads itself this often (the daemon's interval); nil: no reload.
    public var refreshSeconds: Int?
    /// Every place in config order when there are several (`[[place]]`), the page's own among
    /// them; empty (or one) draws the one-place page.
    public var places: [DashboardPlace] = []

    /// A page of `history` with `markers`, reloading every `refreshSeconds`.
    public init(history: DashboardHistory = .none, markers: [DashboardMarker] = [], refreshSeconds: Int? = nil) {
        self.history = history
        self.markers = markers
        self.refreshSeconds = refreshSeconds
    }

    /// The whole page for `output`, from `<!DOCTYPE html>` to `</html>`.
    public func render(_ output: Output) -> String {
        let e = MarkupEscaping.text
        var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<meta name=\"color-scheme\" content=\"light dark\">\n"
        if let refreshSeconds, refreshSeconds > 0 { page += "<meta http-equiv=\"refresh\" content=\"\(refreshSeconds)\">\n" }
        // Nothing may load from elsewhere, even by mistake: the browser enforces it.
        page += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">\n"
        page += "<title>Breather · \(e(output.city))</title>\n<style>\(HTMLStyle.css)</style>\n</head>\n<body>\n"
        page += header(output)
        page += "<main>\n" + nowSection(output) + placesSection() + historySections(output) + otherPlacesHistory(output)
            + aheadSection(output) + "</main>\n"
        page += footer(output) + "</body>\n</html>"
        return page
    }

    private func header(_ output: Output) -> String {
        let e = MarkupEscaping.text
        var meta = [output.updated.isEmpty ? "" : "Updated \(output.updated)", output.age.isEmpty ? "" : "\(output.age) ago",
                    output.source.isEmpty ? "" : "source \(output.source)"].filter { !$0.isEmpty }.map(e).joined(separator: " · ")
        if !output.staleness.isEmpty { meta += " <strong class=\"stale\" id=\"staleness\">\(e(output.staleness))</strong>" }
        var html = "<header>\n<h1 id=\"city\">\(e(output.city))</h1>\n<p class=\"meta\">\(meta)</p>\n"
        if let error = output.error {
            html += "<p class=\"error\" id=\"error\">\(e(error))\(output.retry.isEmpty ? "" : " · retry \(e(output.retry))")</p>\n"
        }
        return html + "</header>\n"
    }

    private func nowSection(_ output: Output) -> String {
        let e = MarkupEscaping.text
        let color = MarkupEscaping.color(output.aqiColor)
        var html = "<section class=\"cards\" aria-label=\"Now\">\n"
        html += "<article class=\"card air\"><h2>\(e(output.indexName))\(output.indoorAQI.isEmpty ? "" : " · outdoor")</h2>"
        html += "<p class=\"index\"><span class=\"chip\" style=\"background:\(color);color:\(MarkupEscaping.ink(on: color))\""
            + " id=\"aqi\" data-category=\"\(e(output.categoryID))\">\(e(output.aqi))</span>"
            + " <span class=\"word\" id=\"category\">\(e(output.airQualityCategory))</span></p>"
        if !output.mainPollutant.isEmpty { html += "<p>Main pollutant <b id=\"main-pollutant\">\(e(output.mainPollutant))</b></p>" }
        html += "<p class=\"small\">\(e(output.indexTitle))</p>"
        if !output.forecastSummary.isEmpty { html += "<p class=\"small\">Next 24 h worst: \(e(output.forecastSummary))</p>" }
        html += "</article>\n"
        if !output.indoorAQI.isEmpty {
            let indoor = output.indoorCategory
            let indoorColor = MarkupEscaping.color(indoor?.color ?? "")
            html += "<article class=\"card indoor\"><h2>\(e(output.indexName)) · indoor</h2>"
            html += "<p class=\"index\"><span class=\"chip\" style=\"background:\(indoorColor);color:\(MarkupEscaping.ink(on: indoorColor))\""
                + " id=\"indoor-aqi\">\(e(output.indoorAQI))</span> <span class=\"word\">\(e(indoor?.name ?? ""))</span></p>"
            if !output.co2.isEmpty { html += "<p>CO₂ <b id=\"co2\">\(e(output.co2))</b></p>" }
            html += "<p class=\"small\">indoor beside outdoor \(e(output.aqi)) \(e(output.airQualityCategory))</p></article>\n"
        }
        html += "<article class=\"card weather\"><h2>Weather</h2>"
        if !output.condition.isEmpty { html += "<p id=\"condition\">\(e(output.condition))</p>" }
        html += "<dl><dt>Temperature</dt><dd id=\"temperature\">\(e(output.temperature))</dd><dt>Humidity</dt><dd id=\"humidity\">\(e(output.humidity))</dd>"
            + "<dt>Wind</dt><dd id=\"wind\">\(e(output.wind))</dd><dt>Pressure</dt><dd id=\"pressure\">\(e(output.pressure))</dd></dl></article>\n"
        let asthma = MarkupEscaping.color(output.asthmaColor)
        html += "<article class=\"card asthma\"><h2>Asthma risk</h2><p class=\"index\"><span class=\"chip\" style=\"background:\(asthma);"
            + "color:\(MarkupEscaping.ink(on: asthma))\" id=\"asthma-risk\">\(e(output.asthmaRisk))</span>"
            + (output.asthmaProbability.isEmpty ? "" : " <span class=\"word\" id=\"asthma-probability\">\(e(output.asthmaProbability))</span>") + "</p>"
        if !output.asthmaOutlook.isEmpty { html += "<p class=\"small\">Next 24 h: \(e(output.asthmaOutlook))</p>" }
        if !output.uvSummary.isEmpty { html += "<p id=\"uv\">\(e(output.uvSummary))</p>" }
        html += "</article>\n</section>\n"
        return html
    }

    private func historySections(_ output: Output) -> String {
        let ranges = output.standard.categoryRanges
        guard !history.hours.isEmpty else {
            return "<section><h2>History</h2><p class=\"small\">No history recorded here yet (or <code>[history]</code> is off).</p></section>\n"
        }
        let hours = SVGBarChart(bars: history.hours, ranges: ranges, title: "\(output.indexName), last 48 hours, each hour\u{2019}s index")
        var days = SVGBarChart(bars: history.days, ranges: ranges, title: "\(output.indexName), last 30 days, each day\u{2019}s worst hour")
        days.labelEvery = 5
        days.markers = markers
        let note = markers.isEmpty ? "" : "<p class=\"small\" id=\"log-markers\">Dashed lines: \(markers.count) logged "
            + "\(markers.count == 1 ? "day" : "days") from your breathing log (a bad or poor day, reliever use; hover for the words). "
            + "Shown because <code>[log] dashboard = true</code>.</p>"
        return section("Last 48 hours", id: "hours", chart: hours) + section("Last 30 days", id: "days", chart: days, note: note)
    }

    private func aheadSection(_ output: Output) -> String {
        let e = MarkupEscaping.text
        var html = ""
        let bars = output.forecastBars
        if !bars.isEmpty {
            var chart = SVGBarChart(bars: bars, ranges: output.standard.categoryRanges, title: "\(output.indexName) forecast, next 24 hours")
            chart.labelEvery = 3
            html += section("Next 24 hours", id: "forecast", chart: chart)
        }
        html += "<section id=\"ahead\"><h2>Days ahead</h2>"
        guard !output.outlook.days.isEmpty else { return html + "<p class=\"small\">No forecast from this source.</p></section>\n" }
        html += "<div class=\"table\"><table><thead><tr><th>Day</th><th>Air, worst hour</th><th>Pollen</th><th>UV peak</th></tr></thead><tbody>"
        for day in output.outlook.days {
            html += "<tr><th scope=\"row\">\(e(day.date))</th><td>"
            if let air = day.air {
                let color = MarkupEscaping.color(air.index.category.color)
                let hours = day.airFromAt.isEmpty ? "" : " \(day.airFromAt.dropFirst(11).prefix(5))–\(day.airToAt.dropFirst(11).prefix(5))"
                html += "<span class=\"chip small\" style=\"background:\(color);color:\(MarkupEscaping.ink(on: color))\">"
                    + "\(e(output.standard.displayValue(air.index.value)))</span> \(e(air.index.category.name))\(e(hours))"
            } else {
                html += "–"
            }
            html += "</td><td>" + (day.pollen.isEmpty ? "–" : day.pollen.prefix(3).map { e("\($0.type.rawValue) \($0.level.displayName)") }.joined(separator: ", "))
            html += "</td><td>" + (day.uvPeak.map { e("\(Int($0.index.rounded())) \(UVCategory(index: $0.index).displayName) at \(day.uvPeakAt.dropFirst(11).prefix(5))") } ?? "–")
            html += "</td></tr>"
        }
        html += "</tbody></table></div>"
        if !output.pollen.isEmpty {
            html += "<h3>Pollen now</h3><ul class=\"pollen\">"
            for count in output.pollen {
                html += "<li><span>\(e(count.type.rawValue))</span> <b>\(Int(count.count.rounded()))</b> <span class=\"level \(e(count.level.id))\">\(e(count.level.displayName))</span></li>"
            }
            html += "</ul>"
        }
        return html + "</section>\n"
    }

    /// A chart twice: wide (tooltips on every bar) and, shown instead below 600 px, narrow with
    /// larger labels, so the text stays readable on a phone; then the bands it shows, each as
    /// its colour and its word.
    func section(_ title: String, id: String, chart: SVGBarChart, note: String = "") -> String {
        var wide = chart
        wide.cssClass = "chart wide"
        var narrow = chart
        narrow.cssClass = "chart narrow"
        narrow.width = 360
        narrow.fontSize = 13
        narrow.labelEvery = chart.labelEvery * 2
        narrow.barTitles = false
        let legend = chart.visibleRanges.map { range in
            "<span class=\"key\"><i style=\"background:\(MarkupEscaping.color(range.category.color))\"></i>\(MarkupEscaping.text(range.category.name))</span>"
        }.joined(separator: " ")
        return "<section id=\"\(id)\"><h2>\(MarkupEscaping.text(title))</h2><figure>\(wide.svg(standalone: false))\(narrow.svg(standalone: false))"
            + "<figcaption>\(legend)</figcaption></figure>\(note)</section>\n"
    }

    private func footer(_ output: Output) -> String {
        let e = MarkupEscaping.text
        let credits = output.data.attributions.map { e($0.name) }.joined(separator: ", ")
        return "<footer><p>\(e(output.indexTitle))\(credits.isEmpty ? "" : " · data: \(credits)") · written by Breather, nothing fetched by this page.</p></footer>\n"
    }
}
