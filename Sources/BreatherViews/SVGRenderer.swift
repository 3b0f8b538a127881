import BreatherLocale
import BreatherModel
import BreatherViewModel

/// `--format svg`: one index chart as a standalone SVG file, for Waybar's `image` module,
/// conky or a web page: the last 24 hours from the history store, or the next 24 hours'
/// forecast. Fixed colours (no stylesheet reaches an image); labels only when it is big enough
/// to read them.
public struct SVGRenderer: Renderer {
    /// Which chart.
    public enum Chart: String, CaseIterable, Sendable {
        /// The last 24 hours, an hour's highest index each, from the history store.
        case history
        /// The next 24 hours' forecast index.
        case forecast
    }

    /// The chart drawn.
    public var chart: Chart
    /// The past, read from the history store by the caller (its last 24 hours are drawn).
    public var history: DashboardHistory
    /// The size in pixels.
    public var width: Int, height: Int

    /// The smallest height at which axis labels and band names are drawn.
    static let labelledHeight = 80

    /// A `width` × `height` image of `chart`.
    public init(chart: Chart = .history, history: DashboardHistory = .none, width: Int = 480, height: Int = 160) {
        self.chart = chart
        self.history = history
        self.width = width
        self.height = height
    }

    /// The `<svg>` element, a file of its own.
    public func render(_ output: Output) -> String { output.inPeoplesLanguage(rendered) }

    /// The text for the people's copy of an output, in its language (`Output.inPeoplesLanguage`).
    func rendered(_ output: Output) -> String {
        let bars = chart == .history ? Array(history.hours.suffix(24)) : output.forecastBars
        let what = chart == .history ? trn("last %d hour", "last %d hours", 24) : trn("forecast, next %d hour", "forecast, next %d hours", 24)
        var svg = SVGBarChart(bars: bars, ranges: output.standard.categoryRanges,
                              title: "\(output.indexName) \(output.aqi) \(output.airQualityCategory) at \(output.city); \(what)")
        svg.width = width
        svg.height = height
        svg.labelEvery = width >= 360 ? 3 : 6
        svg.ink = "#888888"
        svg.showsLabels = height >= Self.labelledHeight && width >= 160
        return svg.svg(standalone: true)
    }
}
