import BreatherIO
import CCurl
import Synchronization

/// Runs every libcurl transfer of the process on one thread through one multi handle.
///
/// Why a multi handle: the requests of one refresh run concurrently without a thread each,
/// and they share one connection pool (and DNS and TLS-session caches), so requests to a host
/// already connected reuse the connection, within one refresh and from one daemon poll to
/// the next. A share handle cannot do this across threads: libcurl does not support sharing
/// connections between concurrent threads (CURLSHOPT_SHARE(3)).
///
/// `curl_multi_perform` and `curl_multi_poll` block, so the loop has a POSIX thread of its own,
/// never Swift's cooperative pool; the thread ends when no transfer is left (no idle wake-ups
/// in the daemon) and starts again with the next request. The multi handle, and with it the
/// pool of idle connections, lives for the whole process.
final class CurlEngine: Sendable {
    /// The one engine of the process, made at the first request.
    static let shared = CurlEngine()

    /// Called once, on the engine's thread (or the caller's for an early failure), with the result.
    typealias Completion = @Sendable (Result<HTTPResponse, HTTPError>) -> Void

    private struct Waiting {
        let transfer: CurlTransfer
        let completion: Completion
    }

    private struct State: ~Copyable {
        var multi: UnsafeMutableRawPointer?
        var waiting: [Waiting] = []
        var loopRunning = false
    }

    private let state = Mutex(State())

    /// Performs `transfer` (its checks first, then the request) and returns its result.
    func perform(_ transfer: CurlTransfer) async -> Result<HTTPResponse, HTTPError> {
        await withCheckedContinuation { continuation in
            submit(transfer) { continuation.resume(returning: $0) }
        }
    }

    /// Stops `transfer` if it has not finished: it completes with `.cancelled` at once (within
    /// the loop's next turn), its connection closed rather than left half-read.
    func cancel(_ transfer: CurlTransfer) {
        transfer.cancelled.store(true, ordering: .releasing)
        if let multi = state.withLock({ $0.multi }) { ccurl_multi_wakeup(multi) }
    }

    /// Starts `transfer` and returns at once; `completion` gets the result.
    func submit(_ transfer: CurlTransfer, completion: @escaping Completion) {
        if let failure = transfer.schemeFailure() { return completion(.failure(failure)) }
        if let reason = CurlLibrary.loadError { return completion(.failure(.transport(url: transfer.shownURL, detail: reason))) }
        let (multi, startLoop) = state.withLock { state -> (UnsafeMutableRawPointer?, Bool) in
            if state.multi == nil { state.multi = ccurl_multi_init() }
            guard state.multi != nil else { return (nil, false) }
            state.waiting.append(Waiting(transfer: transfer, completion: completion))
            defer { state.loopRunning = true }
            return (state.multi, !state.loopRunning)
        }
        guard let multi else {
            return completion(.failure(.transport(url: transfer.shownURL, detail: "libcurl could not start (curl_multi_init failed)")))
        }
        if startLoop {
            let handle = MultiHandle(pointer: multi)  // used by the loop's thread only
            BlockingThread.run { self.loop(handle.pointer) }
        } else {
            ccurl_multi_wakeup(multi)  // out of curl_multi_poll, to add the new transfer
        }
    }

    /// The transfer loop: add what is waiting, let libcurl work, hand out what finished,
    /// sleep in `curl_multi_poll` until a socket is ready, a timeout is due or a request comes.
    private func loop(_ multi: UnsafeMutableRawPointer) {
        var running: [UnsafeMutableRawPointer: Waiting] = [:]
        while true {
            let arrived = state.withLock { state -> [Waiting]? in
                defer { state.waiting = [] }
                if state.waiting.isEmpty && running.isEmpty {
                    state.loopRunning = false
                    return nil
                }
                return state.waiting
            }
            guard let arrived else { return }
            for waiting in arrived {
                if waiting.transfer.isCancelled {
                    waiting.completion(.failure(.cancelled(url: waiting.transfer.shownURL)))
                    continue
                }
                switch waiting.transfer.start() {
                case .failure(let error):
                    waiting.completion(.failure(error))
                case .success(let handle):
                    let code = ccurl_multi_add_handle(multi, handle)
                    guard code == CURLM_OK else {
                        let detail = "libcurl could not start the transfer: \(String(cString: ccurl_multi_strerror(code)))"
                        waiting.completion(.failure(.transport(url: waiting.transfer.shownURL, detail: detail)))
                        continue
                    }
                    running[handle] = waiting
                }
            }
            var active: Int32 = 0
            ccurl_multi_perform(multi, &active)
            var result = CURLE_OK
            while let handle = ccurl_multi_next_done(multi, &result) {
                ccurl_multi_remove_handle(multi, handle)
                guard let finished = running.removeValue(forKey: handle) else { continue }
                finished.completion(finished.transfer.finish(result))
            }
            for (handle, waiting) in running where waiting.transfer.isCancelled {
                ccurl_multi_remove_handle(multi, handle)
                running[handle] = nil
                waiting.completion(.failure(.cancelled(url: waiting.transfer.shownURL)))
            }
            if !running.isEmpty {
                ccurl_multi_poll(multi, 1000)
            }
        }
    }
}

/// The multi handle, passed to the loop's thread, which alone uses it (besides
/// `curl_multi_wakeup`, which libcurl allows from any thread).
private struct MultiHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
}
