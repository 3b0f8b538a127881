import BreatherModel
import BreatherTestSupport
import BreatherViewModel
import Foundation
import Testing

/// A provider that answers only when the test lets it: fetches wait at the gate, and every
/// request asked is kept.
final class GatedFetch: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var asked: [FetchRequest] = []
    let reply: CityConditions

    init(reply: CityConditions) { self.reply = reply }

    func fetch(_ request: FetchRequest) async -> CityConditions {
        await withCheckedContinuation { continuation in
            lock.withLock {
                asked.append(request)
                waiting.append(continuation)
            }
        }
        return reply
    }

    var requests: [FetchRequest] { lock.withLock { asked } }
    var waitingCount: Int { lock.withLock { waiting.count } }

    /// Lets every fetch waiting at the gate answer.
    func release() {
        let released = lock.withLock { defer { waiting = [] }; return waiting }
        released.forEach { $0.resume() }
    }
}

@Suite("MainViewModel: a burst of refreshes is one more fetch")
struct RefreshBurstTests {
    func makeViewModel() -> (MainViewModel, GatedFetch) {
        let clock = TestClock()
        let gate = GatedFetch(reply: conditions(pm25: 35, at: clock.now))
        let viewModel = MainViewModel(environment: .init(fetch: { request in await gate.fetch(request) }, now: { clock.now }))
        return (viewModel, gate)
    }

    @Test("clicks and signals during a fetch merge into one more fetch, a person's; ticks meanwhile are dropped")
    func burstDuringFetch() async {
        let (viewModel, gate) = makeViewModel()
        viewModel.inputs.viewDidRefresh()
        #expect(await waitUntil { gate.waitingCount == 1 })
        for _ in 0..<3 { viewModel.inputs.viewDidRefresh() }
        for _ in 0..<50 { viewModel.inputs.userDidRefresh() }
        for _ in 0..<3 { viewModel.inputs.viewDidRefresh() }
        gate.release()
        #expect(await waitUntil { gate.requests.count == 2 && gate.waitingCount == 1 })
        gate.release()
        let outputs = await history(viewModel) { _ in }
        #expect(gate.requests.map(\.isUserRequest) == [false, true])
        #expect(outputs.last?.aqi == "99")
    }

    @Test("timer ticks never queue behind a slow fetch")
    func ticksDuringFetch() async {
        let (viewModel, gate) = makeViewModel()
        viewModel.inputs.viewDidRefresh()
        #expect(await waitUntil { gate.waitingCount == 1 })
        for _ in 0..<10 { viewModel.inputs.viewDidRefresh() }
        gate.release()
        _ = await history(viewModel) { _ in }
        #expect(gate.requests.count == 1)
    }

    @Test("stop drops the refresh queued behind the fetch in flight and every later one: no fetch starts after it")
    func stopDropsQueued() async {
        let (viewModel, gate) = makeViewModel()
        viewModel.inputs.viewDidRefresh()
        #expect(await waitUntil { gate.waitingCount == 1 })
        viewModel.inputs.userDidRefresh()
        viewModel.stop()
        viewModel.inputs.userDidRefresh()
        gate.release()
        for await _ in viewModel.outputs {}
        #expect(gate.requests.count == 1)
    }
}
