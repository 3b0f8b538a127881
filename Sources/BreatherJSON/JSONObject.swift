/// A JSON object: ordered `(key, value)` pairs with fast key lookup.
///
/// Order matters because serialized output should read like the input (and
/// like the provider docs); lookup speed matters because decoders do many
/// keyed reads per response. A small object (at most `indexThreshold` keys,
/// nearly every object a provider sends) is searched in order: comparing a
/// few short keys costs less than hashing each key, which building a
/// dictionary index does for every object parsed. A larger one gets an index
/// dictionary beside the pairs, so building an object of n keys stays O(n),
/// not O(n²).
///
/// Keys are unique: setting an existing key replaces its value in place.
/// Equality compares keys and values but not order, as JSON does; compare
/// `keys` to check order.
public struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral, Sequence {
    /// One member of the object.
    public typealias Element = (key: String, value: JSONValue)

    private var pairs: [Element]
    /// Each key's position in `pairs`; nil while the object has at most `indexThreshold` keys.
    private var index: [String: Int]?

    /// The most keys an object holds before it builds an index. A parse of an
    /// air-quality reply spent 60 % of its Swift conversion hashing keys of
    /// objects smaller than this (callgrind, docs/PERFORMANCE.md).
    static let indexThreshold = 16

    /// Creates an object from pairs in order. A repeated key keeps its first
    /// position and its last value (jansson's behaviour for duplicate keys).
    public init(_ pairs: [(String, JSONValue)] = []) {
        self.pairs = []
        self.pairs.reserveCapacity(pairs.count)
        for (key, value) in pairs {
            self[key] = value
        }
    }

    /// Creates an object from a dictionary literal, keeping the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }

    /// The value for `key`, or nil. Setting a new key appends it; setting an
    /// existing key replaces the value without moving it; setting nil removes it.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let position = position(of: key) else { return nil }
            return pairs[position].value
        }
        set {
            if let position = position(of: key) {
                if let newValue {
                    pairs[position].value = newValue
                } else {
                    remove(at: position)
                }
            } else if let newValue {
                index?[key] = pairs.count
                pairs.append((key: key, value: newValue))
                if index == nil, pairs.count > Self.indexThreshold { buildIndex() }
            }
        }
    }

    /// The keys in order.
    public var keys: [String] { pairs.map(\.key) }

    /// The values in key order.
    public var values: [JSONValue] { pairs.map(\.value) }

    /// The number of members.
    public var count: Int { pairs.count }

    /// True if the object has no members.
    public var isEmpty: Bool { pairs.isEmpty }

    /// Iterates members in order.
    public func makeIterator() -> IndexingIterator<[Element]> {
        pairs.makeIterator()
    }

    /// Same keys with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.pairs.count == rhs.pairs.count else { return false }
        for (key, value) in lhs.pairs where rhs[key] != value {
            return false
        }
        return true
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return pairs.firstIndex { $0.key == key }
    }

    private mutating func buildIndex() {
        var built: [String: Int] = [:]
        built.reserveCapacity(pairs.count * 2)
        for (position, pair) in pairs.enumerated() { built[pair.key] = position }
        index = built
    }

    // Removal is rare (decoders only read), so an O(n) reindex is fine. An object that
    // shrinks keeps its index.
    private mutating func remove(at position: Int) {
        pairs.remove(at: position)
        guard index != nil else { return }
        buildIndex()
    }
}
