#if canImport(Glibc)
import Glibc
#endif
import BreatherModel
import Dispatch
import BreatherViewModel
import ServiceLifecycle
import Synchronization

/// What the daemon's and `watch`'s controllers turn into view-model inputs.
enum ControllerEvent: Sendable {
    /// The poll interval passed.
    case tick
    /// The sensors' own interval passed (`[providers.<id>] interval`): read them alone.
    case sensorTick
    /// A failed provider is worth asking again before the next tick (`RetryTimer`).
    case earlyRetry
    /// A person asked (SIGUSR1, a left click): one attempt even during backoff.
    case userRefresh
    /// SIGHUP: reload the config (daemon only).
    case reload
    /// Scroll or SIGUSR2: show the next configured standard (no fetch when the data serves it).
    case nextStandard(step: Int)
    /// Right click or SIGRTMIN+1: compact or full bar text (no fetch).
    case toggleCompact
    /// Middle click with `[bar] places = "one"`, or SIGRTMIN+3: the next place, from what is on hand (no fetch).
    case nextPlace
    /// The briefing's local time came (`startBriefingClock`).
    case briefingTime
}

/// The real-time signals the bar snippets send: SIGRTMIN+1 for a right click (compact or full
/// text), SIGRTMIN+2 for a scroll up (the previous standard; SIGUSR2 is the next).
/// swift-service-lifecycle's `UnixSignal` names no real-time signal, so these have their own
/// dispatch sources.
enum RealTimeSignals {
    /// SIGRTMIN+1: compact or full text.
    static var compactToggle: Int32 { __libc_current_sigrtmin() + 1 }
    /// SIGRTMIN+2: the previous standard.
    static var previousStandard: Int32 { __libc_current_sigrtmin() + 2 }
    /// SIGRTMIN+3: the next place (`[bar] places = "one"`).
    static var nextPlace: Int32 { __libc_current_sigrtmin() + 3 }

    /// Yields `.toggleCompact` and `.nextStandard(step: -1)` for every signal until the
    /// returned sources are cancelled.
    static func start(_ events: AsyncStream<ControllerEvent>.Continuation) -> [any DispatchSourceSignal] {
        let queue = DispatchQueue(label: "breather.rtsignal")
        return [(compactToggle, ControllerEvent.toggleCompact), (previousStandard, .nextStandard(step: -1)), (nextPlace, .nextPlace)].map { number, event in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { events.yield(event) }
            source.resume()
            return source
        }
    }
}

/// The poll clock: yields `event` (`.tick`) after every interval. It sleeps between ticks, so
/// an idle poller costs no wakeups; cancel the task to stop it.
func startTicker(seconds: Int, _ events: AsyncStream<ControllerEvent>.Continuation, event: ControllerEvent = .tick) -> Task<Void, Never> {
    Task(executorPreference: LoopExecutor.shared) {
        while !Task.isCancelled {
            do { try await LoopExecutor.shared.sleep(seconds: Double(seconds)) } catch { return }
            events.yield(event)
        }
    }
}

/// The one pending early retry after a failure: every fetch's outcome replaces it (a success
/// cancels it), so at most one is ever scheduled. Sleeps on the `LoopExecutor` like the ticker.
final class RetryTimer: Sendable {
    private let pending = Mutex<Task<Void, Never>?>(nil)
    private let events: AsyncStream<ControllerEvent>.Continuation

    init(_ events: AsyncStream<ControllerEvent>.Continuation) { self.events = events }

    /// Yields `.earlyRetry` after `seconds`; nil only cancels the one pending.
    func schedule(after seconds: Double?) {
        let events = self.events
        let task = seconds.map { seconds in
            Task(executorPreference: LoopExecutor.shared) {
                do { try await LoopExecutor.shared.sleep(seconds: seconds) } catch { return }
                events.yield(.earlyRetry)
            }
        }
        pending.withLock { old in
            old?.cancel()
            old = task
        }
    }
}

/// Pings systemd's watchdog every half `WATCHDOG_USEC` until graceful shutdown.
struct WatchdogService: Service {
    let notifier: SystemdNotifier
    let intervalSeconds: Double

    func run() async throws {
        while !Task.isShuttingDownGracefully {
            notifier.notify("WATCHDOG=1")
            do {
                try await cancelWhenGracefulShutdown { try await LoopExecutor.shared.sleep(seconds: intervalSeconds) }
            } catch {
                return
            }
        }
    }
}
