#if canImport(Glibc)
import Glibc
#endif
import Logging

/// Runs the `on_update` command (e.g. `pkill -RTMIN+8 waybar`) after the outputs change:
/// posix_spawnp with the configured words as argv, never a shell, never any data in the
/// arguments, and an environment without Breather's API keys. A thread blocks in `waitpid`
/// until the child ends (no polling); a single timer kills it if it outlives `timeoutSeconds`,
/// so a stuck hook cannot pile up.
struct OnUpdateRunner: Sendable {
    var command: [String]
    var timeoutSeconds: Double = 10
    var logger: Logger

    /// Starts the command and reaps it in the background; never blocks the caller.
    func run() {
        guard let program = command.first else { return }
        var pid: pid_t = 0
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = Self.childEnvironment().map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let status = posix_spawnp(&pid, program, nil, nil, &argv, &envp)
        guard status == 0 else {
            logger.log(.warning, "on_update: cannot start \(program): \(String(cString: strerror(status)))")
            return
        }
        let (logger, timeout, child) = (logger, timeoutSeconds, pid)
        let killer = Task {
            try await Task.sleep(for: .seconds(timeout))
            kill(child, SIGKILL)
            logger.log(.warning, "on_update: \(program) killed after \(Int(timeout))s")
        }
        BlockingThread.start {
            var wstatus: Int32 = 0
            while waitpid(child, &wstatus, 0) < 0, errno == EINTR {}
            killer.cancel()
            // WIFEXITED/WEXITSTATUS are macros Swift cannot import.
            let exitCode = (wstatus >> 8) & 0xff
            if wstatus & 0x7f == 0, exitCode != 0 {
                logger.log(.warning, "on_update: \(program) exited with status \(exitCode)")
            }
        }
    }

    /// The daemon's environment less the variables that carry secrets (`BREATHER_*_KEY`,
    /// `BREATHER_*_TOKEN`, `CREDENTIALS_DIRECTORY`): a hook has no business with them.
    static func childEnvironment() -> [String] {
        var result: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            let variable = String(cString: pointer)
            let name = variable.prefix { $0 != "=" }
            let secret = name.hasPrefix("BREATHER_") && (name.hasSuffix("_KEY") || name.hasSuffix("_TOKEN"))
            if !secret, name != "CREDENTIALS_DIRECTORY" { result.append(variable) }
            entry += 1
        }
        return result
    }
}

/// A plain thread for a call that blocks in the kernel (waitpid, poll, read on stdin): blocking
/// calls must not sit on one of the two cooperative threads this machine has.
enum BlockingThread {
    static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { raw in
            let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
            body.run()
            return nil
        }, box)
        if created == 0 { pthread_detach(thread) } else { Unmanaged<Body>.fromOpaque(box).release() }
    }

    private final class Body: @unchecked Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
