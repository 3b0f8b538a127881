import BreatherJSON
import Testing

@Suite struct JSONErrorTests {
    @Test func syntaxErrorReportsLineAndColumn() {
        #expect {
            try JSON.parse("{\n  \"a\": 1,\n  oops\n}")
        } throws: { error in
            guard case let JSONError.syntax(line, column, message) = error else { return false }
            return line == 3 && column > 0 && !message.isEmpty
        }
    }

    @Test func syntaxErrorDescription() {
        let error = JSONError.syntax(line: 3, column: 7, message: "string or '}' expected")
        #expect(error.description == "invalid JSON at line 3, column 7: string or '}' expected")
    }

    @Test(arguments: ["", "{", "[1,]", "tru", "{\"a\" 1}", "\"unterminated", "1 2"])
    func malformedInputThrowsSyntax(_ text: String) {
        #expect {
            try JSON.parse(text)
        } throws: { error in
            if case JSONError.syntax = error { return true }
            return false
        }
    }

    @Test func invalidUTF8IsSyntaxError() {
        #expect(throws: JSONError.self) { try JSON.parse([0x22, 0xFF, 0xFE, 0x22]) }
    }

    @Test func integerBeyondInt64IsSyntaxError() throws {
        #expect {
            try JSON.parse("{\"n\": 99999999999999999999}")
        } throws: { error in
            if case JSONError.syntax(line: 1, _, _) = error { return true }
            return false
        }
        #expect(try JSON.parse("9223372036854775807") == .integer(Int64.max))
    }

    @Test func deepNestingWithinLimitParsesBeyondItThrows() throws {
        let shallow = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(throws: Never.self) { try JSON.parse(shallow) }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONError.self) { try JSON.parse(deep) }
    }

    @Test func missingFieldNamesFullPath() throws {
        let root = JSONCursor(try JSON.parse(#"{"data": {"current": {"pollution": {}}}}"#))
        let aqius = root["data"]["current"]["pollution"]["aqius"]
        #expect(!aqius.exists)
        #expect(aqius.isNull)
        #expect(throws: JSONError.missing(path: "data.current.pollution.aqius")) { try aqius.int() }
        #expect(JSONError.missing(path: "data.current.pollution.aqius").description
            == "data.current.pollution.aqius: missing")
        #expect(try aqius.optionalInt() == nil)
    }

    @Test func missingParentStillNamesFullPath() throws {
        let root = JSONCursor(try JSON.parse(#"{"status": "fail"}"#))
        #expect(throws: JSONError.missing(path: "data.current.pollution.aqius")) {
            try root["data"]["current"]["pollution"]["aqius"].int()
        }
    }

    @Test func typeMismatchNamesPathAndTypes() throws {
        let root = JSONCursor(try JSON.parse(#"{"data": {"current": {"pollution": {"aqius": "52"}}}}"#))
        let aqius = root["data"]["current"]["pollution"]["aqius"]
        do {
            _ = try aqius.double()
            Issue.record("expected a type mismatch")
        } catch {
            #expect(error.description == "data.current.pollution.aqius: expected number, found string")
        }
        // A present value of the wrong type is an error even for optional reads.
        #expect(throws: JSONError.self) { try aqius.optionalInt() }
    }

    @Test func keyIntoNonObjectReportsParentMismatch() throws {
        let root = JSONCursor(try JSON.parse(#"{"data": "Invalid key"}"#))
        #expect(throws: JSONError.typeMismatch(path: "data", expected: "object", found: "string")) {
            try root["data"]["current"].optionalString()
        }
    }

    @Test func rootPathPrintsAsRoot() throws {
        let root = JSONCursor(try JSON.parse("[1]"))
        do {
            _ = try root.object()
            Issue.record("expected a type mismatch")
        } catch {
            #expect(error.description == "(root): expected object, found array")
        }
        #expect(JSONError.missing(path: "").description == "(root): missing")
    }

    @Test func arrayItemPath() throws {
        let root = JSONCursor(try JSON.parse(#"{"hourly": {"pm2_5": [1, 2, 3, "x"]}}"#))
        #expect(throws: JSONError.typeMismatch(path: "hourly.pm2_5[3]", expected: "number", found: "string")) {
            try root["hourly"]["pm2_5"].doubles()
        }
        #expect(throws: JSONError.missing(path: "hourly.pm2_5[9]")) { try root["hourly"]["pm2_5"][9].int() }
    }

    @Test("strings(): an hourly time list reads whole; an item of another kind is named by its path")
    func stringsItemPath() throws {
        let root = JSONCursor(try JSON.parse(#"{"hourly": {"time": ["2026-11-28T08:00", "2026-11-28T09:00"], "bad": ["a", null]}}"#))
        #expect(try root["hourly"]["time"].strings() == ["2026-11-28T08:00", "2026-11-28T09:00"])
        #expect(throws: JSONError.typeMismatch(path: "hourly.bad[1]", expected: "string", found: "null")) {
            try root["hourly"]["bad"].strings()
        }
        #expect(throws: JSONError.missing(path: "hourly.none")) { try root["hourly"]["none"].strings() }
        #expect(throws: JSONError.typeMismatch(path: "hourly", expected: "array", found: "object")) { try root["hourly"].strings() }
    }

    @Test("doubles(): nulls are gaps, integers read as numbers, a missing list is named")
    func doublesGapsAndIntegers() throws {
        let root = JSONCursor(try JSON.parse(#"{"uv": [0, 1.5, null, 7]}"#))
        #expect(try root["uv"].doubles() == [0, 1.5, nil, 7])
        #expect(throws: JSONError.missing(path: "pm10")) { try root["pm10"].doubles() }
    }
}
