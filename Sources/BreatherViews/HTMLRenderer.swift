import BreatherLocale
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
    public func render(_ output: Output) -> String { output.inPeoplesLanguage(rendered) }

    /// The text for the people's copy of an output, in its language (`Output.inPeoplesLanguage`).
    func rendered(_ output: Output) -> String {
        let e = MarkupEscaping.text
        // The page's language, as BCP 47 spells it ("zh-CN"), for fonts and screen readers.
        let lang = output.language == .chinese ? "zh-CN" : output.language.rawValue
        var page = "<!DOCTYPE html>\n<html lang=\"\(lang)\">\n<head>\n<meta charset=\"utf-8\">\n"
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
        var meta = [output.updated.isEmpty ? "" : tr("Updated %s", context: "dashboard").filled(output.updated), output.age.isEmpty ? "" : tr("%s ago").filled(output.age),
                    output.source.isEmpty ? "" : tr("source %s", context: "dashboard").filled(output.source)].filter { !$0.isEmpty }.map(e).joined(separator: " · ")
        if !output.staleness.isEmpty { meta += " <strong class=\"stale\" id=\"staleness\">\(e(output.staleness))</strong>" }
        var html = "<header>\n<h1 id=\"city\">\(e(output.city))</h1>\n<p class=\"meta\">\(meta)</p>\n"
        if let error = output.error {
            html += "<p class=\"error\" id=\"error\">\(e(error))\(output.retry.isEmpty ? "" : " · " + e(tr("retry %s", context: "dashboard").filled(output.retry)))</p>\n"
        }
        return html + "</header>\n"
    }

    private func nowSection(_ output: Output) -> String {
        let e = MarkupEscaping.text
        let color = MarkupEscaping.color(output.aqiColor)
        var html = "<section class=\"cards\" aria-label=\"\(e(tr("Now", context: "dashboard")))\">\n"
        html += "<article class=\"card air\"><h2>\(e(output.indexName))\(output.indoorAQI.isEmpty ? "" : " · " + e(tr("outdoor", context: "dashboard")))</h2>"
        html += "<p class=\"index\"><span class=\"chip\" style=\"background:\(color);color:\(MarkupEscaping.ink(on: color))\""
            + " id=\"aqi\" data-category=\"\(e(output.categoryID))\">\(e(output.aqi))</span>"
            + " <span class=\"word\" id=\"category\">\(e(output.airQualityCategory))</span></p>"
        if !output.mainPollutant.isEmpty { html += "<p>\(e(tr("Main pollutant", context: "dashboard"))) <b id=\"main-pollutant\">\(e(output.mainPollutant))</b></p>" }
        html += "<p class=\"small\">\(e(output.indexTitle))</p>"
        if !output.forecastSummary.isEmpty { html += "<p class=\"small\">\(e(tr("Next 24 h worst: %s", context: "dashboard").filled(output.forecastSummary)))</p>" }
        html += "</article>\n"
        if !output.indoorAQI.isEmpty {
            let indoor = output.indoorCategory
            let indoorColor = MarkupEscaping.color(indoor?.color ?? "")
            html += "<article class=\"card indoor\"><h2>\(e(output.indexName)) · \(e(tr("indoor", context: "dashboard")))</h2>"
            html += "<p class=\"index\"><span class=\"chip\" style=\"background:\(indoorColor);color:\(MarkupEscaping.ink(on: indoorColor))\""
                + " id=\"indoor-aqi\">\(e(output.indoorAQI))</span> <span class=\"word\">\(e(indoor?.name ?? ""))</span></p>"
            if !output.co2.isEmpty { html += "<p>CO₂ <b id=\"co2\">\(e(output.co2))</b></p>" }
            html += "<p class=\"small\">\(e(tr("indoor beside outdoor %s %s", context: "dashboard").filled(output.aqi, output.airQualityCategory)))</p></article>\n"
        }
        html += "<article class=\"card weather\"><h2>\(e(tr("Weather", context: "dashboard")))</h2>"
        if !output.condition.isEmpty { html += "<p id=\"condition\">\(e(output.condition))</p>" }
        html += "<dl><dt>\(e(tr("Temperature", context: "dashboard")))</dt><dd id=\"temperature\">\(e(output.temperature))</dd><dt>\(e(tr("Humidity", context: "dashboard")))</dt><dd id=\"humidity\">\(e(output.humidity))</dd>"
            + "<dt>\(e(tr("Wind", context: "dashboard")))</dt><dd id=\"wind\">\(e(output.wind))</dd><dt>\(e(tr("Pressure", context: "dashboard")))</dt><dd id=\"pressure\">\(e(output.pressure))</dd></dl></article>\n"
        let asthma = MarkupEscaping.color(output.asthmaColor)
        html += "<article class=\"card asthma\"><h2>\(e(tr("Asthma risk", context: "dashboard")))</h2><p class=\"index\"><span class=\"chip\" style=\"background:\(asthma);"
            + "color:\(MarkupEscaping.ink(on: asthma))\" id=\"asthma-risk\">\(e(output.asthmaRisk))</span>"
            + (output.asthmaProbability.isEmpty ? "" : " <span class=\"word\" id=\"asthma-probability\">\(e(output.asthmaProbability))</span>") + "</p>"
        if !output.asthmaOutlook.isEmpty { html += "<p class=\"small\">\(e(tr("Next 24 h: %s", context: "dashboard").filled(output.asthmaOutlook)))</p>" }
        if !output.uvSummary.isEmpty { html += "<p id=\"uv\">\(e(output.uvSummary))</p>" }
        html += "</article>\n</section>\n"
        return html
    }

    private func historySections(_ output: Output) -> String {
        let e = MarkupEscaping.text
        let ranges = output.standard.categoryRanges
        guard !history.hours.isEmpty else {
            return "<section><h2>\(e(tr("History", context: "dashboard")))</h2><p class=\"small\">\(e(tr("No history recorded here yet (or %s is off).", context: "dashboard")).filled("<code>[history]</code>"))</p></section>\n"
        }
        let named = { (category: AQICategory) in Format.categoryName(category, output.standard) }
        let hours = SVGBarChart(bars: history.hours, ranges: ranges, title: tr("%s, last 48 hours, each hour’s index", context: "dashboard").filled(output.indexName),
                                categoryName: named)
        var days = SVGBarChart(bars: history.days, ranges: ranges, title: tr("%s, last 30 days, each day’s worst hour", context: "dashboard").filled(output.indexName),
                               categoryName: named)
        days.labelEvery = 5
        days.markers = markers
        let note = markers.isEmpty ? "" : "<p class=\"small\" id=\"log-markers\">"
            + e(trn("Dashed lines: %d logged day from your breathing log (a bad or poor day, reliever use; hover for the words). Shown because %s.",
                    "Dashed lines: %d logged days from your breathing log (a bad or poor day, reliever use; hover for the words). Shown because %s.",
                    markers.count)).filled("<code>[log] dashboard = true</code>") + "</p>"
        return section(tr("Last 48 hours", context: "dashboard"), id: "hours", chart: hours, output.standard)
            + section(tr("Last 30 days", context: "dashboard"), id: "days", chart: days, output.standard, note: note)
    }

    private func aheadSection(_ output: Output) -> String {
        let e = MarkupEscaping.text
        var html = ""
        let bars = output.forecastBars
        if !bars.isEmpty {
            var chart = SVGBarChart(bars: bars, ranges: output.standard.categoryRanges, title: tr("%s forecast, next 24 hours", context: "dashboard").filled(output.indexName),
                                    categoryName: { Format.categoryName($0, output.standard) })
            chart.labelEvery = 3
            html += section(tr("Next 24 hours", context: "dashboard"), id: "forecast", chart: chart, output.standard)
        }
        html += "<section id=\"ahead\"><h2>\(e(tr("Days ahead", context: "dashboard")))</h2>"
        guard !output.outlook.days.isEmpty else { return html + "<p class=\"small\">\(e(tr("No forecast from this source.", context: "dashboard")))</p></section>\n" }
        html += "<div class=\"table\"><table><thead><tr><th>\(e(tr("Day", context: "dashboard")))</th><th>\(e(tr("Air, worst hour", context: "dashboard")))</th><th>\(e(tr("Pollen", context: "dashboard")))</th><th>\(e(tr("UV peak", context: "dashboard")))</th></tr></thead><tbody>"
        for day in output.outlook.days {
            html += "<tr><th scope=\"row\">\(e(day.date))</th><td>"
            if let air = day.air {
                let color = MarkupEscaping.color(air.index.category.color)
                let hours = day.airFromAt.isEmpty ? "" : " \(day.airFromAt.dropFirst(11).prefix(5))–\(day.airToAt.dropFirst(11).prefix(5))"
                html += "<span class=\"chip small\" style=\"background:\(color);color:\(MarkupEscaping.ink(on: color))\">"
                    + "\(e(output.standard.displayValue(air.index.value)))</span> \(e(Format.categoryName(air.index.category, output.standard)))\(e(hours))"
            } else {
                html += "–"
            }
            html += "</td><td>" + (day.pollen.isEmpty ? "–" : day.pollen.prefix(3).map { e("\(Format.speciesName($0.type)) \(Format.levelName($0.level))") }.joined(separator: ", "))
            html += "</td><td>" + (day.uvPeak.map { e(tr("%s %s at %s", context: "dashboard").filled(String(Int($0.index.rounded())), Format.uvName(UVCategory(index: $0.index)), String(day.uvPeakAt.dropFirst(11).prefix(5)))) } ?? "–")
            html += "</td></tr>"
        }
        html += "</tbody></table></div>"
        if !output.pollen.isEmpty {
            html += "<h3>\(e(tr("Pollen now", context: "dashboard")))</h3><ul class=\"pollen\">"
            for count in output.pollen {
                html += "<li><span>\(e(Format.speciesName(count.type)))</span> <b>\(Int(count.count.rounded()))</b> <span class=\"level \(e(count.level.id))\">\(e(Format.levelName(count.level)))</span></li>"
            }
            html += "</ul>"
        }
        return html + "</section>\n"
    }

    /// A chart twice: wide (tooltips on every bar) and, shown instead below 600 px, narrow with
    /// larger labels, so the text stays readable on a phone; then the bands it shows, each as
    /// its colour and its word.
    func section(_ title: String, id: String, chart: SVGBarChart, _ standard: AQIStandard, note: String = "") -> String {
        var wide = chart
        wide.cssClass = "chart wide"
        var narrow = chart
        narrow.cssClass = "chart narrow"
        narrow.width = 360
        narrow.fontSize = 13
        narrow.labelEvery = chart.labelEvery * 2
        narrow.barTitles = false
        let legend = chart.visibleRanges.map { range in
            "<span class=\"key\"><i style=\"background:\(MarkupEscaping.color(range.category.color))\"></i>\(MarkupEscaping.text(Format.categoryName(range.category, standard)))</span>"
        }.joined(separator: " ")
        return "<section id=\"\(id)\"><h2>\(MarkupEscaping.text(title))</h2><figure>\(wide.svg(standalone: false))\(narrow.svg(standalone: false))"
            + "<figcaption>\(legend)</figcaption></figure>\(note)</section>\n"
    }

    private func footer(_ output: Output) -> String {
        let e = MarkupEscaping.text
        let credits = output.data.attributions.map { e($0.name) }.joined(separator: ", ")
        return "<footer><p>\(e(output.indexTitle))\(credits.isEmpty ? "" : " · " + e(tr("data: %s", context: "dashboard")).filled(credits)) · \(e(tr("written by Breather, nothing fetched by this page.", context: "dashboard")))</p></footer>\n"
    }
}
