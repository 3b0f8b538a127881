#if canImport(Glibc)
import Glibc
#endif
import BreatherIO
import Synchronization

/// Breather's one thread for Swift tasks, with timers of its own: the process's main thread,
/// which `Breather.main` hands to `runForever()` once the command's task is queued.
///
/// Why not Swift's global pool: on Linux, libdispatch starts a 1-second timer that never stops
/// (its workqueue monitor, `_dispatch_workq_init_once` in swift-corelibs-libdispatch) as soon as
/// that pool runs a job, so an idle daemon would wake once a second for ever. Every task of
/// every command prefers this executor (`Task(executorPreference:)`), and waits with
/// `sleep(seconds:)` instead of `Task.sleep` (which goes through the global pool), so the thread
/// sleeps in `pthread_cond_timedwait` until a job or a deadline is due.
///
/// Deadlines count time asleep (`BootDeadline`: CLOCK_BOOTTIME, waited for on the wall clock),
/// so after a suspend longer than the poll interval the poll is due at resume, not one interval
/// of waking time later.
///
/// Why the main thread rather than one of its own: an `async` `main` ends in `dispatch_main`,
/// which retires the main thread with `pthread_exit`; glibc loads libgcc_s to unwind it, and the
/// work moves to a new thread: a library load, a thread start and a hand-over in every command,
/// half a millisecond of a 2.7 ms one-shot run answered by the cache (docs/PERFORMANCE.md).
final class LoopExecutor: TaskExecutor, @unchecked Sendable {
    /// The one instance, run by the main thread.
    static let shared = LoopExecutor()

    private struct Timer {
        var deadline: BootDeadline
        var id: UInt64
        var fire: @Sendable () -> Void
    }

    private var mutex = pthread_mutex_t()
    private var condition = pthread_cond_t()
    // Guarded by `mutex`.
    private var jobs: [UnownedJob] = []
    private var timers: [Timer] = []
    private var nextTimerID: UInt64 = 0

    private init() {
        // The wall clock (the default): a wait for a wall-clock instant that passed during a
        // suspend ends at resume (BootDeadline).
        pthread_cond_init(&condition, nil)
        pthread_mutex_init(&mutex, nil)
    }

    func enqueue(_ job: UnownedJob) {
        pthread_mutex_lock(&mutex)
        jobs.append(job)
        pthread_cond_signal(&condition)
        pthread_mutex_unlock(&mutex)
    }

    /// Suspends the calling task for `seconds` (cancellable: throws `CancellationError`).
    func sleep(seconds: Double) async throws {
        let sleeper = Sleeper()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                guard sleeper.wait(continuation) else { return }
                sleeper.timer(schedule(after: seconds) { sleeper.wake() })
            }
        } onCancel: {
            if let timer = sleeper.cancel() { _ = cancel(timer) }
        }
    }

    /// One `sleep`'s continuation, resumed once: by its timer or by cancellation.
    private final class Sleeper: Sendable {
        private let state = Mutex<(continuation: CheckedContinuation<Void, any Error>?, cancelled: Bool, timer: UInt64?)>((nil, false, nil))

        /// Keeps the continuation; false (after resuming it with a cancellation) when cancelled already.
        func wait(_ continuation: CheckedContinuation<Void, any Error>) -> Bool {
            let cancelled = state.withLock { state in
                if !state.cancelled { state.continuation = continuation }
                return state.cancelled
            }
            if cancelled { continuation.resume(throwing: CancellationError()) }
            return !cancelled
        }

        func timer(_ id: UInt64) { state.withLock { $0.timer = id } }

        func wake() { state.withLock { state in defer { state.continuation = nil }; return state.continuation }?.resume() }

        /// Resumes with `CancellationError`; returns the timer to remove.
        func cancel() -> UInt64? {
            let (continuation, timer) = state.withLock { state in
                defer { state.continuation = nil; state.cancelled = true }
                return (state.continuation, state.timer)
            }
            continuation?.resume(throwing: CancellationError())
            return timer
        }
    }

    /// Runs `fire` on this thread after `seconds`; returns an id for `cancel`.
    private func schedule(after seconds: Double, _ fire: @escaping @Sendable () -> Void) -> UInt64 {
        let deadline = BootDeadline(after: seconds)
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        nextTimerID += 1
        let id = nextTimerID
        timers.append(Timer(deadline: deadline, id: id, fire: fire))
        pthread_cond_signal(&condition)
        return id
    }

    /// Removes a timer that has not fired; false when it already fired (or never existed).
    private func cancel(_ id: UInt64) -> Bool {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        guard let index = timers.firstIndex(where: { $0.id == id }) else { return false }
        timers.remove(at: index)
        return true
    }

    /// Makes the calling thread the executor's for the rest of the process: runs due timers and
    /// queued jobs, otherwise sleeps until the next deadline. The process ends with a job that
    /// calls `exit`; jobs queued before this call wait for it.
    func runForever() -> Never {
        while true {
            pthread_mutex_lock(&mutex)
            var due: [Timer] = []
            while true {
                let now = BootDeadline.Readings.now()
                due = timers.filter { $0.deadline.isDue(now) }
                timers.removeAll { $0.deadline.isDue(now) }
                if !jobs.isEmpty || !due.isEmpty { break }
                if let next = timers.min(by: { $0.deadline < $1.deadline }) {
                    let wake = next.deadline.wallClockWait(now)
                    var deadline = timespec(tv_sec: Int(wake.rounded(.down)), tv_nsec: Int((wake - wake.rounded(.down)) * 1e9))
                    pthread_cond_timedwait(&condition, &mutex, &deadline)
                } else {
                    pthread_cond_wait(&condition, &mutex)
                }
            }
            let ready = jobs
            jobs.removeAll()
            pthread_mutex_unlock(&mutex)
            due.forEach { $0.fire() }
            for job in ready { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }
}
