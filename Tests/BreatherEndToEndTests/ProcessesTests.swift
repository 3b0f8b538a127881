import BreatherTestSupport
import Foundation
import Testing

/// How `breather daemon` and `watch` end: a reader that goes away, a stdout that no one reads,
/// the helpers they started.
@Suite("processes: readers, full pipes, helpers")
struct ProcessesTests {
    /// Starts `breather ARGUMENTS` with `stdout` as its stdout and stderr in the sandbox.
    static func start(_ sandbox: Sandbox, _ arguments: [String], stdout: FileHandle) throws -> (Process, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Paths.binary)
        process.arguments = arguments + ["--config", sandbox.configPath, "--log-level", "info"]
        process.environment = ["HOME": sandbox.home.path, "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": sandbox.home.appendingPathComponent("cache").path]
        let stderrPath = sandbox.home.appendingPathComponent("stderr.txt").path
        _ = FileManager.default.createFile(atPath: stderrPath, contents: Data())
        process.standardOutput = stdout
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        try process.run()
        return (process, stderrPath)
    }

    static func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    @Test("the daemon writing to stdout exits 0 when its reader goes away, not by SIGPIPE")
    func daemonReaderGone() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "interval = \"1h\"")
        let pipe = try closeOnExecPipe()
        let (daemon, stderr) = try Self.start(sandbox, ["daemon"], stdout: pipe.write)
        defer { kill(daemon.processIdentifier, SIGKILL) }
        try pipe.write.close()
        // The loading state first (a bar never starts blank), then the reading.
        let loading = try await offThePool { pipe.read.firstLine() }
        #expect(String(decoding: loading, as: UTF8.self).contains("loading"), "\(Self.text(stderr))")
        let first = try await offThePool { pipe.read.firstLine() }
        #expect(String(decoding: first, as: UTF8.self).contains("AQI 112"), "\(Self.text(stderr))")
        try pipe.read.close()
        // New data, so the daemon has a new line to write to the reader that is gone.
        try server.setRoutes(openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        kill(daemon.processIdentifier, SIGUSR1)
        #expect(await waitForExit(daemon, timeout: 20) == 0, "13 is SIGPIPE: \(Self.text(stderr))")
    }

    @Test("watch blocked on a full stdout obeys SIGTERM at once")
    func watchFullStdout() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "interval = \"1h\"")
        let pipe = try closeOnExecPipe()
        // Fill the channel before the watch starts: its first line's write then blocks.
        let fd = pipe.write.fileDescriptor
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        let chunk = [UInt8](repeating: 0x2E, count: 65536)
        while chunk.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        _ = fcntl(fd, F_SETFL, flags)
        let (watch, stderr) = try Self.start(sandbox, ["watch", "--format", "plain"], stdout: pipe.write)
        defer { kill(watch.processIdentifier, SIGKILL) }
        #expect(await waitUntil { server.requests.contains { $0.hasPrefix("/aq/v1/air-quality") } }, "\(Self.text(stderr))")
        // The fetch answered and the line is being written into the full channel.
        try await Task.sleep(for: .seconds(1))
        let sent = ContinuousClock.now
        kill(watch.processIdentifier, SIGTERM)
        // A watch stuck in write(2) would never exit; one that exits does so well within this bound.
        // (Within 1 s on an idle machine; 5.6 s was seen at load 100.)
        #expect(await waitForExit(watch, timeout: 15) == 0, "\(Self.text(stderr))")
        #expect(ContinuousClock.now - sent < .seconds(15))
        _ = pipe.read
    }

    /// The state letter of `pid` in /proc (R, S, Z, ...), nil when it is gone.
    static func state(_ pid: Int32) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(close, offsetBy: 2)...].first
    }

    @Test("an on_update hook still running when the daemon stops is ended, even one that ignores SIGTERM")
    func hookEndedWithDaemon() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        let pidFile = sandbox.home.appendingPathComponent("hook.pid").path
        try sandbox.writeDaemonConfig(server: server, interval: "1h",
                                      top: "on_update = [\"sh\", \"-c\", \"echo $$ > \(pidFile); trap '' TERM; exec sleep 300\"]")
        let daemon = try DaemonProcess(sandbox: sandbox)
        #expect(await waitUntil { Int32(Self.text(pidFile).trimmingCharacters(in: .whitespacesAndNewlines)) != nil }, "\(daemon.stderr)")
        let hook = try #require(Int32(Self.text(pidFile).trimmingCharacters(in: .whitespacesAndNewlines)))
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0, "\(daemon.stderr)")
        // Gone, or a zombie waiting for whoever inherited it: not running.
        #expect(await waitUntil(timeout: 10) { [nil, "Z"].contains(Self.state(hook)) }, "hook \(hook): \(String(describing: Self.state(hook)))")
        kill(hook, SIGKILL)
    }

    @Test("a hook killed at its time limit on every poll is logged once, not every poll")
    func hookLimitLoggedOnce() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        // Every 1 s poll rewrites the json file (its updated_at), so the hook runs every poll.
        try sandbox.writeDaemonConfig(server: server, interval: "1s", top: "on_update = [\"sleep\", \"30\"]")
        let daemon = try DaemonProcess(sandbox: sandbox)
        let killed = { daemon.stderr.components(separatedBy: "on_update: sleep killed after 10s").count - 1 }
        #expect(await waitUntil(timeout: 60) { killed() >= 1 }, "\(daemon.stderr)")
        // Hooks started on the polls since are killed at their limit one a second from now.
        try await Task.sleep(for: .seconds(3))
        #expect(killed() == 1, "\(daemon.stderr)")
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0)
    }
}
