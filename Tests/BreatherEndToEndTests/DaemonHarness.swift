import BreatherTestSupport
import Foundation
import Testing

/// A running `breather daemon` for one test: started with the sandbox's private HOME and XDG
/// folders, its stderr kept in a file, always killed at the end.
final class DaemonProcess: @unchecked Sendable {
    let process = Process()
    let stderrPath: String

    init(sandbox: Sandbox, arguments: [String] = [], environment: [String: String] = [:]) throws {
        stderrPath = sandbox.home.appendingPathComponent("daemon.stderr").path
        _ = FileManager.default.createFile(atPath: stderrPath, contents: Data())
        process.executableURL = URL(fileURLWithPath: Paths.binary)
        process.arguments = ["daemon", "--config", sandbox.configPath, "--log-level", "info"] + arguments
        var env = ["HOME": sandbox.home.path, "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": sandbox.home.appendingPathComponent("cache").path,
                   "XDG_CONFIG_HOME": sandbox.home.appendingPathComponent("xdg-config").path]
        env.merge(environment) { _, new in new }
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }
    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    func send(_ signal: Int32) { kill(pid, signal) }

    private var status: Int32?

    /// Waits for the exit status, or nil if the daemon is still running after `timeout` seconds.
    /// Reaps with `waitpid` (`exitStatus`): Foundation's own watch can miss an exit.
    func waitForExit(timeout: Double = 30) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while status == nil {
            status = exitStatus(process)
            if status != nil || Date() >= deadline { break }
            usleep(20_000)
        }
        return status
    }

    /// True until the daemon has exited.
    var isRunning: Bool {
        if status == nil { status = exitStatus(process) }
        return status == nil
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            _ = reap(process)
        }
    }
}

/// Polls `condition` every 50 ms until it holds or `timeout` seconds pass.
func eventually(timeout: Double = 8, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        usleep(50_000)
    }
    return try condition()
}

/// The JSON object in `path`, or nil if the file is missing or not a whole JSON object.
func readJSON(_ path: String) -> [String: Any]? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
}

extension Sandbox {
    /// A daemon config against `server` with a json and a plain output in the sandbox.
    func writeDaemonConfig(server: FixtureServer, interval: String = "1m", top: String = "", sources: String = "",
                           timeout: String = "3s") throws {
        try writeConfig(server: server, extra: """
            interval = "\(interval)"
            \(top)
            [[output]]
            path = "\(jsonOutput)"
            format = "json"
            [[output]]
            path = "\(plainOutput)"
            format = "plain"
            \(sources)
            """, timeout: timeout)
    }

    var jsonOutput: String { home.appendingPathComponent("out/breather.json").path }
    var plainOutput: String { home.appendingPathComponent("out/breather.txt").path }
}
