import BreatherTestSupport
import Foundation
import Testing

@Suite("one-shot [[output]] failures")
struct OutputFailureTests {
    @Test("a one-shot exits 69 when an [[output]] file cannot be written, naming it; the line still prints",
          arguments: ["plain", "waybar"])
    func unwritableOutput(format: String) async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        let sandbox = try Sandbox()
        // A folder that cannot be made (its parent is a file): unwritable even for root.
        let blocker = sandbox.home.appendingPathComponent("not-a-folder").path
        try "x".write(toFile: blocker, atomically: true, encoding: .utf8)
        let good = sandbox.home.appendingPathComponent("run/status.txt").path
        let bad = blocker + "/status.txt"
        try sandbox.writeConfig(server: server, extra: """
            [[output]]
            path = "\(bad)"
            [[output]]
            path = "\(good)"
            """)
        let result = try await sandbox.run(["--config", sandbox.configPath, "--format", format])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains(bad), "\(result.stderr)")
        #expect(result.stdout.contains("AQI 28"))
        #expect(FileManager.default.fileExists(atPath: good), "the other outputs are still written")
        // In French (LANGUAGE=fr): the same exit, the sentence translated, the path as it is.
        let french = try await sandbox.run(["--config", sandbox.configPath, "--format", format], environment: ["LANGUAGE": "fr"])
        #expect(french.status == 69, "\(french.stderr)")
        #expect(french.stderr.contains("output: impossible d'écrire \(bad) : "), "\(french.stderr)")
        #expect(result.stderr.contains("output: cannot write \(bad): "), "\(result.stderr)")
    }
}
