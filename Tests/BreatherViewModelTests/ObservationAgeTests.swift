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

@Suite("staleness counts from when the data was observed, not only fetched")
struct ObservationAgeTests {
    static let cases: [ObservationCase] = [
        ObservationCase(observedSecondsAgo: nil, staleAfterSeconds: 600, stale: false, ageSeconds: 0),
        // Open-Meteo's current value is the hour's mean, stamped at the start of the hour.
        ObservationCase(observedSecondsAgo: 3000, staleAfterSeconds: 600, stale: false, ageSeconds: 3000),
        ObservationCase(observedSecondsAgo: 3 * 3600, staleAfterSeconds: 600, stale: false, ageSeconds: 10_800),
        ObservationCase(observedSecondsAgo: 3 * 3600 + 1, staleAfterSeconds: 600, stale: true, ageSeconds: 10_801),
        ObservationCase(observedSecondsAgo: 5 * 3600, staleAfterSeconds: 600, stale: true, ageSeconds: 18_000),
        // A longer staleAfterSeconds (max_age) also accepts older readings.
        ObservationCase(observedSecondsAgo: 5 * 3600, staleAfterSeconds: 6 * 3600, stale: false, ageSeconds: 18_000),
        // A provider clock ahead of ours: the age counts from the fetch.
        ObservationCase(observedSecondsAgo: -600, staleAfterSeconds: 600, stale: false, ageSeconds: 0),
    ]

    @Test("a fresh fetch of an old reading is stale; the age is now − min(observed, fetched)", arguments: cases)
    func freshFetchOfOldReading(_ row: ObservationCase) async {
        let clock = TestClock()
        let fetched = observed(row.observedSecondsAgo, fetchedAt: clock.now)
        let viewModel = MainViewModel(environment: .init(fetch: { _ in fetched }, now: { clock.now }, staleAfterSeconds: row.staleAfterSeconds))
        let shown = await history(viewModel) { $0.viewDidRefresh() }.last!
        #expect(shown.aqi == "99", "old data is still shown, only marked")
        #expect(shown.isStale == row.stale)
        #expect(shown.ageSeconds == row.ageSeconds)
        #expect(shown.staleness == (row.stale ? "stale, updated \(row.ageSeconds / 3600) h ago" : ""))
        #expect(shown.error == nil, "old data is not a failure")
    }

    @Test("the shown update time is the observation's, and time passing makes a reading stale without a fetch")
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
        #expect(first.updated == "2026-11-18 09:06 UTC")
        #expect(!first.isStale)
        #expect(first.age == "2 h")
        #expect(later.isStale)
        #expect(later.ageSeconds == 2 * 3600 + 3660)
        #expect(later.staleness == "stale, updated 3 h ago")
    }
}
