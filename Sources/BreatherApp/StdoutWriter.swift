#if canImport(Glibc)
import Glibc
#endif
import BreatherIO
import Synchronization

/// Writes `watch`'s lines to stdout on a thread of its own, so a bar that stops reading (a full
/// pipe) blocks that thread, never Breather's one executor thread: SIGTERM still shuts the group
/// down, and `abandon()` lets the printer return at once, leaving the stuck write to the exit.
final class StdoutWriter: Sendable {
    private let state = Mutex<(waiting: CheckedContinuation<Bool, Never>?, abandoned: Bool)>((nil, false))

    /// Writes `line` and a newline; false once stdout is closed (EPIPE) or unwritable, or the
    /// write was abandoned.
    func write(_ line: String) async -> Bool {
        await withCheckedContinuation { continuation in
            let abandoned = state.withLock { state in
                if !state.abandoned { state.waiting = continuation }
                return state.abandoned
            }
            if abandoned { return continuation.resume(returning: false) }
            BlockingThread.run { [self] in
                let written = Self.writeAll(line + "\n")
                state.withLock { state in defer { state.waiting = nil }; return state.waiting }?.resume(returning: written)
            }
        }
    }

    /// Gives up the write in progress, if any, and every later one (shutdown): they return false.
    func abandon() {
        state.withLock { state in
            state.abandoned = true
            defer { state.waiting = nil }
            return state.waiting
        }?.resume(returning: false)
    }

    private static func writeAll(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            bytes = bytes.dropFirst(n)
        }
        return true
    }
}
