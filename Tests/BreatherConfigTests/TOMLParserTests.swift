@testable import BreatherConfig
import Foundation
import Testing

/// Parses `text` as a TOML document.
func parseTOML(_ text: String) throws(TOMLSyntaxError) -> TOMLTable {
    try TOMLParser.parse(Array(text.utf8))
}

@Suite("TOML reader: documents it accepts")
struct TOMLParserTests {
    @Test("scalars: strings, integers, floats, booleans, with comments and blank lines")
    func scalars() throws {
        let root = try parseTOML("""
            # a comment
            name = "Lisbon"   # after a value
            literal = 'C:\\path\\no\\escapes'
            count = 42
            negative = -17
            plus = +5
            big = 1_000_000
            hex = 0xDEAD_beef
            octal = 0o755
            binary = 0b1101
            pi = 3.14159
            exponent = -2E-2
            both = 6.626e-34
            underscored = 9_224.617_445
            yes = true
            no = false

            """)
        #expect(root["name"]?.string == "Lisbon")
        #expect(root["literal"]?.string == #"C:\path\no\escapes"#)
        #expect(root["count"]?.int == 42)
        #expect(root["negative"]?.int == -17)
        #expect(root["plus"]?.int == 5)
        #expect(root["big"]?.int == 1_000_000)
        #expect(root["hex"]?.int == 0xDEAD_BEEF)
        #expect(root["octal"]?.int == 0o755)
        #expect(root["binary"]?.int == 13)
        #expect(root["pi"]?.double == 3.14159)
        #expect(root["exponent"]?.double == -0.02)
        #expect(root["both"]?.double == 6.626e-34)
        #expect(root["underscored"]?.double == 9224.617445)
        #expect(root["yes"]?.bool == true)
        #expect(root["no"]?.bool == false)
        #expect(root.keys == ["name", "literal", "count", "negative", "plus", "big", "hex", "octal", "binary",
                              "pi", "exponent", "both", "underscored", "yes", "no"])
    }

    @Test("special floats: inf and nan with signs")
    func specialFloats() throws {
        let root = try parseTOML("a = inf\nb = -inf\nc = +inf\nd = nan\ne = -nan")
        #expect(root["a"]?.double == .infinity)
        #expect(root["b"]?.double == -.infinity)
        #expect(root["c"]?.double == .infinity)
        #expect(root["d"]?.double?.isNaN == true)
        #expect(root["e"]?.double?.isNaN == true)
    }

    @Test("basic-string escapes, including \\u and \\U", arguments: [
        (#""tab\there""#, "tab\there"), (#""quote \" and \\ backslash""#, "quote \" and \\ backslash"),
        (#""\b\f\n\r""#, "\u{8}\u{C}\n\r"), (#""caf\u00E9""#, "café"), (#""\U0001F32C wind""#, "\u{1F32C} wind"),
        (#""Łódź, 東京""#, "Łódź, 東京"), (#""""#, ""), ("''", ""),
    ])
    func escapes(literal: String, expected: String) throws {
        #expect(try parseTOML("s = \(literal)")["s"]?.string == expected)
    }

    @Test("multi-line strings: first new line dropped, CRLF becomes LF, line-ending backslash, quotes inside")
    func multiline() throws {
        let root = try parseTOML("a = \"\"\"\none\r\ntwo\"\"\"\nb = '''\nraw \\n stays'''\nc = \"\"\"joined \\\n    here\"\"\"\nd = \"\"\"two \"\"quotes\"\"\"\"\"\ne = '''it''s'''")
        #expect(root["a"]?.string == "one\ntwo")
        #expect(root["b"]?.string == "raw \\n stays")
        #expect(root["c"]?.string == "joined here")
        #expect(root["d"]?.string == "two \"\"quotes\"\"")
        #expect(root["e"]?.string == "it''s")
    }

    @Test("arrays: nested, mixed, across lines with comments and a trailing comma")
    func arrays() throws {
        let root = try parseTOML("""
            empty = []
            words = ["a", 'b', "c"]
            nested = [[1, 2], ["x"]]
            long = [
              "one",  # first
              "two",
            ]
            """)
        #expect(root["empty"]?.array?.isEmpty == true)
        #expect(root["words"]?.array?.compactMap(\.string) == ["a", "b", "c"])
        #expect(root["nested"]?.array?.first?.array?.compactMap(\.int) == [1, 2])
        #expect(root["long"]?.array?.compactMap(\.string) == ["one", "two"])
    }

    @Test("tables, sub-tables, quoted and dotted keys, each key with its line")
    func tables() throws {
        let root = try parseTOML("""
            top = 1
            [providers.open-meteo]
            forecast_url = "http://a"
            [providers."air visual"]
            base_url = "http://b"
            [location]
            point.latitude = 1.5
            point.longitude = 2
            "quoted key" = true
            [providers]
            extra = "defined after its sub-tables"
            """)
        let providers = try #require(root["providers"]?.table)
        #expect(providers["open-meteo"]?.table?["forecast_url"]?.string == "http://a")
        #expect(providers["air visual"]?.table?["base_url"]?.string == "http://b")
        #expect(providers["extra"]?.string == "defined after its sub-tables")
        let location = try #require(root["location"]?.table)
        #expect(location["point"]?.table?["longitude"]?.int == 2)
        #expect(location["quoted key"]?.bool == true)
        #expect(root.line(of: "top") == 1)
        #expect(root.line(of: "location") == 6)
        #expect(location.line(of: "quoted key") == 9)
        #expect(providers["open-meteo"]?.table?.line(of: "forecast_url") == 3)
    }

    @Test("arrays of tables, with sub-tables of the last block, and inline tables")
    func arraysOfTables() throws {
        let root = try parseTOML("""
            [[output]]
            path = "/a"
            [[output]]
            path = "/b"
            format = "json"
            [output.extra]
            note = "belongs to /b"
            [point]
            at = { lat = 1.5, lon = -2, name.short = "x" }
            empty = {}
            """)
        let outputs = try #require(root["output"]?.array)
        #expect(outputs.compactMap { $0.table?["path"]?.string } == ["/a", "/b"])
        #expect(outputs[1].table?["extra"]?.table?["note"]?.string == "belongs to /b")
        #expect(root.line(of: "output") == 1)
        let at = try #require(root["point"]?.table?["at"]?.table)
        #expect(at["lat"]?.double == 1.5)
        #expect(at["name"]?.table?["short"]?.string == "x")
        #expect(root["point"]?.table?["empty"]?.table?.keys.isEmpty == true)
    }

    @Test("many [[blocks]] are read in linear time, in order")
    func manyBlocks() throws {
        let count = 50_000
        let text = (0..<count).map { "[[o]]\nn = \($0)\n" }.joined()
        // Timed in this thread's CPU time, not on the wall clock: in a parallel run the wait for
        // a free core would be timed too. The whole test takes about 1 s alone; quadratic is far beyond.
        let start = threadCPUTime()
        let blocks = try #require(try parseTOML(text)["o"]?.array)
        let spent = threadCPUTime() - start
        #expect(blocks.count == count)
        #expect(blocks.last?.table?["n"]?.int == count - 1)
        #expect(spent < .seconds(10), "quadratic: each block copied the array")
    }

    /// The CPU time the calling thread has used (a synchronous test stays on one thread).
    func threadCPUTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    @Test("CRLF line ends, a byte order mark and a file without a final new line")
    func lineEnds() throws {
        let root = try TOMLParser.parse([0xEF, 0xBB, 0xBF] + Array("a = 1\r\n# c\r\n[t]\r\nb = 'x'".utf8))
        #expect(root["a"]?.int == 1)
        #expect(root["t"]?.table?["b"]?.string == "x")
        #expect(root["t"]?.table?.line(of: "b") == 4)
    }

    @Test("the shipped sample config, every line uncommented, reads as TOML")
    func sampleConfig() throws {
        let sample = """
            standard = "us"
            on_update = ["pkill", "-RTMIN+8", "waybar"]
            [location]
            latitude = 40.6769
            longitude = -73.9423
            [providers.open-meteo]
            forecast_url = "https://api.open-meteo.com/v1"
            [[output]]
            path = "/run/user/1000/breather/status.txt"
            format = "plain"
            """
        let root = try parseTOML(sample)
        #expect(root["location"]?.table?["longitude"]?.double == -73.9423)
        #expect(root["on_update"]?.array?.count == 3)
    }
}
