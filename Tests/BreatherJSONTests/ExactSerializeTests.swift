import BreatherJSON
import Testing

/// `JSON.serializeExact`, the Swift writer of Breather's own files: jansson's compact text,
/// numbers that read back exactly.
@Suite struct ExactSerializeTests {
    /// Strings jansson escapes, and ones it leaves as they are.
    static let strings = ["", "plain", "quote \" and backslash \\", "tab\tnew\nline\rform\u{0C}back\u{08}", "nul \u{0}, esc \u{1B}, us \u{1F}",
                          "del \u{7F}", "µg/m³ · – 🌫", "slash / stays"]

    @Test("strings: the same text as jansson's writer", arguments: strings)
    func stringsAsJansson(_ text: String) throws {
        #expect(JSON.serializeExact(.string(text)) == JSON.serialize(.string(text)))
        #expect(try JSON.parse(JSON.serializeExact(.string(text))) == .string(text))
    }

    @Test("reals of up to 15 digits: the same text as jansson's writer",
          arguments: [12.3, 0.45, 1.0, -105.06415, 22.1, 0, -0.0, 1763800600.0, 40.6769, 1e-7, 123456789012345, 0.001, 2.5e-5, 1e16, 3.5e300, -1e-100])
    func shortRealsAsJansson(_ number: Double) {
        #expect(JSON.serializeExact(.number(number)) == JSON.serialize(.number(number)))
    }

    @Test("every real reads back to the same Double, where jansson's 15 digits do not",
          arguments: [0.1 + 0.2, 1763800600.1234567, 7.234567891234567, .pi, .leastNonzeroMagnitude, .greatestFiniteMagnitude])
    func realsReadBackExactly(_ number: Double) throws {
        #expect(try JSON.parse(JSON.serializeExact(.number(number))) == .number(number))
    }

    @Test("a whole document: jansson's text for it, and the same value read back")
    func document() throws {
        let value: JSONValue = ["version": 2, "at": .number(1763800600.5), "hourly": ["pm2_5": [12.5, nil, 14.0]],
                                "ok": true, "none": nil, "empty": [:], "list": [], "name": "Brooklyn \"home\""]
        #expect(JSON.serializeExact(value) == JSON.serialize(value))
        #expect(try JSON.parse(JSON.serializeExact(value)) == value)
        #expect(JSON.serializeExact(.array([.number(.nan), .number(-.infinity), .integer(.min)])) == "[null,null,-9223372036854775808]")
    }
}
