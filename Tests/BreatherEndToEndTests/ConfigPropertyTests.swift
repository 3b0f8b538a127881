import Foundation
import PropertyBased
import Testing

/// Pieces of TOML, right and wrong, so random files get past the first byte often enough to
/// reach the key checks: sections, keys Breather knows, values of every type, broken quoting.
let tomlPieces = [
    "[location]\n", "[[output]]\n", "[sources]\n", "[providers.open-meteo]\n", "[cache]\n", "[", "]", "[[", "\n",
    "standard = ", "units = ", "interval = ", "timeout = ", "latitude = ", "longitude = ", "name = ", "city = ", "auto = ",
    "air = ", "path = ", "format = ", "on_update = ", "max_age = ", "base_url = ", "key_file = ",
    "\"us\"", "\"china\"", "\"15m\"", "\"0s\"", "\"366d\"", "\"1e999s\"", "52.3", "-91", "1e308", "nan", "inf", "0x10", "true",
    "[\"a\", 1]", "[]", "{ a = 1 }", "\"unterminated", "'literal'", "\"\"\"", "\"\\u0000\"", "\"\\uD800\"", "#", "=", " ", "\t",
    "\r\n", "\u{0}", "\u{FEFF}", "é", "🌫️",
]

/// The parser runs in the real binary, in a child process: a crash then fails one case with its
/// input instead of taking the whole test run down.
@Suite("property: the config parser never crashes")
struct ConfigPropertyTests {
    /// `breather config` on `bytes`: exit 0 with settings, or 78 with one line naming the file.
    func check(_ bytes: [UInt8]) async throws {
        let sandbox = try Sandbox()
        try Data(bytes).write(to: URL(fileURLWithPath: sandbox.configPath))
        let result = try await sandbox.run(["config", "--config", sandbox.configPath])
        #expect([0, 78].contains(result.status), "exit \(result.status) on \(bytes): \(result.stderr)")
        if result.status == 78 {
            #expect(result.stderr.hasPrefix("breather: error: config: \(sandbox.configPath)"), "\(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr.debugDescription)")
        }
    }

    @Test("any byte string: settings or one error line with exit 78, never a crash")
    func anyBytes() async {
        await propertyCheck(count: 40, input: Gen<UInt8>.value(in: 0...255).array(of: 0...300)) { bytes in
            await #expect(throws: Never.self) { try await check(bytes) }
        }
    }

    @Test("any mix of TOML pieces: settings or one error line with exit 78, never a crash")
    func anyTOMLish() async {
        await propertyCheck(count: 80, input: Gen.element(of: tomlPieces).array(of: 0...30)) { pieces in
            await #expect(throws: Never.self) { try await check(Array(pieces.compactMap { $0 }.joined().utf8)) }
        }
    }

    @Test("table headers toml++ (the old TOMLKit) aborted on are config errors, not crashes",
          arguments: ["[é]\n", "[[[[output]]\n", "[[[a]]\n"])
    func formerAborts(text: String) async throws {
        // Found by anyTOMLish while the config went through toml++, whose parse_key assertion
        // ended the process (exit 134); Breather's own TOML reader refuses them at a column.
        let sandbox = try Sandbox()
        try sandbox.writeConfig(text)
        let result = try await sandbox.run(["config", "--config", sandbox.configPath])
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("breather: error: config: \(sandbox.configPath):1:"), "\(result.stderr)")
    }
}
