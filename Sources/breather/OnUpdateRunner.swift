#if canImport(Glibc)
import Glibc
#endif
import Logging

/// Runs the `on_update` command (e.g. `pkill -RTMIN+8 waybar`) after the outputs change,
/// through `ChildProcess`: the configured words as argv, never a shell, never any data in the
/// arguments, an environment without Breather's API keys, killed after `timeoutSeconds`.
struct OnUpdateRunner: Sendable {
    var command: [String]
    var timeoutSeconds: Double = 10
    var logger: Logger

    /// Starts the command and reaps it in the background; never blocks the caller.
    func run() {
        guard let program = command.first else { return }
        let status = ChildProcess.start(command, label: "on_update", timeoutSeconds: timeoutSeconds, logger: logger)
        if status != 0 {
            logger.log(.warning, "on_update: cannot start \(program): \(String(cString: strerror(status)))")
        }
    }
}
