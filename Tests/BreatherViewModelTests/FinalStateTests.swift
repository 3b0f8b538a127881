import BreatherModel
import BreatherTestSupport
import BreatherViewModel
import Foundation
import Synchronization
import Testing

/// `Environment.rendersEveryState = false`, the one-shot's view model: one output, where the
/// events led, the same as the last of the outputs a view that draws every state gets.
@Suite("MainViewModel rendering only the final state")
struct FinalStateTests {
    /// How often the view model asked for the history's past hours.
    final class Reads: Sendable {
        let count = Mutex(0)
    }

    /// A view model over `fetch` whose history answer is counted in `reads`.
    static func viewModel(rendersEveryState: Bool, clock: TestClock, fetch: ScriptedFetch, reads: Reads? = nil) -> MainViewModel {
        var environment = MainViewModel.Environment(
            fetch: { _ throws(ProviderFailure) in try fetch.next() }, now: { clock.now },
            recentIndices: { _, _ in
                reads?.count.withLock { $0 += 1 }
                return nil
            })
        environment.rendersEveryState = rendersEveryState
        return MainViewModel(environment: environment)
    }

    @Test("stored data, then a refresh: one output, equal to the last one rendered state by state")
    func storedThenRefresh() async {
        let clock = TestClock()
        let stored = conditions(pm25: 12.0, at: clock.now.addingTimeInterval(-7200))
        let fresh = conditions(pm25: 35.0, at: clock.now)
        let drawn = await history(Self.viewModel(rendersEveryState: true, clock: clock, fetch: ScriptedFetch([.success(fresh)]))) { inputs in
            inputs.aqiStandard(.us)
            inputs.viewDidRefresh()
        }
        let reads = Reads()
        let finalOnly = Self.viewModel(rendersEveryState: false, clock: clock, fetch: ScriptedFetch([.success(fresh)]), reads: reads)
        finalOnly.seed(with: stored)
        let printed = await history(finalOnly) { inputs in
            inputs.aqiStandard(.us)
            inputs.viewDidRefresh()
        }
        #expect(drawn.count >= 2)
        #expect(printed.count == 1)
        #expect(printed.last == drawn.last)
        #expect(printed.last?.aqi == "99")
        #expect(printed.last?.isLoading == false)
        #expect(reads.count.withLock { $0 } == 1)  // the history is read once, for the state printed
    }

    @Test("a failed refresh over stored data: the stored data, marked stale, as the last state drawn")
    func failedRefresh() async {
        let clock = TestClock()
        let stored = conditions(pm25: 12.0, at: clock.now.addingTimeInterval(-600))
        func run(_ every: Bool) async -> [Output] {
            let viewModel = Self.viewModel(rendersEveryState: every, clock: clock, fetch: ScriptedFetch([.failure(outage)]))
            viewModel.seed(with: stored)
            return await history(viewModel) { $0.viewDidRefresh() }
        }
        let drawn = await run(true)
        let printed = await run(false)
        #expect(drawn.count == 3)  // stored, loading, the failure
        #expect(printed.count == 1)
        #expect(printed.last == drawn.last)
        #expect(printed.last?.error?.contains("HTTP 503") == true)
        #expect(printed.last?.aqi == drawn.first?.aqi)  // the stored reading, kept
    }

    @Test("no event at all: no output, as when every state is rendered")
    func noEvent() async {
        let clock = TestClock()
        let outputs = await history(Self.viewModel(rendersEveryState: false, clock: clock, fetch: ScriptedFetch([]))) { _ in }
        #expect(outputs.isEmpty)
    }
}
