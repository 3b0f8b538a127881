import BreatherTestSupport
import Foundation
import Testing

/// A running `breather watch` whose stdout lines are collected as they arrive.
final class WatchProcess: @unchecked Sendable {
    let process = Process()
    let stdin = Pipe()
    private let stdout = Pipe()
    private let lock = NSLock()
    private var buffer = ""

    init(_ sandbox: Sandbox, _ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: Paths.binary)
        process.arguments = ["watch"] + arguments + ["--config", sandbox.configPath]
        process.environment = ["HOME": sandbox.home.path, "PATH": "/usr/bin:/bin",
                               "XDG_CACHE_HOME": sandbox.home.appendingPathComponent("cache").path]
        process.standardOutput = stdout
        process.standardInput = stdin
        process.standardError = FileHandle.nullDevice
        stdout.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.withLock { self.buffer += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
    }

    /// Complete lines so far.
    var lines: [String] {
        lock.withLock { buffer.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
    }

    /// Waits (bounded) until there are at least `count` lines; returns them.
    func waitForLines(_ count: Int, timeout: Double = 30) -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        while lines.count < count && Date() < deadline { usleep(50_000) }
        return lines
    }

    private var status: Int32?

    /// Sends SIGTERM and waits (bounded) for the exit; nil (after a SIGKILL and a reap) if it
    /// did not exit in time. Reaps with `waitpid` (`exitStatus`): Foundation can miss an exit.
    func terminate(timeout: Double = 30) -> Int32? {
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(timeout)
        while status == nil {
            status = exitStatus(process)
            if status != nil || Date() >= deadline { break }
            usleep(20_000)
        }
        if status == nil {
            kill(process.processIdentifier, SIGKILL)
            _ = reap(process)
            return nil
        }
        return status
    }

    deinit {
        if status == nil {
            kill(process.processIdentifier, SIGKILL)
            _ = reap(process)
        }
    }
}

@Suite("breather watch")
struct WatchTests {
    @Test("a new line when the data changes, none when polls bring the same data; SIGTERM exits 0")
    func linePerChange() throws {
        let server = try FixtureServer(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "interval = \"1s\"")
        let watch = try WatchProcess(sandbox, ["--format", "waybar"])
        let first = watch.waitForLines(1)
        #expect(first.count == 1 && first[0].contains("AQI 112 USG"), "\(first)")
        // Several more polls of unchanged data: no new line.
        let airRequests = { server.requests.filter { $0.contains("/aq/v1/air-quality") }.count }
        let deadline = Date().addingTimeInterval(30)
        while airRequests() < 4 && Date() < deadline { usleep(50_000) }
        #expect(airRequests() >= 4)
        #expect(watch.lines.count == 1, "\(watch.lines)")
        // The data changes: exactly one new line with the new index.
        try server.setRoutes(openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        let second = watch.waitForLines(2)
        #expect(second.count == 2 && second[1].contains("AQI 28 Good"), "\(second)")
        #expect(watch.terminate() == 0)
    }

    @Test("i3bar: header, then an endless array; a click refreshes")
    func i3barProtocol() throws {
        let server = try FixtureServer(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "interval = \"60s\"")
        let watch = try WatchProcess(sandbox, ["--format", "i3bar"])
        let lines = watch.waitForLines(3)
        #expect(lines.count == 3)
        #expect(lines.first == #"{"version":1,"click_events":true}"#)
        #expect(lines.dropFirst().first == "[")
        let element = try JSONSerialization.jsonObject(with: Data((lines.last ?? "").utf8)) as? [[String: String]]
        #expect(element?.first?["full_text"]?.hasPrefix(" AQI 112 USG") == true, "\(lines)")
        #expect(element?.first?["background"] == "#FF7E00")
        // With a 60 s interval only a click can cause the next fetch.
        try server.setRoutes(openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        watch.stdin.fileHandleForWriting.write(Data("[\n{\"name\":\"breather\",\"instance\":\"x\",\"button\":1}\n".utf8))
        let after = watch.waitForLines(4)
        #expect(after.count == 4 && after[3].hasPrefix(",[{") && after[3].contains("AQI 28"), "\(after)")
        #expect(watch.terminate() == 0)
    }

    @Test("i3bar: a right click switches to the full text and back, a scroll shows the next standard; no fetch")
    func i3barRightClickAndScroll() throws {
        let server = try FixtureServer(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 75))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "interval = \"1h\"\nstandards = [\"us\", \"china\"]")
        let watch = try WatchProcess(sandbox, ["--format", "i3bar"])
        let first = watch.waitForLines(3)
        #expect(first.count == 3 && !(first.last ?? "").contains("Brooklyn"), "compact by default: \(first)")
        let requests = server.requests.count
        watch.stdin.fileHandleForWriting.write(Data("[\n{\"name\":\"breather\",\"button\":3}\n".utf8))
        let full = watch.waitForLines(4)
        #expect(full.count == 4 && full[3].contains("Brooklyn"), "the full text names the place: \(full)")
        watch.stdin.fileHandleForWriting.write(Data(",{\"name\":\"breather\",\"button\":5}\n".utf8))
        let china = watch.waitForLines(5)
        #expect(china.count == 5 && china[4].contains("114"), "China's index of the same data: \(china)")
        #expect(server.requests.count == requests, "\(server.requests)")
        #expect(watch.terminate() == 0)
    }

    @Test("exits 0 once stdout is closed, even while the data does not change")
    func stdoutClosed() throws {
        let server = try FixtureServer(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "interval = \"1s\"")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Paths.binary)
        process.arguments = ["watch", "--config", sandbox.configPath]
        process.environment = ["HOME": sandbox.home.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        _ = out.fileHandleForReading.firstLine()
        try out.fileHandleForReading.close()
        var status: Int32?
        let deadline = Date().addingTimeInterval(30)
        while status == nil && Date() < deadline {
            status = exitStatus(process)
            if status == nil { usleep(50_000) }
        }
        if status == nil {
            kill(process.processIdentifier, SIGKILL)
            _ = reap(process)
        }
        #expect(status == 0, "watch must exit by itself, with 0, once its stdout is closed")
    }
}
