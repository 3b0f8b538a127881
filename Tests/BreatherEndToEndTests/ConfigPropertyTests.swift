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
    /// Inputs that hit the known toml++ abort are collected in `known`, not failed.
    func check(_ bytes: [UInt8], known: KnownAborts) async throws {
        let sandbox = try Sandbox()
        try Data(bytes).write(to: URL(fileURLWithPath: sandbox.configPath))
        let result = try await sandbox.run(["config", "--config", sandbox.configPath])
        if result.stderr.contains("toml::impl::parser::parse_key(): Assertion") {
            // Known: toml++ (inside TOMLKit) aborts on a table header whose key starts with
            // neither a bare-key character nor a quote, such as `[é]` or `[[[a]]`; see
            // tomlPlusPlusAbort below. Any other crash fails.
            known.add(String(decoding: bytes, as: UTF8.self))
            return
        }
        #expect([0, 78].contains(result.status), "exit \(result.status) on \(bytes): \(result.stderr)")
        if result.status == 78 {
            #expect(result.stderr.hasPrefix("breather: error: config: \(sandbox.configPath)"), "\(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr.debugDescription)")
        }
    }

    @Test("any byte string: settings or one error line with exit 78, never a crash")
    func anyBytes() async {
        let known = KnownAborts()
        await propertyCheck(count: 40, input: Gen<UInt8>.value(in: 0...255).array(of: 0...300)) { bytes in
            await #expect(throws: Never.self) { try await check(bytes, known: known) }
        }
        known.report()
    }

    @Test("any mix of TOML pieces: settings or one error line with exit 78, never a crash")
    func anyTOMLish() async {
        let known = KnownAborts()
        await propertyCheck(count: 80, input: Gen.element(of: tomlPieces).array(of: 0...30)) { pieces in
            await #expect(throws: Never.self) { try await check(Array(pieces.compactMap { $0 }.joined().utf8), known: known) }
        }
        known.report()
    }

    @Test("a non-ASCII table name is a config error, not an abort")
    func tomlPlusPlusAbort() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("[é]\n")
        let result = try await sandbox.run(["config", "--config", sandbox.configPath])
        // Found by anyTOMLish: toml++'s parse_key assertion aborts the process (exit 134, in
        // debug and release builds alike). Marked known until the parser is fixed or replaced;
        // this test then fails as "known issue not recorded" and the marker must go.
        withKnownIssue("toml++ (TOMLKit) aborts on a table header that starts with an unexpected character") {
            #expect(result.status == 78, "\(result.stderr)")
        }
    }
}

/// Inputs that hit the known toml++ abort, reported once after a property has run (an issue
/// recorded inside the property, even a known one, would count as its failure).
final class KnownAborts: @unchecked Sendable {
    private let lock = NSLock()
    private var inputs: [String] = []

    func add(_ input: String) { lock.withLock { inputs.append(input) } }

    func report() {
        let found = lock.withLock { inputs }
        guard !found.isEmpty else { return }
        withKnownIssue("toml++ parse_key abort", isIntermittent: true) {
            Issue.record("\(found.count) inputs hit the known toml++ abort, e.g. \(found[0].debugDescription)")
        }
    }
}
