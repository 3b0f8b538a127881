import BreatherConfig
import Foundation
import Testing

/// Issue 13, items 1 and 2: a config file is strict UTF-8 text.
@Suite("config file encoding")
struct ConfigEncodingTests {
    func load(_ bytes: [UInt8]) throws(ConfigError) -> Settings {
        let path = try! scratchFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try ConfigLoader(environment: { _ in nil }).load(explicitPath: path)
    }

    @Test("a NUL byte is an error at its line and column, not the end of the file")
    func nulByte() {
        // Before: everything after the NUL fell back to defaults, exit 0.
        let bytes = Array("interval = \"2s\"".utf8) + [0] + Array("\n[location]\nlatitude = 1\nlongitude = 2\n".utf8)
        do {
            let settings = try load(bytes)
            Issue.record("accepted a NUL byte: interval \(settings.intervalSeconds)")
        } catch {
            #expect(error.line == 1 && error.column == 16)
            #expect(error.description.hasSuffix(":1:16: invalid TOML: NUL byte: a config file is text (UTF-8)"), "\(error)")
        }
    }

    @Test("bytes that are not UTF-8 are an error, not U+FFFD in a place name")
    func invalidUTF8() {
        let bytes = Array("[location]\nname = \"Lis".utf8) + [0xFF, 0xFE] + Array("bon\"\n".utf8)
        do {
            let settings = try load(bytes)
            Issue.record("accepted invalid UTF-8: name \(settings.location.name ?? "nil")")
        } catch {
            #expect(error.line == 2 && error.column == 12)
            #expect(error.reason == "invalid TOML: not UTF-8 (byte 0xFF): a config file must be UTF-8 text")
        }
    }

    @Test("UTF-8 place names, a byte order mark and CRLF line ends are fine")
    func validText() throws {
        let settings = try load([0xEF, 0xBB, 0xBF] + Array("[location]\r\nname = \"Łódź\"\r\nlatitude = 51.76\r\nlongitude = 19.46\r\n".utf8))
        #expect(settings.location.name == "Łódź")
        #expect(settings.origins["location.name"]?.hasSuffix(":2") == true)
    }
}
