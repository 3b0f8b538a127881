import BreatherJSON
import Testing

@Suite struct JSONObjectTests {
    @Test func setAppendsOrReplacesInPlace() {
        var object: JSONObject = ["a": 1, "b": 2]
        object["c"] = 3
        object["a"] = "replaced"
        #expect(object.keys == ["a", "b", "c"])
        #expect(object["a"] == "replaced")
        #expect(object.count == 3)
    }

    @Test func settingNilRemovesAndReindexes() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        object["a"] = nil
        #expect(object.keys == ["b", "c"])
        #expect(object["c"] == 3)
        object["a"] = 4
        #expect(object.keys == ["b", "c", "a"])
    }

    @Test func duplicateKeysKeepFirstPositionLastValue() {
        let object = JSONObject([("a", 1), ("b", 2), ("a", 3)])
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == 3)
    }

    @Test func sequenceIsOrdered() {
        let object: JSONObject = ["x": 1, "y": 2]
        #expect(object.map(\.key) == ["x", "y"])
    }

    @Test func equalityIgnoresOrder() {
        let forward: JSONObject = ["a": 1, "b": 2]
        let backward: JSONObject = ["b": 2, "a": 1]
        #expect(forward == backward)
        #expect(forward != ["a": 1, "b": 3])
        #expect(forward != ["a": 1])
    }

    @Test func largeObjectBuildsAndParsesQuickly() throws {
        // Guards against quadratic building: 50k keys would take seconds if O(n²).
        let pairs = (0..<50_000).map { ("key\($0)", JSONValue.integer(Int64($0))) }
        let object = JSONObject(pairs)
        let text = JSON.serialize(.object(object))
        let parsed = try JSON.parse(text)
        #expect(parsed == .object(object))
        #expect(JSONCursor(parsed)["key49999"].exists)
    }
}
