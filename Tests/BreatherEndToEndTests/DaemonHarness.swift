import BreatherTestSupport
import Foundation
import Testing

/// A running `breather daemon` for one test: started with the sandbox's private HOME and XDG
/// folders, its stderr kept in a file, always killed at the end.
final class DaemonProcess: @unchecked Sendable {
    let process = Process()
    let stderrPath: String
    /// Held until the daemon is killed (deinit), and with it the server it polls.
    private let sandbox: Sandbox

    init(sandbox: Sandbox, arguments: [String] = [], environment: [String: String] = [:]) throws {
        self.sandbox = sandbox
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

    /// Waits (without blocking a thread: `waitForExit` in Blocking.swift) for the exit status;
    /// nil if the daemon still ran after `timeout` seconds, and was then killed.
    func waitForExit(timeout: Double = 30) async -> Int32? {
        if status == nil { status = await BreatherTestSupport.waitForExit(process, timeout: timeout) }
        // A daemon killed for running too long is reaped too: nothing is left to kill in deinit.
        reaped = true
        return status
    }

    private var reaped = false

    /// True until the daemon has exited.
    var isRunning: Bool {
        if status == nil { status = exitStatus(process) }
        return status == nil
    }

    deinit {
        guard status == nil && !reaped else { return }
        kill(pid, SIGKILL)
        // Reaped on a thread of its own: the last reference often drops on a cooperative thread.
        let process = self.process
        Thread { _ = reap(process) }.start()
    }
}

/// The JSON object in `path`, or nil if the file is missing or not a whole JSON object.
func readJSON(_ path: String) -> [String: Any]? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
}

extension Sandbox {
    /// A daemon config against `server` with a json and a plain output in the sandbox (the
    /// request timeout as in `writeConfig`).
    func writeDaemonConfig(server: FixtureServer, interval: String = "1m", top: String = "", sources: String = "",
                           timeout: String = "20s") throws {
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

    /// True once the daemon's first fetch has settled: both outputs written, past the loading
    /// state the daemon writes while it waits.
    var outputsSettled: Bool {
        guard let json = readJSON(jsonOutput), (json["display"] as? [String: Any])?["loading"] as? String == "false" else { return false }
        let plain = (try? String(contentsOfFile: plainOutput, encoding: .utf8)) ?? ""
        return !plain.isEmpty && !plain.contains("loading…")
    }
    var plainOutput: String { home.appendingPathComponent("out/breather.txt").path }
}
