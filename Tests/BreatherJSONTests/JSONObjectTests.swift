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

    /// Small objects search their pairs, larger ones an index (`JSONObject.indexThreshold`):
    /// the same operations must give the same object on either side of the switch, and while
    /// crossing it both ways (growing past it, shrinking below it, growing again).
    @Test(arguments: [3, 16, 17, 40])
    func lookupsMatchAnOrderedModelAcrossTheIndexThreshold(keyCount: Int) {
        var object = JSONObject()
        var model: [(key: String, value: JSONValue)] = []
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(keyCount)
        func next(_ bound: Int) -> Int {  // a fixed linear congruential sequence: the same ops every run
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33) % bound
        }
        for step in 0..<(keyCount * 12) {
            let key = "k\(next(keyCount))"
            let existing = model.firstIndex { $0.key == key }
            if next(4) == 0 {
                object[key] = nil
                if let existing { model.remove(at: existing) }
            } else {
                let value = JSONValue.integer(Int64(step))
                object[key] = value
                if let existing { model[existing].value = value } else { model.append((key, value)) }
            }
            #expect(object.keys == model.map(\.key), "step \(step)")
        }
        for number in 0...keyCount {  // every key, and one never set
            #expect(object["k\(number)"] == model.first { $0.key == "k\(number)" }?.value)
        }
        #expect(object.count == model.count)
        #expect(object == JSONObject(model.reversed().map { ($0.key, $0.value) }), "equality ignores order")
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
