import BreatherTestSupport
import Foundation
import Testing

/// Runs scripts/check-tmux-status.sh: the README's tmux snippet, as written, in a private tmux
/// server; the status line is read as drawn (colours included) from a second tmux.
@Suite("tmux status line")
struct TmuxStatusLineTests {
    @Test("tmux draws the index in its category colour with a hostile city name intact")
    func statusLine() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, location: "latitude = 40.6769\nlongitude = -73.9423\nname = \"Saint-Jean \\\"L'Île\\\" <&> 100%\"")
        let outputPath = sandbox.home.appendingPathComponent("status.txt").path
        _ = FileManager.default.createFile(atPath: outputPath, contents: Data())
        let process = Process()
        // Through python3 to clear the signal mask: Swift's Process can start children with
        // signals blocked, and a tmux server that never sees SIGCHLD never finishes its jobs.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = SupportPaths.repository.appendingPathComponent("scripts/check-tmux-status.sh").path
        process.arguments = ["python3", "-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])",
                             script, Paths.binary, sandbox.configPath, "AQI 112"]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": sandbox.home.path,
                               "XDG_CACHE_HOME": sandbox.home.appendingPathComponent("cache").path]
        process.standardOutput = FileHandle(forWritingAtPath: outputPath)
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The script gives up by itself after ~10 s; past the bound it is killed and fails here.
        let status = await waitForExit(process, timeout: 60)
        let line = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        #expect(status == 0, "\(line.debugDescription)")
        // #FF7E00, "Unhealthy for Sensitive Groups", drawn as a 24-bit colour.
        #expect(line.contains("\u{1B}[38;2;255;126;0mSaint-Jean \"L'Île\" <&> 100% AQI 112 Unhealthy for Sensitive Groups"), "\(line.debugDescription)")
    }
}
