import BreatherTestSupport
import Foundation
import Testing

/// A bar is never blank at start-up: before the first fetch settles, `watch` and the daemon
/// draw the loading state; then the data, or "no data" with the reason.
@Suite("start-up: the loading state, then the outcome")
struct StartupTests {
    /// A provider that accepts connections and never answers within the request timeout.
    static func hungRoutes() -> [String: Route] {
        ["/v1/forecast": Route(body: "{}", delay: 60), "/aq/v1/air-quality": Route(body: "{}", delay: 60)]
    }

    @Test("watch: every bar format prints the loading state before the first fetch settles, then the short reason",
          arguments: ["waybar", "i3bar", "polybar", "tmux"])
    func watchLoading(format: String) async throws {
        let server = try await FixtureServer.start(routes: Self.hungRoutes())
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "interval = \"1h\"", timeout: "2s")
        let watch = try WatchProcess(sandbox, ["--format", format])
        let header = format == "i3bar" ? 2 : 0  // the protocol header and "["
        let first = await watch.waitForLines(header + 1)
        let line = try #require(first.dropFirst(header).first, "no line at all: \(first)")
        // Drawn before the fetch settled: the first line is no outcome. (How soon, in the real
        // bars, is measured by scripts/check-clicks.sh: a timing here would measure the load of
        // the test run.)
        #expect(line.contains("loading"), "the first line is the loading state: \(line)")
        let settled = await watch.waitForLines(header + 2)
        let outcome = try #require(settled.dropFirst(header + 1).first, "no line after loading: \(settled)")
        // No data: the bar names what failed ("US AQI – open-meteo: timeout").
        #expect(outcome.contains("open-meteo: timeout") && !outcome.contains("loading"), "\(outcome)")
        #expect(await watch.terminate() == 0)
    }

    @Test("daemon: every output file holds the loading state before the first fetch settles; then the short reason, never blank")
    func daemonLoading() async throws {
        let server = try await FixtureServer.start(routes: Self.hungRoutes())
        let sandbox = try Sandbox()
        let formats = ["waybar", "i3bar", "polybar", "tmux", "i3blocks"]
        let path = { (format: String) in sandbox.home.appendingPathComponent("out/bar.\(format)").path }
        let outputs = formats.map { "[[output]]\npath = \"\(path($0))\"\nformat = \"\($0)\"" }.joined(separator: "\n")
        // A 5 s request limit: the loading state lasts that long. It is looked for on a thread of
        // its own every 10 ms (`waitUntilOffThePool`), which the kernel wakes whatever the load;
        // a wait on the cooperative pool needed 20 s here (10 s was missed once at load 60).
        try sandbox.writeDaemonConfig(server: server, interval: "1h", sources: outputs, timeout: "5s")
        let daemon = try DaemonProcess(sandbox: sandbox)
        let paths = formats.map(path), json = sandbox.jsonOutput
        let read = { @Sendable (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        // The request hangs past its timeout: the loading state is all there is until then, in
        // every bar file and in the json output alike.
        #expect(await waitUntilOffThePool(timeout: 30) {
                    paths.allSatisfy { read($0).contains("loading") } && read(json).contains("\"loading\":\"true\"")
                }, "every bar file and the json output say loading: \(paths.map(read)) \(read(json)) \(daemon.stderr)")
        #expect(await waitUntil(timeout: 60) { paths.allSatisfy { read($0).contains("open-meteo: timeout") } },
                "\(paths.map(read)) \(daemon.stderr)")
        #expect(paths.allSatisfy { !read($0).contains("loading") && !read($0).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty })
    }
}

/// Scroll up is the previous standard in every snippet: the daemon's snippets send SIGRTMIN+2.
@Suite("the daemon: SIGRTMIN+2 shows the previous standard")
struct PreviousStandardSignalTests {
    @Test("SIGRTMIN+2 steps back through `standards` (wrapping round), SIGUSR2 forward; no request")
    func previousStandard() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, interval: "1h", top: "standards = [\"us\", \"china\", \"india\"]")
        let daemon = try DaemonProcess(sandbox: sandbox)
        let standard = { readJSON(sandbox.jsonOutput)?["standard"] as? String }
        let fetched = { (readJSON(sandbox.jsonOutput)?["air_quality"] as? [String: Any])?["aqi"] != nil }
        #expect(await waitUntil { standard() == "us" && fetched() }, "\(daemon.stderr)")
        let requests = server.requests.count
        daemon.send(__libc_current_sigrtmin() + 2)
        #expect(await waitUntil { standard() == "india" }, "from the first, back to the last: \(String(describing: standard())) \(daemon.stderr)")
        daemon.send(__libc_current_sigrtmin() + 2)
        #expect(await waitUntil { standard() == "china" }, "\(String(describing: standard()))")
        daemon.send(SIGUSR2)
        #expect(await waitUntil { standard() == "india" }, "\(String(describing: standard()))")
        #expect(daemon.isRunning && server.requests.count == requests)
    }
}
