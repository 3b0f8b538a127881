import BreatherIO
import Synchronization

/// A person's refreshes (SIGUSR1, clicks) start a fetch at most once a second: one asked within
/// a second of the last joins a single refresh sent when the second is up. The view model merges
/// what arrives while a fetch runs; this covers a provider fast enough to answer between two
/// clicks of a burst, so five clicks 20 ms apart cost two fetches, not five. Not a debounce that
/// waits for the clicks to stop: a steady stream of them still refreshes once a second.
final class RefreshSpacing: Sendable {
    static let minimumSeconds = 1.0

    private let state = Mutex<(last: Double?, deferred: Task<Void, Never>?)>((nil, nil))
    private let events: AsyncStream<ControllerEvent>.Continuation

    init(_ events: AsyncStream<ControllerEvent>.Continuation) { self.events = events }

    /// True when a person's refresh may go to the view model now; otherwise it is merged into
    /// the one deferred (yielded again as `.userRefresh` when the second is up).
    func admit(now: Double = BootDeadline.now()) -> Bool {
        let events = self.events
        return state.withLock { state in
            if state.deferred != nil { return false }
            guard let last = state.last, now - last < Self.minimumSeconds else {
                state.last = now
                return true
            }
            let wait = Self.minimumSeconds - (now - last)
            state.deferred = Task(executorPreference: LoopExecutor.shared) { [self] in
                do { try await LoopExecutor.shared.sleep(seconds: wait) } catch { return }
                self.state.withLock { $0.deferred = nil }
                events.yield(.userRefresh)
            }
            return false
        }
    }

    /// Drops the deferred refresh (shutdown).
    func cancel() { state.withLock { $0.deferred?.cancel(); $0.deferred = nil } }
}
