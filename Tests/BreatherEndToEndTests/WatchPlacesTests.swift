import BreatherTestSupport
import Foundation
import Testing

/// Several places in a bar, through the real `breather watch` (issue 44's "Show": a middle
/// click cycles the place in the bar with no provider request).
@Suite("watch: several places in the bar")
struct WatchPlacesTests {
    static func config(_ server: FixtureServer, bar: String) -> String {
        """
        interval = "1h"
        [[place]]
        name = "home"
        short = "⌂"
        latitude = 52.52
        longitude = 13.41
        [[place]]
        name = "work"
        short = "▣"
        latitude = 48.85
        longitude = 2.35
        [bar]
        places = "\(bar)"
        [providers.open-meteo]
        forecast_url = "\(server.baseURL)/v1"
        air_quality_url = "\(server.baseURL)/v1"
        [history]
        enabled = false
        """
    }

    static func server() async throws -> FixtureServer {
        try await FixtureServer.start(routes: [
            "/v1/forecast": .perPlace("open-meteo/forecast.current.json"),
            "/v1/air-quality": .perPlace("open-meteo/air_quality.breather_subset.json"),
        ])
    }

    @Test("i3bar, places = \"one\": a middle click shows the next place (its label first), with no request")
    func middleClickCyclesPlace() async throws {
        let server = try await Self.server()
        let sandbox = try Sandbox()
        try sandbox.writeConfig(Self.config(server, bar: "one"))
        let watch = try WatchProcess(sandbox, ["--format", "i3bar"])
        let first = await watch.waitForLines(4)
        #expect(first.count == 4 && first[3].contains("\"full_text\":\" US AQI"), "the place shown first: \(first)")
        #expect(server.requests.count == 2, "one forecast and one air-quality request for both places: \(server.requests)")
        watch.send("[\n{\"name\":\"breather\",\"button\":2}\n")
        let next = await watch.waitForLines(5)
        #expect(next.count == 5 && next[4].contains("\"full_text\":\" ▣ US AQI"), "work, from what was fetched: \(next)")
        watch.send(",{\"name\":\"breather\",\"button\":2}\n")
        let back = await watch.waitForLines(6)
        #expect(back.count == 6 && back[5].contains("\"full_text\":\" US AQI"), "round to home: \(back)")
        #expect(server.requests.count == 2, "no request for a click: \(server.requests)")
        #expect(await watch.terminate() == 0)
    }

    @Test("waybar, places = \"all\": one line with both places' indices")
    func allPlacesLine() async throws {
        let server = try await Self.server()
        let sandbox = try Sandbox()
        try sandbox.writeConfig(Self.config(server, bar: "all"))
        let watch = try WatchProcess(sandbox, ["--format", "waybar"])
        let lines = await watch.waitForLines(2)
        #expect(lines.count == 2 && lines[1].hasPrefix("{\"text\":\"⌂ ") && lines[1].contains(" · ▣ "), "\(lines)")
        #expect(server.requests.count == 2)
        #expect(await watch.terminate() == 0)
    }
}
