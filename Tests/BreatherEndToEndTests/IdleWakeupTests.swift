import BreatherTestSupport
import Foundation
import Testing

/// Every task of the daemon runs on its own executor (LoopExecutor). A single job on Swift's
/// global pool starts libdispatch's workqueue monitor, a 1-second timer that never stops: the
/// idle daemon would then wake once a second for ever. Counted here as a user's tool would:
/// the voluntary context switches of every thread in /proc, after a refresh, over a few seconds.
@Suite("idle daemon: no job on Swift's global pool")
struct IdleWakeupTests {
    /// Voluntary context switches of each thread of `pid`, by thread id.
    static func switches(_ pid: Int32) -> [String: Int] {
        let tasks = "/proc/\(pid)/task"
        var result: [String: Int] = [:]
        for id in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
            guard let status = try? String(contentsOfFile: "\(tasks)/\(id)/status", encoding: .utf8),
                  let line = status.split(separator: "\n").first(where: { $0.hasPrefix("voluntary_ctxt_switches:") }),
                  let count = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) else { continue }
            result[id] = count
        }
        return result
    }

    /// `[alerts] briefing` six hours from now (UTC): its clock must sleep until then, not tick.
    static var briefingLater: String {
        let minute = (Int(Date().timeIntervalSince1970) / 60 + 6 * 60) % (24 * 60)
        return String(format: "[alerts]\nbriefing = \"%02d:%02d\"\n", minute / 60, minute % 60)
    }

    @Test("after the first poll and a SIGUSR1 refresh, no thread of the daemon wakes for 4 s (with and without a briefing)",
          arguments: [false, true])
    func idleDaemonSleeps(briefing: Bool) async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, sources: briefing ? Self.briefingLater : "")
        let daemon = try DaemonProcess(sandbox: sandbox, environment: ["TZ": "UTC"])
        #expect(await waitUntil { sandbox.outputsSettled }, "\(daemon.stderr)")
        let airRequests = { server.requests.filter { $0.hasPrefix("/aq/v1/air-quality") }.count }
        daemon.send(SIGUSR1)
        #expect(await waitUntil { airRequests() == 2 }, "\(daemon.stderr)")
        // Let the refresh's write and the sink finish, then count.
        try await Task.sleep(for: .seconds(1))
        let before = Self.switches(daemon.pid)
        try await Task.sleep(for: .seconds(4))
        let after = Self.switches(daemon.pid)
        // A thread born meanwhile woke at least once; one that ended is counted by those left.
        let woken = after.reduce(0) { sum, thread in sum + thread.value - (before[thread.key] ?? 0) }
        #expect(!before.isEmpty && woken <= 1, "threads \(before.count) → \(after.count), \(woken) wakeups in 4 s: \(after)")
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0)
    }

    /// The timerfds of `pid`, as /proc/PID/fdinfo shows them: clock id and seconds to expiry.
    static func timers(_ pid: Int32) -> [(clock: Int, seconds: Int)] {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return fds.compactMap { fd in
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")) == "anon_inode:[timerfd]",
                  let info = try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(fd)", encoding: .utf8) else { return nil }
            let fields = Dictionary(info.split(separator: "\n").compactMap { line -> (String, String)? in
                let parts = line.split(separator: ":", maxSplits: 1)
                return parts.count == 2 ? (String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces)) : nil
            }, uniquingKeysWith: { first, _ in first })
            // it_value: (seconds, nanoseconds) left until it fires.
            let value = fields["it_value"]?.drop { $0 == "(" }.split(separator: ",").first.flatMap { Int($0) }
            guard let clock = fields["clockid"].flatMap({ Int($0) }), let value else { return nil }
            return (clock, value)
        }
    }

    @Test("the idle daemon waits on a CLOCK_BOOTTIME timer for its next poll: time asleep counts, a wall-clock step moves nothing")
    func waitsOnTheBootClock() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, interval: "1h")
        let daemon = try DaemonProcess(sandbox: sandbox)
        #expect(await waitUntil { sandbox.outputsSettled }, "\(daemon.stderr)")
        // CLOCK_BOOTTIME is 7 (linux/time.h): the realtime clock (0) would follow a wall-clock
        // step, the monotonic one (1) would stop during a suspend. Armed for the next poll,
        // within the hour.
        let boottime = 7
        #expect(await waitUntil { Self.timers(daemon.pid).contains { $0.clock == boottime && $0.seconds > 0 && $0.seconds <= 3600 } },
                "\(Self.timers(daemon.pid))")
        #expect(!Self.timers(daemon.pid).contains { $0.clock != boottime }, "\(Self.timers(daemon.pid))")
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0)
    }
}
