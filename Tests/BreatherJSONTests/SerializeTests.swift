import BreatherJSON
import Testing

@Suite struct SerializeTests {
    @Test func keyOrderSurvivesRoundTrip() throws {
        let text = #"{"zeta":1,"alpha":2,"mid":{"b":true,"a":null}}"#
        let value = try JSON.parse(text)
        #expect(JSON.serialize(value) == text)
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        #expect(object.keys == ["zeta", "alpha", "mid"])
    }

    @Test func builtObjectKeepsInsertionOrder() {
        let value: JSONValue = ["z": 1, "a": [true, nil], "m": "x"]
        #expect(JSON.serialize(value) == #"{"z":1,"a":[true,null],"m":"x"}"#)
    }

    @Test(arguments: [(12.3, "12.3"), (0.45, "0.45"), (1.0, "1.0"), (-105.06415, "-105.06415"), (22.1, "22.1")])
    func realsPrintShortest(_ number: Double, _ expected: String) {
        #expect(JSON.serialize(.number(number)) == expected)
    }

    @Test func nonFiniteBecomesNull() {
        #expect(JSON.serialize(.number(.nan)) == "null")
        #expect(JSON.serialize(.array([.number(.infinity)])) == "[null]")
    }

    @Test func integersAndScalars() {
        #expect(JSON.serialize(.integer(Int64.min)) == "-9223372036854775808")
        #expect(JSON.serialize(.bool(false)) == "false")
        #expect(JSON.serialize(.null) == "null")
        #expect(JSON.serialize(.object([:])) == "{}")
        #expect(JSON.serialize(.array([])) == "[]")
    }

    @Test func prettyIndentsByTwo() {
        let value: JSONValue = ["a": 1, "b": [2]]
        #expect(JSON.serialize(value, pretty: true) == "{\n  \"a\": 1,\n  \"b\": [\n    2\n  ]\n}")
    }

    @Test(arguments: [
        "quote \" backslash \\ slash /",
        "<script>&amp;</script>",
        "line\nbreak\ttab\r",
        "μg/m³ 北京 🌫️ é",
        "",
    ])
    func stringsRoundTrip(_ text: String) throws {
        let value: JSONValue = ["k": .string(text), text: "as key"]
        #expect(try JSON.parse(JSON.serialize(value)) == value)
    }

    @Test func outputIsUTF8NotEscapedASCII() {
        #expect(JSON.serialize("μg/m³ <&>") == "\"μg/m³ <&>\"")
        #expect(JSON.serialize("a\"b\nc") == #""a\"b\nc""#)
    }

    @Test func embeddedNULSurvives() throws {
        let parsed = try JSON.parse(#"{"ab": "x\u0000y"}"#)
        guard case .object(let object) = parsed else { Issue.record("not an object"); return }
        #expect(object["ab"] == .string("x\u{0}y"))
        #expect(JSON.serialize(parsed) == #"{"ab":"x\u0000y"}"#)
        #expect(try JSON.parse(JSON.serialize(parsed)) == parsed)
    }

    @Test func nulInKeyIsWrittenButJanssonRejectsItOnParse() {
        // jansson's decoder refuses NUL in object keys even with JSON_ALLOW_NUL.
        let value: JSONValue = ["a\u{0}b": 1]
        #expect(JSON.serialize(value) == #"{"a\u0000b":1}"#)
        #expect(throws: JSONError.self) { try JSON.parse(JSON.serialize(value)) }
    }

    @Test func bareTopLevelString() throws {
        let value = try JSON.parse(#""call_limit_reached""#)
        #expect(value == .string("call_limit_reached"))
        #expect(try JSONCursor(value).string() == "call_limit_reached")
        #expect(JSON.serialize(value) == #""call_limit_reached""#)
    }

    @Test func bareTopLevelScalars() throws {
        #expect(try JSON.parse("42") == .integer(42))
        #expect(try JSON.parse(" 4.5 ") == .number(4.5))
        #expect(try JSON.parse("null") == .null)
        #expect(try JSON.parse([UInt8]("true".utf8)) == .bool(true))
    }
}
