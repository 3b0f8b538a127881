import BreatherModel
import BreatherTestSupport
import BreatherViewModel
import Testing

/// Issue 48: ages counted from the provider's hour, not from the fetch: one second after a good
/// fetch a 429 said "stale 30m", and right after start the tooltip said "17 min ago".
@Suite("ages count from the fetch, not from the provider's hour")
struct FetchAgeTests {
    /// Open-Meteo's current value: the hour's mean, stamped 30 minutes before the fetch.
    func hourly(at fetch: Timestamp) -> CityConditions {
        var fetched = conditions(pm25: 12, at: fetch)
        fetched.pollution?.observedAt = fetch.addingTimeInterval(-1800)
        return fetched
    }

    @Test("a 429 one second after a good fetch says 'stale 1s', and the tooltip 1 s ago, measured at the provider's hour")
    func rateLimitedASecondLater() async {
        let clock = TestClock()
        let start = clock.now
        nonisolated(unsafe) var calls = 0
        let viewModel = MainViewModel(environment: .init(fetch: { _ throws(ProviderFailure) in
            calls += 1
            if calls == 1 { return hourly(at: start) }
            clock.advance(1)
            var failed = CityConditions(location: brooklyn, fetchedAt: clock.now)
            failed.failures = [ProviderFailure(provider: "open-meteo", part: .air, kind: .rateLimited, message: "HTTP 429"),
                               ProviderFailure(provider: "open-meteo", part: .weather, kind: .rateLimited, message: "HTTP 429")]
            return failed
        }, now: { clock.now }))
        let outputs = await pollHistory(viewModel, polls: 2)
        let first = outputs.first { !$0.isLoading }!
        #expect(first.ageSeconds == 0)
        #expect(first.updated == "2026-11-18 11:06 UTC")
        #expect(first.tooltip.contains("Updated 2026-11-18 11:06 UTC, 0 s ago · measured 10:36 UTC"), "\(first.tooltip)")
        let shown = outputs.last!
        #expect(shown.isStale)
        #expect(shown.ageSeconds == 1)
        #expect(shown.barTextCompact.hasSuffix(" · stale 1s"), "\(shown.barTextCompact)")
        #expect(shown.staleness == "stale, updated 1 s ago")
        #expect(!shown.barTextCompact.contains("30m"))
    }

    @Test("a one-shot right after start, seeded from a store written a second ago, says 0 s old, not 17 min")
    func rightAfterStart() async {
        let clock = TestClock()
        let stored = hourly(at: clock.now.addingTimeInterval(-1))
        let viewModel = MainViewModel(environment: .init(fetch: { _ in stored }, now: { clock.now }))
        let shown = await history(viewModel) { _ in viewModel.seed(with: stored) }.last!
        #expect(shown.age == "1 s")
        #expect(!shown.isStale)
        #expect(shown.data.observedAt == "2026-11-18T10:36:39Z", "json keeps when the provider measured it")
    }
}
