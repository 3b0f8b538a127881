import BreatherModel
import BreatherViewModel
import ServiceLifecycle
import UnixSignals

/// The controller loop of the daemon and of `watch`: they differ in their sink (files or
/// stdout) and in what they listen to, not in their loop. Shows the stored data at once, asks
/// for a refresh, then turns ticks, early retries, signals and the extra sources (watch's clicks)
/// into view-model inputs until graceful shutdown. It owns every timer of the loop: the poll
/// ticker, the early retry, and the briefing's clock (`LoopTiming`). It keeps no state of the view model's: a
/// scroll is `stepStandard`, and the view model knows the standard shown.
struct ControllerLoop {
    let session: Session
    /// The signals turned into events: SIGHUP reloads, SIGUSR1 refreshes, SIGUSR2 steps to the
    /// next standard. SIGRTMIN+1 (compact or full text) and SIGRTMIN+2 (previous standard) are
    /// always listened to.
    let signals: [UnixSignal]
    /// Starts further event sources; returns what stops them.
    var extraSources: (AsyncStream<ControllerEvent>.Continuation) -> (() -> Void)? = { _ in nil }
    /// SIGHUP: applies a new config and returns its timing; nil when it was rejected.
    var reload: (@Sendable () async -> LoopTiming?)?

    /// Runs until graceful shutdown, then finishes the view model. `timing.sensorSeconds`: the
    /// sensors' own poll (`Settings.sensorPollSeconds`); nil starts no second timer.
    func run(stored: CityConditions?, timing: LoopTiming) async {
        let (events, continuation) = AsyncStream.makeStream(of: ControllerEvent.self, bufferingPolicy: .bufferingNewest(16))
        let signals = await UnixSignalsSequence(trapping: self.signals)
        let forwarder = Task(executorPreference: LoopExecutor.shared) {
            for await signal in signals {
                switch signal {
                case .sighup: continuation.yield(.reload)
                case .sigusr1: continuation.yield(.userRefresh)
                default: continuation.yield(.nextStandard(step: 1))
                }
            }
        }
        let stopExtraSources = extraSources(continuation)
        let realTimeSignals = RealTimeSignals.start(continuation)
        defer { realTimeSignals.forEach { $0.cancel() } }
        let viewModel = session.viewModel
        let retries = RetryTimer(continuation)
        let spacing = RefreshSpacing(continuation)
        await session.fetching.onEarlyRetry { retries.schedule(after: $0) }
        // The stored data at once (stale if old), so an output or a bar never starts blank.
        if let stored { viewModel.seed(with: stored) }
        viewModel.inputs.viewDidRefresh()
        var clocks = LoopClocks(timing, continuation)
        // Graceful shutdown ends the event stream (no cancelOnGracefulShutdown(): its merge
        // runs a task on the global pool, which wakes the process every second; LoopExecutor).
        await withGracefulShutdownHandler {
            for await event in events {
                switch event {
                case .tick, .earlyRetry: viewModel.inputs.viewDidRefresh()
                case .sensorTick: viewModel.inputs.sensorsDidRefresh()
                case .userRefresh: if spacing.admit() { viewModel.inputs.userDidRefresh() }
                case .nextStandard(let step): viewModel.inputs.stepStandard(step)
                case .toggleCompact: viewModel.inputs.toggleCompact()
                case .nextPlace:
                    session.places.cursor.step()
                    viewModel.inputs.redraw()
                case .briefingTime: viewModel.inputs.briefingTime()
                case .reload:
                    if let reload, let new = await reload() {
                        clocks.cancel()
                        clocks = LoopClocks(new, continuation)
                    }
                }
            }
        } onGracefulShutdown: {
            continuation.finish()
        }
        clocks.cancel()
        retries.schedule(after: nil)
        spacing.cancel()
        forwarder.cancel()
        stopExtraSources?()
        viewModel.stop()
    }
}
