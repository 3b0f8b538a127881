import BreatherTestSupport
import Foundation
import Testing

/// A one-shot run keeps its threads on the CPU it started on (README "Speed and size"); the
/// daemon, which lives long, is left to the scheduler. Read from /proc while each one waits for
/// a reply the server holds back.
@Suite("CPU affinity: one CPU for a one-shot, all for the daemon")
struct CPUAffinityTests {
    /// `Cpus_allowed_list` of a running process or thread (e.g. "0-1", "1"), nil once it is gone.
    static func allowedCPUs(_ path: String) -> String? {
        guard let status = try? String(contentsOfFile: "\(path)/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") }
        return line.map { $0.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces) }
    }

    /// The allowed CPUs of every thread of `pid`.
    static func threadCPUs(_ pid: Int32) -> [String] {
        let tasks = "/proc/\(pid)/task"
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
        return ids.compactMap { allowedCPUs("\(tasks)/\($0)") }
    }

    /// A server whose air-quality reply waits `seconds`, and a sandbox configured for it.
    static func slowAir(seconds: Double) async throws -> (FixtureServer, Sandbox) {
        var routes = openMeteoRoutes(air: .json(airQualityBody(pm25: 12)))
        routes["/aq/v1/air-quality"] = Route(body: airQualityBody(pm25: 12), delay: seconds)
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try Sandbox()
        return (server, sandbox)
    }

    @Test("a fetching one-shot runs every thread on one CPU; the daemon may use all the test may")
    func oneShotOnOneCPU() async throws {
        let mine = try #require(Self.allowedCPUs("/proc/self"))
        // On a one-CPU machine both would be one CPU and the test would prove nothing.
        try #require(mine.contains("-") || mine.contains(","), "this test needs two CPUs or more; it has \(mine)")

        let (server, sandbox) = try await Self.slowAir(seconds: 20)
        try sandbox.writeConfig(server: server)
        let oneShot = Process()
        oneShot.executableURL = URL(fileURLWithPath: Paths.binary)
        oneShot.arguments = ["--refresh", "--config", sandbox.configPath]
        oneShot.environment = ["HOME": sandbox.home.path, "PATH": "/usr/bin:/bin",
                               "XDG_CACHE_HOME": sandbox.home.appendingPathComponent("cache").path]
        oneShot.standardOutput = FileHandle.nullDevice
        oneShot.standardError = FileHandle.nullDevice
        try oneShot.run()
        defer { kill(oneShot.processIdentifier, SIGKILL) }
        // Waiting for the held-back reply: its task thread and libcurl's exist now.
        #expect(await waitUntil { server.requests.contains { $0.hasPrefix("/aq/v1/air-quality") } })
        let oneShotThreads = Self.threadCPUs(oneShot.processIdentifier)
        #expect(oneShotThreads.count >= 2, "threads: \(oneShotThreads)")
        #expect(oneShotThreads.allSatisfy { !$0.contains("-") && !$0.contains(",") }, "one-shot threads: \(oneShotThreads)")
        #expect(Set(oneShotThreads).count == 1, "one-shot threads: \(oneShotThreads)")
        kill(oneShot.processIdentifier, SIGKILL)
        _ = await waitForExit(oneShot)

        let (daemonServer, daemonSandbox) = try await Self.slowAir(seconds: 20)
        try daemonSandbox.writeDaemonConfig(server: daemonServer)
        let daemon = try DaemonProcess(sandbox: daemonSandbox)
        #expect(await waitUntil { daemonServer.requests.contains { $0.hasPrefix("/aq/v1/air-quality") } }, "\(daemon.stderr)")
        let daemonThreads = Self.threadCPUs(daemon.pid)
        #expect(!daemonThreads.isEmpty)
        #expect(daemonThreads.allSatisfy { $0 == mine }, "daemon threads: \(daemonThreads), test: \(mine)")
        daemon.send(SIGKILL)
        _ = await daemon.waitForExit()
    }
}
