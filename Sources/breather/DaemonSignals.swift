#if canImport(Glibc)
import Glibc
#endif
import Dispatch

/// Turns the daemon's signals into events through DispatchSource, so handlers run as normal
/// code on a queue (not in async-signal context). Each signal is first set to SIG_IGN so its
/// default action (terminate) cannot fire before or beside the source.
final class DaemonSignals {
    private let sources: [any DispatchSourceSignal]

    /// `onStop` runs for SIGTERM and SIGINT and is expected to exit the process.
    init(events: AsyncStream<Daemon.Event>.Continuation, onStop: @escaping @Sendable (Int32) -> Void) {
        let queue = DispatchQueue(label: "breather.signals")
        let actions: [(Int32, @Sendable () -> Void)] = [
            (SIGUSR1, { events.yield(.refresh) }),
            (SIGHUP, { events.yield(.reload) }),
            (SIGTERM, { onStop(SIGTERM) }),
            (SIGINT, { onStop(SIGINT) }),
        ]
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sources = actions.map { number, action in
            signal(number, SIG_IGN)
            sigaddset(&unblock, number)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler(handler: action)
            source.resume()
            return source
        }
        // A parent may have started us with these signals blocked (they are inherited).
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    deinit { sources.forEach { $0.cancel() } }
}
