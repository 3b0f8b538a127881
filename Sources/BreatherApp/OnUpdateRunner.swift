#if canImport(Glibc)
import Glibc
#endif
import BreatherLocale
import Logging

/// Runs the `on_update` command (e.g. `pkill -RTMIN+8 waybar`) after the outputs change,
/// through `ChildProcess`: the configured words as argv, never a shell, never any data in the
/// arguments, an environment without Breather's API keys, killed after `timeoutSeconds`.
struct OnUpdateRunner: Sendable {
    var command: [String]
    var timeoutSeconds: Double = 10
    var logger: Logger
    /// The sink's memory of how the hook last ended: a problem is logged when it starts or changes.
    var outcomes: ChildOutcomeLog?
    /// The language of its lines (the program and the system's reason as they are).
    var language: Language = .english

    /// Starts the command and reaps it in the background; never blocks the caller.
    func run() {
        guard let program = command.first else { return }
        let status = ChildProcess.start(command, label: "on_update", timeoutSeconds: timeoutSeconds, logger: logger, language: language,
                                        quietStatuses: Self.quietStatuses(program), outcomes: outcomes)
        if status != 0 {
            let reason = String(cString: strerror(status))
            logger.log(.warning, "on_update: " + L10n.$language.withValue(language) { tr("cannot start %s: %s").filled(program, reason) })
        }
    }

    /// Exit statuses that mean "nobody to signal", not a failure: `pkill`, `pgrep` and
    /// `killall` exit 1 when no process matched (the bar is not running, or not yet), which the
    /// README's `on_update` lines meet whenever their bar is closed. Logged at debug level only.
    static func quietStatuses(_ program: String) -> Set<Int32> {
        let name = program.split(separator: "/").last.map(String.init) ?? program
        return ["pkill", "pgrep", "killall"].contains(name) ? [1] : []
    }
}
