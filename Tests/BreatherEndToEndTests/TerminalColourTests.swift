import BreatherTestSupport
import Foundation
import Testing

/// Plain output on a terminal: ANSI colour unless `NO_COLOR` is set to a non-empty value
/// (no-color.org). `script` gives the binary a pseudo-terminal as stdout.
@Suite("terminal colour")
struct TerminalColourTests {
    @Test("colour on a tty; NO_COLOR=1 turns it off; an empty NO_COLOR does not", arguments: [
        (nil, true), ("1", false), ("", true),
    ] as [(String?, Bool)])
    func noColor(value: String?, coloured: Bool) async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let command = "\(Paths.binary) --config \(sandbox.configPath)"
        let result = try await sandbox.run([], environment: value.map { ["NO_COLOR": $0] } ?? [:],
                                     executable: "/usr/bin/script", executableArguments: ["-qec", command, "/dev/null"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("AQI 112"), "\(result.stdout)")
        #expect(result.stdout.contains("\u{1B}[") == coloured, "\(result.stdout.debugDescription)")
    }
}
