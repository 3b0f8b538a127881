import BreatherConfig
import BreatherHistory
import BreatherViewModel
import BreatherViews

/// What the html and svg outputs draw besides the `Output`: the history store's past hours,
/// read at most once per output however many files draw them, and only when one does. The
/// renderers get plain values and do no I/O.
final class ChartSource {
    private let history: HistorySlot?
    private let output: Output
    private let refreshSeconds: Int
    private let withLog: Bool
    private var read: DashboardHistory?

    /// For `output`, from `history`'s store; the page reloads every `refreshSeconds`; `withLog`
    /// (`[log] dashboard = true`) marks the breathing log's bad days and reliever use.
    init(output: Output, history: HistorySlot?, refreshSeconds: Int, withLog: Bool = false) {
        self.history = history
        self.output = output
        self.refreshSeconds = refreshSeconds
        self.withLog = withLog
    }

    /// The log's marks over the 30-day chart: none unless the user asked for them, or
    /// without a store, a place or a chart to mark.
    var markers: [DashboardMarker] {
        guard withLog, !bars.days.isEmpty, let recorder = history?.current, let location = output.conditions?.location else { return [] }
        return LogMarkers.markers(recorder.logEntries(at: location, days: DashboardHistory.dayCount))
    }

    /// The bars of the last 30 days at the output's place under its standard; `.none` without
    /// a store, a place or a reading.
    var bars: DashboardHistory {
        if let read { return read }
        var bars = DashboardHistory.none
        if let recorder = history?.current, let location = output.conditions?.location {
            let hourly = recorder.hourlyIndices(at: location, standard: output.standard, hours: DashboardHistory.hoursRead)
            bars = DashboardHistory.build(hourly, standard: output.standard, localTime: Session.localTime)
        }
        read = bars
        return bars
    }

    /// `renderer` with the history when it draws it (html, svg), else `renderer` as it is.
    func filled(_ renderer: any Renderer) -> any Renderer {
        if var page = renderer as? HTMLRenderer {
            page.history = bars
            page.markers = markers
            page.refreshSeconds = refreshSeconds
            return page
        }
        if var image = renderer as? SVGRenderer {
            if image.chart == .history { image.history = bars }
            return image
        }
        return renderer
    }
}
