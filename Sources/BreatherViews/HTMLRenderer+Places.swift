import BreatherLocale
import BreatherModel
import BreatherViewModel

extension HTMLRenderer {
    /// With several places (`[[place]]`), a card for each in config order (the primary
    /// first): its index in its category's colour and word, main pollutant, weather, asthma
    /// risk, the advice and the best hours outside; a place not fetched yet says so. Empty
    /// with one place, whose page is unchanged.
    func placesSection() -> String {
        guard places.count > 1 else { return "" }
        let e = MarkupEscaping.text
        var html = "<section class=\"cards places\" id=\"places\" aria-label=\"Every place\">\n"
        for place in places {
            let id = e(place.name)
            let title = place.label == place.name ? e(place.name) : "\(e(place.label)) \(e(place.name))"
            html += "<article class=\"card place\" id=\"place-\(id)\" data-place=\"\(id)\"><h2>\(title)"
            guard let output = place.output else {
                html += "</h2><p class=\"small no-data\">No data yet for this place.</p></article>\n"
                continue
            }
            let color = MarkupEscaping.color(output.aqiColor)
            // The city the place was found as, when it says more than the place's own name.
            html += ([place.name, place.label].contains(output.city) ? "" : " · \(e(output.city))") + "</h2><p class=\"index\"><span class=\"chip\" style=\"background:\(color);color:\(MarkupEscaping.ink(on: color))\""
                + " data-category=\"\(e(output.categoryID))\" data-aqi>\(e(output.aqi))</span>"
                + " <span class=\"word\" data-category-word>\(e(output.airQualityCategory))</span></p>"
            if !output.mainPollutant.isEmpty { html += "<p>Main pollutant <b>\(e(output.mainPollutant))</b></p>" }
            let weather = [output.condition, output.temperature, output.humidity, output.wind].filter { !$0.isEmpty }
            if !weather.isEmpty { html += "<p>\(weather.map(e).joined(separator: " · "))</p>" }
            html += "<p>Asthma risk <b>\(e(output.asthmaRisk))</b>\(output.asthmaProbability.isEmpty ? "" : " \(e(output.asthmaProbability))")</p>"
            if let advice = output.advice { html += "<p class=\"advice\">\(e(advice.line))</p>" }
            if let best = output.bestHours { html += "<p class=\"small best-hours\">\(e(best.summary))</p>" }
            if !output.staleness.isEmpty { html += "<p class=\"small stale\">\(e(output.staleness))</p>" }
            html += "</article>\n"
        }
        return html + "</section>\n"
    }

    /// Every other place's last 48 hours and 30 days, headed by its label; the page's own place
    /// is drawn by `historySections`.
    func otherPlacesHistory(_ output: Output) -> String {
        guard places.count > 1 else { return "" }
        let ranges = output.standard.categoryRanges
        var html = ""
        for place in places where !place.isShown {
            let name = place.label == place.name ? place.name : "\(place.label) \(place.name)"
            guard !place.history.hours.isEmpty else {
                html += "<section id=\"hours-\(MarkupEscaping.text(place.name))\"><h2>\(MarkupEscaping.text(name)) · \(MarkupEscaping.text(tr("History", context: "dashboard")))</h2>"
                    + "<p class=\"small\">\(MarkupEscaping.text(tr("No history recorded for this place yet.")))</p></section>\n"
                continue
            }
            let named = { (category: AQICategory) in Format.categoryName(category, output.standard) }
            let hours = SVGBarChart(bars: place.history.hours, ranges: ranges,
                                    title: "\(name): " + tr("%s, last 48 hours, each hour’s index", context: "dashboard").filled(output.indexName), categoryName: named)
            var days = SVGBarChart(bars: place.history.days, ranges: ranges,
                                   title: "\(name): " + tr("%s, last 30 days, each day’s worst hour", context: "dashboard").filled(output.indexName), categoryName: named)
            days.labelEvery = 5
            html += section("\(name) · " + tr("Last 48 hours", context: "dashboard"), id: "hours-\(MarkupEscaping.text(place.name))", chart: hours, output.standard)
                + section("\(name) · " + tr("Last 30 days", context: "dashboard"), id: "days-\(MarkupEscaping.text(place.name))", chart: days, output.standard)
        }
        return html
    }
}
