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
    private var isOpen = false
    let reply: CityConditions

    init(reply: CityConditions) { self.reply = reply }

    func fetch(_ request: FetchRequest) async -> CityConditions {
        await withCheckedContinuation { continuation in
            let open = lock.withLock {
                asked.append(request)
                if !isOpen { waiting.append(continuation) }
                return isOpen
            }
            if open { continuation.resume() }
        }
        return reply
    }

    var requests: [FetchRequest] { lock.withLock { asked } }
    var waitingCount: Int { lock.withLock { waiting.count } }

    /// Lets every fetch waiting at the gate answer; with `staysOpen`, every later one too (so a
    /// failed test ends rather than hangs).
    func release(staysOpen: Bool = false) {
        let released = lock.withLock {
            defer { waiting = [] }
            isOpen = isOpen || staysOpen
            return waiting
        }
        released.forEach { $0.resume() }
    }
}

/// What a source holds now (a publisher's last state), changed by the test.
final class SourceValue: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: CityConditions
    init(_ value: CityConditions) { stored = value }
    var value: CityConditions {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
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

    /// Sends a tick and waits for its loading output: from then on a fetch runs (held at the gate).
    func startFetch(_ viewModel: MainViewModel, _ outputs: inout AsyncStream<Output>.Iterator) async {
        viewModel.inputs.viewDidRefresh()
        let loading = await outputs.next()
        #expect(loading?.isLoading == true)
    }

    /// Opens the gate for good, finishes, and returns the outputs that follow.
    func drain(_ viewModel: MainViewModel, _ gate: GatedFetch, _ outputs: inout AsyncStream<Output>.Iterator) async -> [Output] {
        gate.release(staysOpen: true)
        viewModel.finish()
        var rest: [Output] = []
        while let output = await outputs.next() { rest.append(output) }
        return rest
    }

    @Test("clicks and signals during a fetch merge into one more fetch, a person's; ticks meanwhile are dropped")
    func burstDuringFetch() async {
        let (viewModel, gate) = makeViewModel()
        var outputs = viewModel.outputs.makeAsyncIterator()
        await startFetch(viewModel, &outputs)
        for _ in 0..<3 { viewModel.inputs.viewDidRefresh() }
        for _ in 0..<50 { viewModel.inputs.userDidRefresh() }
        for _ in 0..<3 { viewModel.inputs.viewDidRefresh() }
        let rest = await drain(viewModel, gate, &outputs)
        #expect(gate.requests.map(\.isUserRequest) == [false, true])
        #expect(rest.map(\.isLoading) == [false, true, false])
        #expect(rest.last?.aqi == "99")
    }

    @Test("timer ticks never queue behind a slow fetch")
    func ticksDuringFetch() async {
        let (viewModel, gate) = makeViewModel()
        var outputs = viewModel.outputs.makeAsyncIterator()
        await startFetch(viewModel, &outputs)
        for _ in 0..<10 { viewModel.inputs.viewDidRefresh() }
        _ = await drain(viewModel, gate, &outputs)
        #expect(gate.requests.count == 1)
    }

    /// Issue found under load: `watch --source mqtt://` kept a publisher's old state (its
    /// availability "online", its index) when the change came while a fetch ran, since the
    /// subscription sent a tick, which a fetch in flight drops (`ticksDuringFetch`).
    @Test("a change of the source while a fetch runs that already read it: one more fetch after it, which shows the change")
    func sourceChangeDuringFetch() async {
        let clock = TestClock()
        let gate = GatedFetch(reply: conditions(pm25: 35, at: clock.now))
        let source = SourceValue(conditions(pm25: 35, at: clock.now))
        // As the MQTT subscription: the fetch reads what the source holds, then answers later.
        let viewModel = MainViewModel(environment: .init(fetch: { request in
            let read = source.value
            _ = await gate.fetch(request)
            return read
        }, now: { clock.now }))
        var outputs = viewModel.outputs.makeAsyncIterator()
        viewModel.inputs.sourceDidChange()
        #expect(await outputs.next()?.isLoading == true)
        #expect(await waitUntil { gate.waitingCount == 1 }, "the first fetch has read the source")
        source.value = conditions(pm25: 5, at: clock.now)
        for _ in 0..<3 { viewModel.inputs.sourceDidChange() }
        let rest = await drain(viewModel, gate, &outputs)
        #expect(gate.requests.count == 2, "the changes meanwhile are one more fetch")
        #expect(rest.map(\.aqi).last == "28", "\(rest.map(\.aqi))")
    }

    @Test("stop drops the refresh queued behind the fetch in flight and every later one: no fetch starts after it")
    func stopDropsQueued() async {
        let (viewModel, gate) = makeViewModel()
        var outputs = viewModel.outputs.makeAsyncIterator()
        await startFetch(viewModel, &outputs)
        viewModel.inputs.userDidRefresh()
        viewModel.stop()
        viewModel.inputs.userDidRefresh()
        _ = await drain(viewModel, gate, &outputs)
        #expect(gate.requests.count == 1)
    }
}
