import BreatherModel
import BreatherTestSupport
import BreatherViewModel
import Foundation
import Testing

/// One row of the staleness table: when the provider measured the air, relative to a fetch
/// made just now, and the view's own `staleAfterSeconds`.
struct ObservationCase: Sendable, CustomStringConvertible {
    /// Seconds before the fetch the reading was observed; nil when the provider gave no time,
    /// negative when its clock is ahead.
    var observedSecondsAgo: Double?
    var staleAfterSeconds: Int
    var stale: Bool
    var ageSeconds: Int
    var description: String { "observed \(observedSecondsAgo.map { "\($0) s" } ?? "–") ago, stale after \(staleAfterSeconds) s" }
}

/// Conditions fetched at `fetchedAt` whose air reading was observed `secondsAgo` before that.
func observed(_ secondsAgo: Double?, fetchedAt: Timestamp) -> CityConditions {
    var fetched = conditions(pm25: 35, at: fetchedAt)
    fetched.pollution?.observedAt = secondsAgo.map { fetchedAt.addingTimeInterval(-$0) }
    return fetched
}

@Suite("ages count from the fetch; a reading measured over 3 h ago is stale, aged from its measurement")
struct ObservationAgeTests {
    static let cases: [ObservationCase] = [
        ObservationCase(observedSecondsAgo: nil, staleAfterSeconds: 600, stale: false, ageSeconds: 0),
        // Open-Meteo's current value is the hour's mean, stamped at the start of the hour.
        // A fresh fetch is 0 s old, whatever hour the provider stamped (issue 48).
        ObservationCase(observedSecondsAgo: 3000, staleAfterSeconds: 600, stale: false, ageSeconds: 0),
        ObservationCase(observedSecondsAgo: 3 * 3600, staleAfterSeconds: 600, stale: false, ageSeconds: 0),
        ObservationCase(observedSecondsAgo: 3 * 3600 + 1, staleAfterSeconds: 600, stale: true, ageSeconds: 10_801),
        ObservationCase(observedSecondsAgo: 5 * 3600, staleAfterSeconds: 600, stale: true, ageSeconds: 18_000),
        // A longer staleAfterSeconds (max_age) also accepts older readings.
        ObservationCase(observedSecondsAgo: 5 * 3600, staleAfterSeconds: 6 * 3600, stale: false, ageSeconds: 0),
        // A provider clock ahead of ours: the age counts from the fetch.
        ObservationCase(observedSecondsAgo: -600, staleAfterSeconds: 600, stale: false, ageSeconds: 0),
    ]

    @Test("a fresh fetch of a reading measured over 3 h ago is stale, aged from the measurement; else aged from the fetch", arguments: cases)
    func freshFetchOfOldReading(_ row: ObservationCase) async {
        let clock = TestClock()
        let fetched = observed(row.observedSecondsAgo, fetchedAt: clock.now)
        let viewModel = MainViewModel(environment: .init(fetch: { _ in fetched }, now: { clock.now }, staleAfterSeconds: row.staleAfterSeconds))
        let shown = await history(viewModel) { $0.viewDidRefresh() }.last!
        #expect(shown.aqi == "99", "old data is still shown, only marked")
        #expect(shown.isStale == row.stale)
        #expect(shown.ageSeconds == row.ageSeconds)
        #expect(shown.staleness == (row.stale ? "stale, measured \(row.ageSeconds / 3600) h ago" : ""))
        #expect(shown.error == nil, "old data is not a failure")
    }

    @Test("the shown update time and age are the fetch's, the measurement's time is in the tooltip, and time passing makes a reading stale without a fetch")
    func agesWithTheClock() async {
        let clock = TestClock()
        let fetched = observed(2 * 3600, fetchedAt: clock.now)
        let viewModel = MainViewModel(environment: .init(fetch: { _ in fetched }, now: { clock.now }, staleAfterSeconds: 600))
        var outputs = viewModel.outputs.makeAsyncIterator()
        viewModel.inputs.viewDidRefresh()
        _ = await outputs.next()  // loading
        let first = await outputs.next()!
        // A re-render for another standard reads the clock again, 61 minutes later.
        clock.advance(3660)
        viewModel.inputs.aqiStandard(.china)
        let later = await outputs.next()!
        viewModel.finish()
        #expect(first.updated == "2026-11-18 11:06 UTC")
        #expect(!first.isStale)
        #expect(first.age == "0 s")
        #expect(first.tooltip.contains("Updated 2026-11-18 11:06 UTC, 0 s ago · measured 09:06 UTC"), "\(first.tooltip)")
        #expect(later.isStale)
        #expect(later.ageSeconds == 2 * 3600 + 3660)
        #expect(later.staleness == "stale, measured 3 h ago")
    }
}
