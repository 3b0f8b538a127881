import BreatherTestSupport
import Foundation
import Testing

/// The daemon's systemd side and its rate-limit manners.
@Suite("breather daemon under systemd and rate limits", .serialized)
struct DaemonSystemdTests {
    @Test("READY=1 and a STATUS= line arrive on NOTIFY_SOCKET after the first render", arguments: [false, true])
    func notifyReady(abstract: Bool) async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server)
        // A file path, or "@name" in the abstract namespace as systemd sometimes uses.
        let socketPath = abstract ? "@breather-test-\(UUID().uuidString)" : sandbox.home.appendingPathComponent("notify.sock").path
        let listener = try NotifyListener(path: socketPath)
        let daemon = try DaemonProcess(sandbox: sandbox, environment: ["NOTIFY_SOCKET": socketPath])
        var messages: [String] = []
        let deadline = ContinuousClock.now + .seconds(60)  // for a broken build only; READY=1 is the event
        while ContinuousClock.now < deadline, !messages.contains(where: { $0.contains("READY=1") }) {
            if let message = try await offThePool({ listener.receive() }) { messages.append(message) }
        }
        let ready = try #require(messages.first(where: { $0.contains("READY=1") }), "\(messages) \(daemon.stderr)")
        #expect(ready.contains("STATUS=Brooklyn · US AQI 112"))
        #expect(FileManager.default.fileExists(atPath: sandbox.jsonOutput), "READY=1 comes after the first render")
    }

    @Test("with WATCHDOG_USEC set, WATCHDOG=1 keeps arriving")
    func watchdog() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server)
        let socketPath = sandbox.home.appendingPathComponent("notify.sock").path
        let listener = try NotifyListener(path: socketPath)
        let daemon = try DaemonProcess(sandbox: sandbox, environment: ["NOTIFY_SOCKET": socketPath, "WATCHDOG_USEC": "400000"])
        // Three pings are the event waited for; a wall-clock rate would measure the machine's load.
        var pings = 0
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline, pings < 3 {
            if let message = try await offThePool({ listener.receive() }), message.contains("WATCHDOG=1") { pings += 1 }
        }
        #expect(pings >= 3, "\(daemon.stderr)")
    }

    @Test("on_update runs the configured program (no shell) after the outputs change")
    func onUpdate() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        let marker = sandbox.home.appendingPathComponent("updated; rm -rf nothing").path
        try sandbox.writeDaemonConfig(server: server, top: "on_update = [\"touch\", \"\(marker)\"]")
        let daemon = try DaemonProcess(sandbox: sandbox)
        // The odd name reaches touch as one argument: no shell ever parses it.
        #expect(await waitUntil { FileManager.default.fileExists(atPath: marker) }, "\(daemon.stderr)")
        #expect(FileManager.default.fileExists(atPath: sandbox.jsonOutput))
    }

    @Test("a quiet hook: pkill finding no bar (exit 1) logs nothing; another command's exit 1 still warns")
    func quietHook() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, interval: "1s",
                                      top: "on_update = [\"pkill\", \"-RTMIN+8\", \"no-such-bar-running\"]")
        let daemon = try DaemonProcess(sandbox: sandbox)
        // Several polls, each changing the outputs (the age), each running the hook.
        #expect(await waitUntil { server.requests.count >= 8 }, "\(daemon.stderr)")
        try await Task.sleep(for: .milliseconds(300))
        #expect(!daemon.stderr.contains("on_update"), "\(daemon.stderr)")

        let loud = try Sandbox()
        try loud.writeDaemonConfig(server: server, interval: "1s", top: "on_update = [\"sh\", \"-c\", \"exit 1\"]")
        let other = try DaemonProcess(sandbox: loud)
        #expect(await waitUntil { other.stderr.contains("on_update: sh exited with status 1") }, "\(other.stderr)")
    }

    @Test("Retry-After is respected: no second request to that provider; the next source serves meanwhile")
    func retryAfter() async throws {
        var routes = openMeteoRoutes(air: .json(airQualityBody(pm25: 5)))
        routes["/v2/nearest_city"] = .json(#"{"status":"fail","data":{"message":"too_many_requests"}}"#, status: 429,
                                           headers: ["Retry-After": "120"])
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, interval: "1s", sources: "[sources]\nair = [\"airvisual\", \"open-meteo\"]")
        let daemon = try DaemonProcess(sandbox: sandbox, environment: ["BREATHER_AIRVISUAL_KEY": "test-key-not-real"])
        #expect(await waitUntil { (readJSON(sandbox.jsonOutput)?["air_quality"] as? [String: Any])?["aqi"] as? Int == 28 }, "\(daemon.stderr)")
        // Several ticks and a manual refresh later, still only the one request.
        let airRequestsBefore = server.requests.filter { $0.hasPrefix("/aq/v1") }.count
        daemon.send(SIGUSR1)
        #expect(await waitUntil { server.requests.filter { $0.hasPrefix("/aq/v1") }.count >= airRequestsBefore + 3 }, "\(daemon.stderr)")
        #expect(server.requests.filter { $0.hasPrefix("/v2/") }.count == 1)
        let json = try #require(readJSON(sandbox.jsonOutput))
        #expect((json["air_quality"] as? [String: Any])?["source"] as? String == "open-meteo")
        #expect(!daemon.stderr.contains("test-key-not-real"))
    }

    @Test("an interval that would exceed IQAir's 10,000 calls a month is warned about")
    func quotaWarning() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, interval: "2m", sources: "[sources]\nair = [\"airvisual\", \"open-meteo\"]")
        let daemon = try DaemonProcess(sandbox: sandbox, environment: ["BREATHER_AIRVISUAL_KEY": "test-key-not-real"])
        #expect(await waitUntil { daemon.stderr.contains("IQAir calls a month, over the free 10000") }, "\(daemon.stderr)")
    }
}

/// A unix datagram socket standing in for systemd's notification socket.
final class NotifyListener: @unchecked Sendable {
    private let fd: Int32

    init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else { throw FixtureServerError.didNotStart("bind \(path): errno \(errno)") }
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// One datagram, or nil after 200 ms without one.
    func receive() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = recv(fd, &buffer, buffer.count, 0)
        return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : nil
    }

    deinit { close(fd) }
}
