#if canImport(Glibc)
import Glibc
#endif

/// Writes to stdout/stderr through file descriptors (Swift 6 rejects the C `stderr` global).
enum Console {
    static func out(_ text: String) { write(STDOUT_FILENO, text + "\n") }
    static func err(_ text: String) { write(STDERR_FILENO, text + "\n") }

    private static func write(_ fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue } else { return } }
            bytes = bytes.dropFirst(n)
        }
    }
}

/// Log levels for `--log-level`; messages at or above the level reach stderr.
enum LogLevel: String, CaseIterable, Comparable, Sendable {
    case debug, info, warning, error

    static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A minimal stderr logger; every line starts with `breather:` so it is greppable in journals.
/// When stderr is the journal (systemd sets `$JOURNAL_STREAM`), each line also starts with
/// its syslog priority (`<3>` error, `<4>` warning, `<6>` info, `<7>` debug), which journald
/// strips and records, so `journalctl -p warning` works.
struct Logger: Sendable {
    var level: LogLevel
    var toJournal = getenv("JOURNAL_STREAM") != nil

    init(level: LogLevel) { self.level = level }

    func log(_ messageLevel: LogLevel, _ message: @autoclosure () -> String) {
        guard messageLevel >= level else { return }
        let prefix = messageLevel == .error ? "breather: error: " : messageLevel == .warning ? "breather: warning: " : "breather: "
        Console.err((toJournal ? messageLevel.journalPriority : "") + prefix + message())
    }
}

extension LogLevel {
    /// The sd-daemon(3) prefix for this level.
    var journalPriority: String {
        switch self {
        case .error: "<3>"
        case .warning: "<4>"
        case .info: "<6>"
        case .debug: "<7>"
        }
    }
}
