import BreatherLocale
import BreatherModel
import BreatherViewModel

/// `--format svg`: one index chart as a standalone SVG file, for Waybar's `image` module,
/// conky or a web page: the last 24 hours from the history store, or the next 24 hours'
/// forecast. Fixed colours (no stylesheet reaches an image); labels only when it is big enough
/// to read them.
public struct SVGRenderer: Renderer {
    /// Which chart: the last 24 hours or the forecast.
    public typealias Chart = ChartImage.Kind

    /// The chart drawn.
    public var chart: Chart
    /// The past, read from the history store by the caller (its last 24 hours are drawn).
    public var history: DashboardHistory
    /// The size in pixels.
    public var width: Int, height: Int

    /// A `width` × `height` image of `chart`.
    public init(chart: Chart = .history, history: DashboardHistory = .none, width: Int = 480, height: Int = 160) {
        self.chart = chart
        self.history = history
        self.width = width
        self.height = height
    }

    /// The chart and size `image` names, drawing `history`.
    public init(_ image: ChartImage, history: DashboardHistory = .none) {
        self.init(chart: image.kind, history: history, width: image.width, height: image.height)
    }

    /// The `<svg>` element, a file of its own.
    public func render(_ output: Output) -> String { output.inPeoplesLanguage(rendered) }

    /// The text for the people's copy of an output, in its language (`Output.inPeoplesLanguage`).
    func rendered(_ output: Output) -> String {
        let bars = chart == .history ? Array(history.hours.suffix(24)) : output.forecastBars
        var svg = SVGBarChart(bars: bars, ranges: output.standard.categoryRanges, title: Self.title(output, chart: chart, bars: bars),
                              categoryName: { Format.categoryName($0, output.standard) })
        svg.width = width
        svg.height = height
        svg.labelEvery = width >= 360 ? 3 : 6
        svg.ink = "#888888"
        svg.showsLabels = ChartImage(kind: chart, width: width, height: height).showsLabels
        return svg.svg(standalone: true)
    }

    /// The chart in words, its `<title>` (what a screen reader says, the image's tooltip): the
    /// index now ("US AQI 57 Moderate at Brooklyn", with its staleness), else that there is
    /// none and why, in full ("US AQI: no data yet (open-meteo air: HTTP 503)"), then what the
    /// bars cover, saying so when no hour has a value. Never "unavailable unavailable".
    static func title(_ output: Output, chart: Chart, bars: [ChartBar]) -> String {
        var now: String
        if !output.hasData {
            now = tr("%s: no data yet").filled(output.indexName) + (output.error.map { " (\($0))" } ?? "")
        } else if output.data.airQuality == nil {
            now = tr("%s: no reading at %s").filled(output.indexName, output.city)
        } else {
            now = tr("%s %s %s at %s").filled(output.indexName, output.aqi, output.airQualityCategory, output.city)
            if output.isStale, !output.staleness.isEmpty { now += ", \(output.staleness)" }
        }
        let span = chart == .history ? tr("last 24 hours") : tr("forecast, next 24 hours")
        return "\(now); \(span)" + (bars.contains { $0.value != nil } ? "" : ": " + tr("no hours to show"))
    }
}
