#if canImport(Glibc)
import Glibc
#endif

/// Runs the `on_update` command (e.g. `pkill -RTMIN+8 waybar`) after the outputs change:
/// posix_spawnp with the configured words as argv, never a shell, never any data in the
/// arguments; killed if it outlives `timeoutSeconds` so a stuck hook cannot pile up.
struct OnUpdateRunner: Sendable {
    var command: [String]
    var timeoutSeconds: Double = 10
    var logger: Logger

    /// Starts the command and reaps it in the background; never blocks the poll loop.
    func run() {
        guard let program = command.first else { return }
        var pid: pid_t = 0
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let status = posix_spawnp(&pid, program, nil, nil, &argv, environ)
        guard status == 0 else {
            logger.log(.warning, "on_update: cannot start \(program): \(String(cString: strerror(status)))")
            return
        }
        let (logger, timeout) = (logger, timeoutSeconds)
        Task.detached {
            let deadline = monotonicSeconds() + timeout
            var wstatus: Int32 = 0
            while waitpid(pid, &wstatus, WNOHANG) == 0 {
                if monotonicSeconds() > deadline {
                    kill(pid, SIGKILL)
                    waitpid(pid, &wstatus, 0)
                    logger.log(.warning, "on_update: \(program) killed after \(Int(timeout))s")
                    return
                }
                try? await Task.sleep(for: .milliseconds(50))
            }
            // WIFEXITED/WEXITSTATUS are macros Swift cannot import.
            let exitCode = (wstatus >> 8) & 0xff
            if wstatus & 0x7f != 0 || exitCode != 0 {
                logger.log(.warning, "on_update: \(program) exited with status \(exitCode)")
            }
        }
    }
}

/// CLOCK_MONOTONIC seconds, immune to wall-clock jumps.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
