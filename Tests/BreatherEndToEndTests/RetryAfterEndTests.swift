import BreatherTestSupport
import Foundation
import Testing

/// Under a provider's Retry-After the source is asked again as the hold ends, not at the next poll.
@Suite("Retry-After: asked again as the hold ends")
struct RetryAfterEndTests {
    @Test("a 429 with Retry-After 3 and a 1 h poll: the next request follows the hold's end within 10 s, and the bar turns fresh")
    func askedAtHoldEnd() async throws {
        var routes = openMeteoRoutes(air: .json(#"{"error":true,"reason":"too many"}"#, status: 429, headers: ["Retry-After": "3"]))
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "interval = \"1h\"")
        let watch = try WatchProcess(sandbox, ["--format", "waybar"])
        let airRequests = { server.requests.filter { $0.contains("/aq/v1/air-quality") }.count }
        #expect(await waitUntil { airRequests() == 1 })
        let held = ContinuousClock.now
        routes["/aq/v1/air-quality"] = .json(airQualityBody(pm25: 40))
        try server.setRoutes(routes)
        #expect(await waitUntil(timeout: 13) { airRequests() >= 2 }, "no request within 10 s of the hold's end: \(server.requests)")
        let waited = ContinuousClock.now - held
        #expect(waited >= .seconds(2), "asked again before the hold ended: after \(waited)")
        #expect(await waitUntil { watch.lines.last?.contains("AQI 112 USG") == true }, "\(watch.lines)")
        #expect(await watch.terminate() == 0)
    }
}
