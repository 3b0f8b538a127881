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
        let air = { zip(server.requests, server.requestTimes).filter { $0.0.contains("/aq/v1/air-quality") }.map(\.1) }
        // At least one: a test starved for the 3 s hold may first look after the second 429.
        #expect(await waitUntil { air().count >= 1 })
        routes["/aq/v1/air-quality"] = .json(airQualityBody(pm25: 40))
        try server.setRoutes(routes)
        #expect(await waitUntil(timeout: 40) { air().count >= 2 }, "no second request: \(server.requests)")
        // Measured where the requests arrived, so the test's own load does not count.
        let times = air()
        let gap = times.count >= 2 ? times[1] - times[0] : -1
        #expect(gap >= 3, "asked again before the hold ended: after \(gap) s")
        #expect(gap <= 13, "not asked within 10 s of the hold's end: after \(gap) s (the next poll is an hour away)")
        #expect(await waitUntil { watch.lines.last?.contains("US AQI 112 USG") == true }, "\(watch.lines)")
        #expect(await watch.terminate() == 0)
    }
}
