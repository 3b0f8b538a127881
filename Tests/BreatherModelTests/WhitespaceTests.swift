import BreatherModel
import Testing

@Suite("trimming white space")
struct WhitespaceTests {
    @Test("spaces, tabs, CR, LF and CRLF go at both ends; inner white space stays", arguments: [
        ("abc123\r\n", "abc123"), ("  15m ", "15m"), ("\tug/m3\n", "ug/m3"), ("\r\n\r\nkey\r", "key"),
        ("New  York", "New  York"), (" a\tb ", "a\tb"), ("", ""), (" \t\r\n ", ""), ("x", "x"),
    ])
    func trims(text: String, expected: String) {
        #expect(text.trimmingWhitespace() == expected)
        #expect(text[...].trimmingWhitespace() == expected)
    }
}
