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
    private let places: PlaceOutputs?
    private let place: String?
    private var read: DashboardHistory?

    /// For `output`, from `history`'s store; the page reloads every `refreshSeconds`; `withLog`
    /// (`[log] dashboard = true`) marks the breathing log's bad days and reliever use. With
    /// several `places`, the page shows each; `place` names the one `output` is (nil: the
    /// place shown).
    init(output: Output, history: HistorySlot?, refreshSeconds: Int, withLog: Bool = false, places: PlaceOutputs? = nil, place: String? = nil) {
        self.history = history
        self.output = output
        self.refreshSeconds = refreshSeconds
        self.withLog = withLog
        self.places = places
        self.place = place
    }

    /// The log's marks over the 30-day chart: none unless the user asked for them, or
    /// without a store, a place or a chart to mark.
    var markers: [DashboardMarker] {
        guard withLog, !bars.days.isEmpty, let recorder = history?.current, let location = output.conditions?.location else { return [] }
        let entries = recorder.logEntries(at: location, days: DashboardHistory.dayCount)
        return output.inPeoplesLanguage { _ in LogMarkers.markers(entries) }
    }

    /// The bars of the last 30 days at the output's place under its standard; `.none` without
    /// a store, a place or a reading.
    var bars: DashboardHistory {
        if let read { return read }
        let bars = Self.bars(of: output, history: history)
        read = bars
        return bars
    }

    /// The bars of the last 30 days at `output`'s place under its standard.
    private static func bars(of output: Output, history: HistorySlot?) -> DashboardHistory {
        guard let recorder = history?.current, let location = output.conditions?.location else { return .none }
        let hourly = recorder.hourlyIndices(at: location, standard: output.standard, hours: DashboardHistory.hoursRead)
        return DashboardHistory.build(hourly, standard: output.standard, localTime: Session.localTime)
    }

    /// Every place in config order with its output and bars from what is on hand (no
    /// request), the page's own as `output`; empty with one place.
    var pagePlaces: [DashboardPlace] {
        guard let places, places.labels.count > 1 else { return [] }
        let own = place ?? places.shown
        return places.labels.map { entry in
            if entry.name == own { return DashboardPlace(name: entry.name, label: entry.label, output: output, history: bars, isShown: true) }
            let other = places.output(of: entry.name, standard: output.standard, withAdvice: true)
            return DashboardPlace(name: entry.name, label: entry.label, output: other,
                                  history: other.map { Self.bars(of: $0, history: history) } ?? .none, isShown: false)
        }
    }

    /// `renderer` with the history when it draws it (html, svg), else `renderer` as it is.
    func filled(_ renderer: any Renderer) -> any Renderer {
        if var page = renderer as? HTMLRenderer {
            page.history = bars
            page.markers = markers
            page.refreshSeconds = refreshSeconds
            page.places = pagePlaces
            return page
        }
        if var image = renderer as? SVGRenderer {
            if image.chart == .history { image.history = bars }
            return image
        }
        return renderer
    }
}
