@testable import BreatherConfig
import Testing

@Suite("TOML reader: what it refuses, at which line and column")
struct TOMLErrorTests {
    @Test("syntax errors name the line and column where reading stopped", arguments: [
        ("standard = ", 1, 12, "expected a value"),
        ("a = 1\nb = \"open", 2, 10, "unterminated string"),
        ("a = 1 2", 1, 7, "expected a new line after the value"),
        ("a = 1\na = 2", 2, 1, "a is defined twice"),
        ("[t]\n[t]", 2, 2, "[t] is defined twice"),
        ("[\"\".t]\n[\"\".t]", 2, 2, "[.t] is defined twice"),  // an empty quoted key keeps its dot
        ("a = 1\n[a.b]", 2, 2, "a is already a value"),
        ("[t]\nx.y = 1\n[t.x]", 3, 2, "[t.x] is defined twice"),
        ("p = { a = 1 }\n[p]", 2, 2, "[p] is defined twice"),
        ("p = { a = 1 }\np.b = 2", 2, 1, "p.b: p is already defined"),
        ("[[o]]\nk = 1\n[o]", 3, 2, "[o] is defined twice"),
        ("o = [1]\n[[o]]", 2, 3, "already defined as something else"),
        ("= 1", 1, 1, "expected a key"),
        ("a b = 1", 1, 3, "expected = after the key a"),
        ("[t", 1, 3, "expected ] to close"),
        ("a = [1, 2", 1, 10, "expected , or ]"),
        ("a = { b = 1,\n c = 2 }", 1, 13, "expected a key"),
        ("a = \"\\x41\"", 1, 6, "unknown escape \\x"),
        ("a = \"\\u12\"", 1, 6, "\\u needs 4 hexadecimal digits"),
        ("a = \"\\uD800\"", 1, 6, "names no Unicode character"),
        ("a = \"tab\u{1}\"", 1, 9, "control character in a string"),
        ("a = '''never closed", 1, 20, "unterminated multi-line string"),
        ("# bell \u{7} in a comment", 1, 8, "control character in a comment"),
        ("a = 1\rb = 2", 1, 6, "carriage return"),
        ("a = tru", 1, 5, "expected a value"),
        ("a = 0123", 1, 5, "invalid number 0123"),
        ("a = 1__0", 1, 5, "invalid number"),
        ("a = 1.", 1, 5, "invalid number"),
        ("a = +0x10", 1, 5, "invalid number"),
        ("a = 99999999999999999999", 1, 5, "invalid number"),
        ("a = 1979-05-27", 1, 5, "dates and times are not used"),
        ("a = 07:32:00", 1, 5, "dates and times are not used"),
        ("name = \"Łódź\" x", 1, 15, "expected a new line"),
    ])
    func syntax(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try parseTOML(text)
            Issue.record("accepted \(text.debugDescription)")
        } catch {
            #expect(error.line == line, "\(text.debugDescription): \(error)")
            #expect(error.column == column, "\(text.debugDescription): \(error)")
            #expect(error.message.contains(message), "\(text.debugDescription): \(error)")
        }
    }

    @Test("deep nesting is an error, not a stack overflow; 64 levels are fine")
    func nesting() throws {
        #expect(try parseTOML("a = " + String(repeating: "[", count: 64) + String(repeating: "]", count: 64))["a"] != nil)
        for opener in ["[", "{ b = "] {
            let text = "a = " + String(repeating: opener, count: 100_000)
            do {
                _ = try parseTOML(text)
                Issue.record("accepted 100,000 times \(opener)")
            } catch {
                #expect(error.message == "arrays and inline tables nested more than 64 deep", "\(error)")
                #expect(error.line == 1)
            }
        }
    }

    @Test("bytes that are not UTF-8 text are refused at their position", arguments: [
        (Array("interval = \"2s\"".utf8) + [0] + Array("\n[location]".utf8), 1, 16, "NUL byte"),
        (Array("[location]\nname = \"Lis".utf8) + [0xFF, 0xFE] + Array("bon\"".utf8), 2, 12, "not UTF-8 (byte 0xFF)"),
        (Array("a = \"é".utf8) + [0xC3], 1, 7, "not UTF-8 (byte 0xC3)"),  // truncated sequence
        ([0xC0, 0xAF], 1, 1, "not UTF-8 (byte 0xC0)"),  // overlong "/"
        ([0xED, 0xA0, 0x80], 1, 1, "not UTF-8 (byte 0xED)"),  // a UTF-16 surrogate
        (Array("# ok\n# ".utf8) + [0x00], 2, 3, "NUL byte"),
    ])
    func encoding(bytes: [UInt8], line: Int, column: Int, message: String) {
        do {
            _ = try TOMLParser.parse(bytes)
            Issue.record("accepted \(bytes)")
        } catch {
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }
}
