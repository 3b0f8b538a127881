import BreatherTestSupport
import Foundation
import Testing

/// Issue 44's "Speed": each place adds at most 100 kB to the daemon's private memory between
/// polls. Measured as a user's tool would: RssAnon in /proc/PID/status, after a SIGUSR1 refresh,
/// for a daemon of one place and one of five against the same provider (the full air-quality
/// reply: past 24 hours, 96 ahead, pollen and UV). Before the daemon gave the freed heap back
/// after a poll (malloc_trim), the holes its parsed replies left cost about 200 KiB a place.
@Suite("daemon: memory per place")
struct PlacesMemoryTests {
    static func config(_ server: FixtureServer, _ sandbox: Sandbox, places: Int) -> String {
        let list = (1...places).map { "[[place]]\nname = \"p\($0)\"\nlatitude = 48.\($0)\nlongitude = 11.\($0)" }
        return """
            interval = "15m"
            [[output]]
            path = "\(sandbox.jsonOutput)"
            format = "json"
            [[output]]
            path = "\(sandbox.plainOutput)"
            format = "plain"
            \(list.joined(separator: "\n"))
            [providers.open-meteo]
            forecast_url = "\(server.baseURL)/v1"
            air_quality_url = "\(server.baseURL)/v1"
            [history]
            enabled = false
            """
    }

    /// RssAnon in KiB of a daemon of `places` places after its first poll and a refresh.
    static func rssAnon(places: Int) async throws -> Int? {
        let server = try await FixtureServer.start(routes: [
            "/v1/forecast": .perPlace("open-meteo/forecast.current.json"),
            "/v1/air-quality": .perPlace("open-meteo/air_quality.pollen_uv.munich.json"),
        ])
        let sandbox = try Sandbox()
        try sandbox.writeConfig(config(server, sandbox, places: places))
        let daemon = try DaemonProcess(sandbox: sandbox)
        defer { daemon.send(SIGKILL) }
        guard await waitUntil({ sandbox.outputsSettled }) else { return nil }
        let airRequests = { server.requests.filter { $0.hasPrefix("/v1/air-quality") }.count }
        daemon.send(SIGUSR1)
        guard await waitUntil({ airRequests() == 2 }) else { return nil }
        // The sink gives the heap back just after it draws the refresh: the least RssAnon over
        // the next 5 s (a loaded machine may take a moment to get there; without the trim the
        // freed pages stay and it never does).
        var least: Int?
        for _ in 0..<50 {
            if let now = Self.rssAnon(pid: daemon.pid) { least = min(least ?? now, now) }
            try await Task.sleep(for: .milliseconds(100))
        }
        return least
    }

    /// RssAnon in KiB from /proc/PID/status.
    static func rssAnon(pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("RssAnon:") }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])
    }

    @Test("five places cost at most 100 kB of RssAnon each over one place, after a refresh")
    func rssAnonPerPlace() async throws {
        let one = try #require(try await Self.rssAnon(places: 1), "the one-place daemon did not settle")
        let five = try #require(try await Self.rssAnon(places: 5), "the five-place daemon did not settle")
        let perPlace = Double(five - one) / 4 * 1024 / 1000
        #expect(perPlace <= 100, "RssAnon \(one) KiB for one place, \(five) KiB for five: \(perPlace) kB a place")
    }
}
