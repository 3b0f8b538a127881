import BreatherModel
import BreatherViewModel
import Foundation
import Testing
import BreatherTestSupport

@Suite("the bar's sparkline and trend")
struct HistoryFormatTests {
    func history(_ hourly: [Int?]) -> IndexHistory { IndexHistory(start: Timestamp(timeIntervalSince1970: 0), hourly: hourly) }

    @Test("one block an hour from the day's lowest to its highest (a span of at least half the highest), a space for a missing hour", arguments: [
        ([0, 10, 20, 30, 40, 50, 60, 70, 80] as [Int?], "▁▂▃▄▅▅▆▇█"),
        ([50, nil, 100], "▁ █"),
        // Issue 48: a steady index was 24 full blocks, a solid block of the text colour.
        ([7, 7, 7], "▁▁▁"),
        ([55, 57, 56, 55], "▁▁▁▁"),
        ([40, 80], "▁█"),
    ])
    func sparkline(hourly: [Int?], expected: String) {
        #expect(Format.sparkline(history(hourly)) == expected)
    }

    @Test("nothing to draw from fewer than two hours")
    func tooShort() {
        #expect(Format.sparkline(nil) == "")
        #expect(Format.sparkline(history([nil, 40, nil])) == "")
    }

    @Test("the latest hour against three hours before it", arguments: [
        ([50, 52, 55, 60] as [Int?], Format.Trend.rising),
        ([60, 58, 55, 52], .falling),
        ([50, 70, 30, 54], .steady),   // 4 < a tenth of 50 … 5
        ([3, 3, 4, 4], .rising),       // small scales (UK DAQI): at least 1
        ([80, 70, 60, 50, nil], .falling), // the last known hour counts, not a missing one
    ])
    func trend(hourly: [Int?], expected: Format.Trend) {
        #expect(Format.trend(history(hourly)) == expected)
    }

    @Test("no trend without both hours")
    func noTrend() {
        #expect(Format.trend(history([nil, 40, 41, 42])) == nil)
        #expect(Format.trend(history([40, 42])) == nil)
        #expect(Format.trend(nil) == nil)
    }
}

@Suite("MainViewModel: the history reaches the views as Output strings")
struct HistoryOutputTests {
    @Test("sparkline and trend for the place and standard shown; tooltip line; full text where it fits")
    func strings() async {
        let clock = TestClock()
        let fetch = ScriptedFetch([.success(conditions(pm25: 35.0, at: clock.now))])
        let asked = AskedStandards()
        let viewModel = MainViewModel(environment: .init(
            fetch: { _ throws(ProviderFailure) in try fetch.next() }, now: { clock.now },
            recentIndices: { location, standard in
                asked.add(standard)
                guard location == brooklyn else { return nil }
                return IndexHistory(start: clock.now, hourly: (0..<24).map { Optional(20 + $0 * 3) })
            }))
        let outputs = await history(viewModel) {
            $0.viewDidRefresh()
            $0.aqiStandard(.eu)
        }
        let shown = outputs[1]
        #expect(shown.sparkline == "▁▁▂▂▂▃▃▃▃▄▄▄▅▅▅▆▆▆▆▇▇▇██")
        #expect(shown.trend == "rising")
        #expect(shown.details.last == "Last 24 h ▁▁▂▂▂▃▃▃▃▄▄▄▅▅▅▆▆▆▆▇▇▇██ rising")
        #expect(shown.tooltip.hasSuffix("Last 24 h ▁▁▂▂▂▃▃▃▃▄▄▄▅▅▅▆▆▆▆▇▇▇██ rising"))
        #expect(shown.barTextFull.hasSuffix(" · ▁▁▂▂▂▃▃▃▃▄▄▄▅▅▅▆▆▆▆▇▇▇██"))
        #expect(!shown.barTextCompact.contains("▂"))
        #expect(shown.displayFields.contains { $0 == ("trend", "rising") })
        #expect(asked.all.contains(.eu), "a standard switch asks for that standard's indices")
        #expect(outputs[0].sparkline == "")  // no conditions yet: no place to ask about
    }
}

final class AskedStandards: @unchecked Sendable {
    private let lock = NSLock()
    private var standards: [AQIStandard] = []
    var all: [AQIStandard] { lock.withLock { standards } }
    func add(_ standard: AQIStandard) { lock.withLock { standards.append(standard) } }
}
