#if canImport(Glibc)
import Glibc
#endif
import BreatherIO
import CProcess
import BreatherLocale
import Logging
import Synchronization

/// Starts a helper program for the daemon and `watch` (`on_update`, `notify-send`): posix_spawnp
/// with the words as argv, never a shell, and the secret-free `childEnvironment()`. A thread
/// blocks in `waitpid` until the child ends (no polling); one timer kills it if it outlives
/// `timeoutSeconds`, so a stuck helper cannot pile up. `endAll` ends those still running when
/// Breather stops.
enum ChildProcess {
    /// The helpers started and not yet reaped.
    private static let running = Mutex<Set<pid_t>>([])

    /// Spawns `argv` and reaps it in the background, reporting a non-zero exit or a kill under
    /// `label` (through `outcomes` when given: once per change), except the exit statuses in
    /// `quietStatuses` (an answer, not a failure: `pkill`'s 1, "no process matched"; logged at
    /// debug level). Returns 0, or the `errno` of a failed spawn (ENOENT: no such program) for
    /// the caller to report; never blocks.
    @discardableResult
    static func start(_ command: [String], label: String, timeoutSeconds: Double, logger: Logger, language: Language,
                      quietStatuses: Set<Int32> = [], outcomes: ChildOutcomeLog? = nil) -> Int32 {
        guard let program = command.first else { return EINVAL }
        var pid: pid_t = 0
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = childEnvironment().map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A clean start for the helper: no signal blocked (the daemon blocks the ones it reads
        // through signalfd, and a blocked SIGTERM would survive the exec) and the default action
        // for those Breather ignores or handles (SIGPIPE is ignored in watch).
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        cprocess_handled_signals(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let status = running.withLock { running in
            let status = posix_spawnp(&pid, program, nil, &attributes, &argv, &envp)
            if status == 0 { running.insert(pid) }
            return status
        }
        guard status == 0 else { return status }
        let child = pid
        let killed = Atomic<Bool>(false)
        let killer = Task(executorPreference: LoopExecutor.shared) {
            try await LoopExecutor.shared.sleep(seconds: timeoutSeconds)
            killed.store(true, ordering: .releasing)
            kill(child, SIGKILL)
        }
        BlockingThread.run {
            var wstatus: Int32 = 0
            while waitpid(child, &wstatus, 0) < 0, errno == EINTR {}
            _ = running.withLock { $0.remove(child) }
            killer.cancel()
            // WIFEXITED/WEXITSTATUS are macros Swift cannot import.
            let exitCode = (wstatus >> 8) & 0xff
            var problem: String?
            // In the people's language: the label (a config key) and the program as they are.
            let (killedLine, exitedLine, recovered) = L10n.$language.withValue(language) {
                (tr("%s: %s killed after %ss").filled(label, program, String(Int(timeoutSeconds))),
                 tr("%s: %s exited with status %s").filled(label, program, String(exitCode)),
                 tr("%s: %s ends cleanly again").filled(label, program))
            }
            if killed.load(ordering: .acquiring) {
                problem = killedLine
            } else if wstatus & 0x7f == 0, exitCode != 0 {
                if quietStatuses.contains(exitCode) {
                    logger.log(.debug, exitedLine)
                } else {
                    problem = exitedLine
                }
            }
            if let outcomes {
                outcomes.record(problem, recovered: recovered, logger: logger)
            } else if let problem {
                logger.log(.warning, problem)
            }
        }
        return 0
    }

    /// Ends the helpers still running (Breather is stopping): SIGTERM, then SIGKILL for those
    /// left after `graceSeconds`.
    static func endAll(graceSeconds: Double = 2) async {
        let children = running.withLock { $0 }
        guard !children.isEmpty else { return }
        children.forEach { kill($0, SIGTERM) }
        var waited = 0.0
        while waited < graceSeconds, !running.withLock({ $0.isEmpty }) {
            try? await LoopExecutor.shared.sleep(seconds: 0.05)
            waited += 0.05
        }
        running.withLock { $0 }.forEach { kill($0, SIGKILL) }
    }

    /// The daemon's environment less the variables that carry secrets (`isSecret`), which a
    /// helper has no business with, and less those Breather set for itself
    /// (`ProcessEnvironment`), which are not the user's.
    static func childEnvironment() -> [String] {
        var result: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            let variable = String(cString: pointer)
            let name = variable.prefix { $0 != "=" }
            if !isSecret(name), !ProcessEnvironment.added.contains(String(name)) {
                result.append(variable)
            }
            entry += 1
        }
        return result
    }

    /// Breather's secret variables: every `BREATHER_*` one that ends in `_KEY`, `_TOKEN`,
    /// `_PASSWORD` or `_SECRET` (`BREATHER_AIRVISUAL_KEY`, `BREATHER_WAQI_TOKEN`,
    /// `BREATHER_OPENWEATHERMAP_KEY`, `BREATHER_MQTT_PASSWORD`, and any added later under
    /// those names), and `CREDENTIALS_DIRECTORY`, where systemd keeps them.
    static func isSecret(_ name: Substring) -> Bool {
        if name == "CREDENTIALS_DIRECTORY" { return true }
        guard name.hasPrefix("BREATHER_") else { return false }
        return ["_KEY", "_TOKEN", "_PASSWORD", "_SECRET"].contains { name.hasSuffix($0) }
    }
}

/// A helper's problems logged once per change of state: a hook killed at its limit on every
/// poll is one warning, not one a poll, and its recovery one info line.
final class ChildOutcomeLog: Sendable {
    private let last = Mutex<String?>(nil)

    func record(_ problem: String?, recovered: String, logger: Logger) {
        let previous = last.withLock { last in defer { last = problem }; return last }
        guard previous != problem else { return }
        if let problem {
            logger.log(.warning, problem)
        } else {
            logger.log(.info, recovered)
        }
    }
}
