import BreatherJSON
import Testing

@Suite struct JSONCursorTests {
    let root = JSONCursor([
        "n": nil, "i": 52, "r": 52.0, "f": 2.5, "s": "p2", "b": true,
        "list": [1, "two"], "obj": ["k": "v"],
    ])

    @Test func existsAndIsNull() {
        #expect(root["n"].exists)
        #expect(root["n"].isNull)
        #expect(!root["absent"].exists)
        #expect(root["absent"].isNull)
        #expect(!root["i"].isNull)
        #expect(root["n"]["deeper"].isNull)
    }

    @Test func numbers() throws {
        #expect(try root["i"].int() == 52)
        #expect(try root["r"].int() == 52)
        #expect(try root["i"].double() == 52)
        #expect(try root["f"].double() == 2.5)
        #expect(throws: JSONError.typeMismatch(path: "f", expected: "integer", found: "number")) {
            try root["f"].int()
        }
        #expect(throws: JSONError.typeMismatch(path: "s", expected: "number", found: "string")) {
            try root["s"].int()
        }
    }

    @Test func optionals() throws {
        #expect(try root["n"].optionalString() == nil)
        #expect(try root["absent"].optionalDouble() == nil)
        #expect(try root["s"].optionalString() == "p2")
        #expect(try root["i"].optionalInt() == 52)
        #expect(throws: JSONError.self) { try root["b"].optionalDouble() }
    }

    @Test func nullIsNotAString() {
        #expect(throws: JSONError.typeMismatch(path: "n", expected: "string", found: "null")) {
            try root["n"].string()
        }
    }

    @Test func containers() throws {
        #expect(try root["b"].bool())
        #expect(try root["obj"].object()["k"] == "v")
        let items = try root["list"].array()
        #expect(items.map(\.path) == ["list[0]", "list[1]"])
        #expect(try items[1].string() == "two")
        #expect(try root["list"][0].int() == 1)
        #expect(throws: JSONError.typeMismatch(path: "obj", expected: "array", found: "object")) {
            try root["obj"][0].int()
        }
    }

    @Test func customRootPath() throws {
        let cursor = JSONCursor(["x": 1], path: "data")
        #expect(cursor["y"].path == "data.y")
        #expect(throws: JSONError.missing(path: "data.y")) { try cursor["y"].int() }
    }
}
