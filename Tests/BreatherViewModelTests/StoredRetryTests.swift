import BreatherModel
import BreatherTestSupport
import BreatherViewModel
import Testing

/// Issue 48: the Retry-After countdown showed only in the run that got the 429. The one-shots
/// after it answer from the store (seeded, no fetch of their own): they name the retry too.
@Suite("a Retry-After hold read back from the store")
struct StoredRetryTests {
    let start = TestClock().now

    /// What the run that met the 429 stored: the air kept from an hour before, the 429 with Retry-After 120.
    func stored() -> CityConditions {
        var kept = conditions(pm25: 12, at: start.addingTimeInterval(-3600))
        kept.failures = [ProviderFailure(provider: "open-meteo", part: .air, kind: .rateLimited, message: "HTTP 429: rate limited",
                                         retryAfterSeconds: 120)]
        kept.fetchedAt = start
        kept.polledAt = start
        kept.partsFetchedAt = PartTimes(air: start.addingTimeInterval(-3600), weather: start, asthma: start)
        return kept
    }

    @Test("a one-shot 30 s later, answering from the store, says 'retry 90s' in the bar, the tooltip and json's display")
    func oneShotInsideTheWindow() async {
        let clock = TestClock(at: start.addingTimeInterval(30))
        let viewModel = MainViewModel(environment: .init(fetch: { _ throws(ProviderFailure) in Issue.record("no fetch"); return stored() },
                                                         now: { clock.now }))
        let shown = await history(viewModel) { _ in viewModel.seed(with: stored()) }.last!
        #expect(shown.retry == "90s")
        #expect(shown.retryAt == start.addingTimeInterval(120))
        #expect(shown.barTextCompact.hasSuffix(" · retry 90s"), "\(shown.barTextCompact)")
        #expect(shown.tooltip.contains("retry 90s"), "\(shown.tooltip)")
        #expect(shown.displayFields.first { $0.key == "retry" }?.value == "90s")
        // Past the window, nothing is said.
        clock.advance(100)
        let after = MainViewModel(environment: .init(fetch: { _ in stored() }, now: { clock.now }))
        let later = await history(after) { _ in after.seed(with: stored()) }.last
        #expect(later?.retry == "")
        #expect(later?.barTextCompact.contains("retry") == false)
    }

    @Test("a sensor poll between the main polls keeps the model's 429: the hold still counts from the fetch that met it")
    func sensorPollDoesNotRestartTheHold() async {
        let clock = TestClock(at: start)
        nonisolated(unsafe) var calls = 0
        let sensorAir = Pollution(source: "purpleair", hourly: HourlySeries([.pm2_5: [9]]))
        let viewModel = MainViewModel(environment: .init(fetch: { request throws(ProviderFailure) in
            calls += 1
            if request.sensorsOnly {
                clock.advance(60)
                return CityConditions(location: brooklyn, pollution: sensorAir, fetchedAt: clock.now)
            }
            return stored()
        }, now: { clock.now }))
        var outputs: [Output] = []
        var iterator = viewModel.outputs.makeAsyncIterator()
        viewModel.inputs.viewDidRefresh()
        while let output = await iterator.next() {
            outputs.append(output)
            if !output.isLoading { break }
        }
        viewModel.inputs.sensorsDidRefresh()
        viewModel.finish()
        while let output = await iterator.next() { outputs.append(output) }
        #expect(calls == 2)
        #expect(outputs.first { !$0.isLoading }?.retry == "2 min")
        #expect(outputs.last?.retry == "60s", "60 s after the 429 with Retry-After 120, not 120 s again")
    }
}
