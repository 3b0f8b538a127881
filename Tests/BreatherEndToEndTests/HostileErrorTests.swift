import BreatherTestSupport
import Foundation
import Testing

/// A provider's error text is outside text: escape sequences and newlines in it must reach no
/// output, terminal or log line, and a failure's bar text stays short and URL-free.
@Suite("provider error text in every format")
struct HostileErrorTests {
    /// Open-Meteo's error body with a colour escape, a cursor move, an OSC title, CR/LF and DEL.
    static let hostileReason = #"down\u001b[31m red\u001b[0m\u001b[2J\u001b]0;pwned\u0007\r\nsecond line\u007f\u009b1m end"#

    static let formats = ["plain", "json", "waybar", "i3bar", "polybar", "tmux"]

    @Test("ESC and newlines in a provider error: every format stays one line, no ESC byte, stderr too")
    func escapesRemoved() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(
            air: .json(#"{"error": true, "reason": "\#(Self.hostileReason)"}"#, status: 503)))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        for format in Self.formats + ["i3blocks", "prometheus"] {
            let result = try await sandbox.run(["--format", format, "--config", sandbox.configPath])
            #expect(!result.stdout.contains("\u{1B}") && !result.stderr.contains("\u{1B}"), "\(format): \(result.stdout.debugDescription)")
            #expect(!result.stdout.contains("\u{7F}") && !result.stdout.contains("\u{9B}") && !result.stdout.contains("\r"))
            #expect(!result.stdout.contains("pwned") || result.stdout.contains("down red"), "the OSC's text goes with it")
            if Self.formats.contains(format) {
                #expect(result.stdout.split(separator: "\n").count == 1, "\(format): \(result.stdout.debugDescription)")
            }
            #expect(result.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("breather") }, "every stderr line is one of Breather's: \(result.stderr.debugDescription)")
        }
        let template = try await sandbox.run(["--template", "{error}", "--config", sandbox.configPath])
        #expect(template.stdout.split(separator: "\n").count == 1 && !template.stdout.contains("\u{1B}"), "\(template.stdout.debugDescription)")
        #expect(template.stdout.contains("down red second line end"), "\(template.stdout.debugDescription)")
    }

    @Test("a failing provider: bar text at most 60 characters, no http in any bar text, compact or full")
    func shortErrors() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: Route(bytes: 64 << 20)))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let waybar = try await sandbox.run(["--format", "waybar", "--config", sandbox.configPath])
        let object = try JSONSerialization.jsonObject(with: Data(waybar.stdout.utf8)) as? [String: Any]
        let text = try #require(object?["text"] as? String)
        #expect(text.count <= 60 && !text.contains("http"), "\(text)")
        let tooltip = try #require(object?["tooltip"] as? String)
        #expect(!tooltip.contains("http"), "\(waybar.stdout)")
        #expect(!waybar.stderr.contains("http"), "\(waybar.stderr)")
        let i3bar = try await sandbox.run(["--format", "i3bar", "--config", sandbox.configPath])
        let block = try JSONSerialization.jsonObject(with: Data(i3bar.stdout.utf8)) as? [String: Any]
        let full = try #require(block?["full_text"] as? String)
        #expect(full.count <= 62 && !full.contains("http"), "\(full)")  // 60 and the padding
        let debug = try await sandbox.run(["--format", "plain", "--refresh", "--log-level", "debug", "--config", sandbox.configPath])
        #expect(debug.stderr.contains("GET http://127.0.0.1:"), "the URL is in the debug log: \(debug.stderr)")
        #expect(!debug.stdout.contains("http"))
    }
}
