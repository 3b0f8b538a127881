#if canImport(Glibc)
import Glibc
#endif
import Logging

/// The one log handler: every line on stderr starts with `breather:` so it is greppable in
/// journals. When stderr is the journal (systemd sets `$JOURNAL_STREAM`), each line also
/// starts with its syslog priority (`<3>` error, `<4>` warning, `<6>` info, `<7>` debug),
/// which journald strips and records, so `journalctl -p warning` works.
struct BreatherLogHandler: LogHandler {
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]
    let toJournal: Bool

    init(level: Logger.Level, toJournal: Bool = getenv("JOURNAL_STREAM") != nil) {
        logLevel = level
        self.toJournal = toJournal
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        Console.err(Self.line(event.level, "\(event.message)", toJournal: toJournal))
    }

    /// "breather: warning: …", with "<4>" before it for the journal.
    static func line(_ level: Logger.Level, _ message: String, toJournal: Bool) -> String {
        let prefix = switch level {
        case .error, .critical: "breather: error: "
        case .warning: "breather: warning: "
        default: "breather: "
        }
        return (toJournal ? journalPriority(level) : "") + prefix + message
    }

    /// The sd-daemon(3) prefix for `level`.
    static func journalPriority(_ level: Logger.Level) -> String {
        switch level {
        case .critical: "<2>"
        case .error: "<3>"
        case .warning: "<4>"
        case .notice: "<5>"
        case .info: "<6>"
        case .debug, .trace: "<7>"
        }
    }
}

extension Logger {
    /// Breather's logger at `level` (`--log-level`), through `BreatherLogHandler`.
    static func breather(_ level: LogLevel) -> Logger {
        Logger(label: "breather") { _ in BreatherLogHandler(level: level.swiftLogLevel) }
    }

    /// Logs one line at `level`.
    func log(_ level: Logger.Level, _ text: @autoclosure () -> String) {
        log(level: level, "\(text())")
    }
}

extension LogLevel {
    /// The swift-log level of the same name.
    var swiftLogLevel: Logger.Level {
        switch self {
        case .debug: .debug
        case .info: .info
        case .warning: .warning
        case .error: .error
        }
    }
}
