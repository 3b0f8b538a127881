#if canImport(Glibc)
import Glibc
#endif
import BreatherIO
import CProcess
import Synchronization

/// Breather's one thread for Swift tasks, with timers of its own: the process's main thread,
/// which `Breather.main` hands to `runForever()` once the command's task is queued.
///
/// Why not Swift's global pool: on Linux, libdispatch starts a 1-second timer that never stops
/// (its workqueue monitor, `_dispatch_workq_init_once` in swift-corelibs-libdispatch) as soon as
/// that pool runs a job, so an idle daemon would wake once a second for ever. Every task of
/// every command prefers this executor (`Task(executorPreference:)`), and waits with
/// `sleep(seconds:)` instead of `Task.sleep` (which goes through the global pool), so the thread
/// sleeps in `poll` until a job or a deadline is due.
///
/// Deadlines count time asleep and ignore the wall clock (`BootDeadline`): the thread waits on a
/// timerfd on CLOCK_BOOTTIME, so after a suspend longer than the poll interval the poll is due
/// at resume, not one interval of waking time later, and a wall clock set back or forward moves
/// no poll. (A condition variable can wait only on the realtime or monotonic clock.) An eventfd
/// wakes the wait when a job or an earlier timer arrives from another thread.
///
/// Why the main thread rather than one of its own: an `async` `main` ends in `dispatch_main`,
/// which retires the main thread with `pthread_exit`; glibc loads libgcc_s to unwind it, and the
/// work moves to a new thread: a library load, a thread start and a hand-over in every command,
/// about half a millisecond of a one-shot run answered by the cache when it was measured.
final class LoopExecutor: TaskExecutor, @unchecked Sendable {
    /// The one instance, run by the main thread.
    static let shared = LoopExecutor()

    private struct Timer {
        var deadline: BootDeadline
        var id: UInt64
        var fire: @Sendable () -> Void
    }

    private var mutex = pthread_mutex_t()
    /// CLOCK_BOOTTIME, armed for the earliest timer while the loop waits.
    private let timer: Int32
    /// Written to wake the loop's `poll`.
    private let wakeUp: Int32
    // Guarded by `mutex`.
    private var jobs: [UnownedJob] = []
    private var timers: [Timer] = []
    private var nextTimerID: UInt64 = 0
    /// True while the loop waits in `poll`: only then does a new job or timer need a wake-up.
    private var waiting = false

    private init() {
        pthread_mutex_init(&mutex, nil)
        timer = timerfd_create(CLOCK_BOOTTIME, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        wakeUp = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        // Without them no deadline could be kept (only a process out of file descriptors gets here).
        if timer < 0 || wakeUp < 0 {
            let line = "breather: error: cannot create the event loop's timer (\(String(cString: strerror(errno))))\n"
            _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
            cprocess_exit_now(70)
        }
    }

    func enqueue(_ job: UnownedJob) {
        pthread_mutex_lock(&mutex)
        jobs.append(job)
        wakeIfWaiting()
        pthread_mutex_unlock(&mutex)
    }

    /// Ends the loop's `poll` so it looks at jobs and timers again. Called with `mutex` held.
    private func wakeIfWaiting() {
        guard waiting else { return }
        waiting = false
        var one: UInt64 = 1
        _ = write(wakeUp, &one, 8)
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
        wakeIfWaiting()
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
            let now = BootDeadline.now()
            let due = timers.filter { $0.deadline.isDue(now) }
            timers.removeAll { $0.deadline.isDue(now) }
            let ready = jobs
            jobs.removeAll()
            let next = timers.min { $0.deadline < $1.deadline }?.deadline
            let idle = ready.isEmpty && due.isEmpty
            waiting = idle
            pthread_mutex_unlock(&mutex)
            if idle {
                wait(until: next)
                continue
            }
            due.forEach { $0.fire() }
            for job in ready { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }

    /// Waits until `next` is due (nil: no timer) or a wake-up comes. A job or timer added after
    /// `mutex` was released finds `waiting` set and writes the eventfd, so none is missed.
    private func wait(until next: BootDeadline?) {
        // Armed at an absolute boot-clock instant (disarmed when zero): one past already fires at once.
        var setting = itimerspec(it_interval: timespec(), it_value: next?.bootTime ?? timespec())
        if next != nil, setting.it_value.tv_sec == 0, setting.it_value.tv_nsec == 0 { setting.it_value.tv_nsec = 1 }
        timerfd_settime(timer, Int32(TFD_TIMER_ABSTIME), &setting, nil)
        var fds = [pollfd(fd: wakeUp, events: Int16(POLLIN), revents: 0), pollfd(fd: timer, events: Int16(POLLIN), revents: 0)]
        _ = poll(&fds, 2, -1)
        var count: UInt64 = 0
        _ = read(wakeUp, &count, 8)  // non-blocking: drained if written, EAGAIN otherwise
        _ = read(timer, &count, 8)
        pthread_mutex_lock(&mutex)
        waiting = false
        pthread_mutex_unlock(&mutex)
    }
}
