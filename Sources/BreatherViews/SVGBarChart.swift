import BreatherModel
import BreatherViewModel

/// An index bar chart as inline SVG: one bar per hour or day in its category's colour over the
/// standard's category bands, each band named, each bar with a tooltip in words (`<title>`),
/// so colour is never the only sign. Pure: the same bars give the same text.
struct SVGBarChart {
    var bars: [ChartBar]
    var ranges: [CategoryRange]
    /// What the chart shows, for screen readers and the tooltip of the whole: "US AQI, last 48 hours".
    var title: String
    var width = 720
    var height = 220
    /// A label under every n-th bar.
    var labelEvery = 6
    /// Text and grid colour: `currentColor` inside the page (it follows light and dark), a
    /// fixed grey in a standalone file, which no stylesheet reaches.
    var ink = "currentColor"
    /// Band names and axis labels; off for a small image (a bar's `image` module).
    var showsLabels = true
    /// Marks over the bars (the breathing log's, when asked for), by time.
    var markers: [DashboardMarker] = []
    /// A tooltip in words on every bar (off for the phone's copy: a touch screen shows none).
    var barTitles = true
    /// The `<svg>` element's class: `chart`, and `wide` or `narrow` for the page's two copies.
    var cssClass = "chart"
    /// The labels' size in the chart's own units.
    var fontSize = 10
    /// A category's name in the bands' and bars' tooltips: the renderer passes the people's
    /// (`Format.categoryName` under its standard); the standard's English name by default.
    var categoryName: (AQICategory) -> String = { $0.name }

    /// The highest index the scale shows: the top of the band the highest bar is in, so that band shows whole.
    var scaleTop: Int {
        let highest = bars.compactMap(\.value).max() ?? 0
        let bandTop = ranges.first { ($0.upper ?? Int.max) >= highest }?.upper ?? highest
        return max(1, bandTop, highest)
    }

    /// The bands the scale shows, lowest first: the legend names each.
    var visibleRanges: [CategoryRange] { ranges.filter { $0.lower <= scaleTop } }

    /// The `<svg>` element; `standalone` adds the XML namespace and a size in pixels.
    func svg(standalone: Bool) -> String {
        let left = showsLabels ? Double(fontSize) * 3.4 : 0, right = showsLabels ? 6.0 : 0
        let top = showsLabels ? 6.0 : 0, bottom = showsLabels ? Double(fontSize) * 2 : 0
        let plotWidth = Double(width) - left - right, plotHeight = Double(height) - top - bottom
        let scaleTop = Double(self.scaleTop)
        func y(_ value: Double) -> Double { top + plotHeight - min(value, scaleTop) / scaleTop * plotHeight }
        var out = "<svg"
        if standalone { out += " xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\"" }
        out += " viewBox=\"0 0 \(width) \(height)\" role=\"img\" class=\"\(cssClass)\"><title>\(MarkupEscaping.text(title))</title>"
        if standalone { out += "<rect width=\"100%\" height=\"100%\" fill=\"none\"/>" }
        // The bands: a pale stripe per category, named at the left edge when there is room.
        for range in visibleRanges {
            let upper = Double(range.upper.map { $0 + 1 } ?? Int(scaleTop))
            let y0 = y(upper), y1 = y(Double(range.lower))
            out += "<rect x=\"\(fmt(left))\" y=\"\(fmt(y0))\" width=\"\(fmt(plotWidth))\" height=\"\(fmt(max(0, y1 - y0)))\""
                + " fill=\"\(MarkupEscaping.color(range.category.color))\" fill-opacity=\"0.16\"><title>"
                + MarkupEscaping.text("\(categoryName(range.category)): \(range.lower)" + (range.upper.map { "–\($0)" } ?? "+")) + "</title></rect>"
            if showsLabels {
                out += "<text x=\"\(fmt(left - 4))\" y=\"\(fmt(y1 - 2))\" text-anchor=\"end\" font-size=\"\(fontSize)\" fill=\"\(ink)\">\(range.lower)</text>"
            }
        }
        let slot = plotWidth / Double(max(1, bars.count))
        // Bars 3 to 6 px wide (a bar-sized image: 120 px for 24 hours) sit on whole pixels, one
        // pixel apart, so each hour stays a crisp bar of its own rather than a smudged block;
        // the gap outlines them, where a half-pixel stroke would dull two of a bar's 4 columns.
        let crisp = (3...6).contains(slot)
        let gap = slot > 6 ? max(1, slot * 0.15) : crisp ? 1 : 0
        let outline = crisp ? "" : " stroke=\"\(ink)\" stroke-opacity=\"0.35\" stroke-width=\"0.5\""
        for (position, bar) in bars.enumerated() {
            let x = left + Double(position) * slot
            if let value = bar.value, let category = bar.category {
                let y0 = y(Double(max(value, 0)))
                let barHeight = crisp ? max(1, (top + plotHeight - y0).rounded()) : max(1.5, top + plotHeight - y0)
                let x0 = crisp ? x.rounded() : x + gap / 2, x1 = crisp ? (x + slot).rounded() - gap : x + slot - gap / 2
                out += "<rect x=\"\(fmt(x0))\" y=\"\(fmt(top + plotHeight - barHeight))\" width=\"\(fmt(x1 - x0))\" height=\"\(fmt(barHeight))\""
                    + " fill=\"\(MarkupEscaping.color(category.color))\"\(outline)"
                    + (barTitles ? "><title>" + MarkupEscaping.text("\(bar.label): \(bar.text) \(categoryName(category))") + "</title></rect>" : "/>")
            }
            if showsLabels, position % labelEvery == 0 {
                out += "<text x=\"\(fmt(x + slot / 2))\" y=\"\(height - 5)\" text-anchor=\"middle\" font-size=\"\(fontSize)\" fill=\"\(ink)\">"
                    + MarkupEscaping.text(bar.label) + "</text>"
            }
        }
        if let first = bars.first?.time, let last = bars.last?.time, bars.count > 1 {
            let span = last.timeIntervalSince(first) / Double(bars.count - 1)
            for marker in markers where marker.time >= first {
                let x = left + (marker.time.timeIntervalSince(first) / span + 0.5) * slot
                guard x <= left + plotWidth else { continue }
                out += "<line x1=\"\(fmt(x))\" y1=\"\(fmt(top))\" x2=\"\(fmt(x))\" y2=\"\(fmt(top + plotHeight))\" stroke=\"\(ink)\""
                    + " stroke-width=\"1.5\" stroke-dasharray=\"3 2\" class=\"marker\"><title>" + MarkupEscaping.text(marker.text) + "</title></line>"
            }
        }
        out += "<line x1=\"\(fmt(left))\" y1=\"\(fmt(top + plotHeight))\" x2=\"\(fmt(left + plotWidth))\" y2=\"\(fmt(top + plotHeight))\""
            + " stroke=\"\(ink)\" stroke-opacity=\"0.5\"/></svg>"
        return out
    }

    /// One decimal at most: coordinates stay short (the page's size) and stable.
    private func fmt(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(abs(tenths % 10))"
    }
}
