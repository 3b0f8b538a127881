#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A burst of a person's refreshes (SIGUSR1, clicks) is one fetch at its start and one at its
/// end: a refresh asked within a second of the one before is held back, and all those held back
/// become one, sent a second after the last of them. The view model merges what arrives while a
/// fetch runs; this covers a provider fast enough to answer between two signals of a burst, so
/// five signals 20 ms apart cost two fetches, not five, and four hundred cost two.
final class RefreshSpacing: Sendable {
    static let quietSeconds = 1.0

    private let state = Mutex<(lastAsked: Double?, deferred: Task<Void, Never>?)>((nil, nil))
    private let events: AsyncStream<ControllerEvent>.Continuation

    init(_ events: AsyncStream<ControllerEvent>.Continuation) { self.events = events }

    /// True when a person's refresh may go to the view model now; otherwise it joins the one
    /// held back (yielded again as `.userRefresh` once a second has passed without another).
    func admit(now: Double = RefreshSpacing.monotonicSeconds()) -> Bool {
        let events = self.events
        return state.withLock { state in
            defer { state.lastAsked = now }
            if state.deferred == nil, state.lastAsked.map({ now - $0 >= Self.quietSeconds }) ?? true { return true }
            state.deferred?.cancel()
            state.deferred = Task(executorPreference: LoopExecutor.shared) { [self] in
                do { try await LoopExecutor.shared.sleep(seconds: Self.quietSeconds) } catch { return }
                self.state.withLock { $0.deferred = nil }
                events.yield(.userRefresh)
            }
            return false
        }
    }

    /// Drops the refresh held back (shutdown).
    func cancel() { state.withLock { $0.deferred?.cancel(); $0.deferred = nil } }

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
