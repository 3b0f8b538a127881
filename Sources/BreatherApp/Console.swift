#if canImport(Glibc)
import Glibc
#endif

/// Writes to stdout/stderr through file descriptors (Swift 6 rejects the C `stderr` global).
enum Console {
    /// False when stdout cannot be written (EPIPE: its reader went away).
    @discardableResult
    static func out(_ text: String, newline: Bool = true) -> Bool { write(STDOUT_FILENO, newline ? text + "\n" : text) }
    static func err(_ text: String) { write(STDERR_FILENO, text + "\n") }

    @discardableResult
    private static func write(_ fd: Int32, _ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue } else { return false } }
            bytes = bytes.dropFirst(n)
        }
        return true
    }
}

/// Log levels for `--log-level`; messages at or above the level reach stderr.
enum LogLevel: String, CaseIterable, Sendable {
    case debug, info, warning, error
}
