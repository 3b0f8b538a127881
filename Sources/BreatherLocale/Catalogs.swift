/// The catalogs built into the binary, one table per language (Catalog+<language>.swift,
/// made from po/<language>.po by scripts/po2swift.py).
enum Catalogs {}

/// One language's table: each translated message's key ("context\u{04}msgid" with a context)
/// followed by its msgstr forms, in one flat array sorted by the keys' UTF-8 bytes, and where
/// each message starts. The arrays are literals the compiler lays out in the binary, so a lookup
/// is a binary search in place: no dictionary is built (and no key hashed) at the first lookup,
/// which cost a one-shot ~0.15 ms at ~717 messages (docs/PERFORMANCE.md, "Languages").
struct Catalog: Sendable {
    /// Key, forms, key, forms …
    let strings: [String]
    /// `starts[i]` is where message i's key is in `strings`; the last element is `strings.count`.
    let starts: [UInt32]

    /// The number of messages.
    var count: Int { starts.count - 1 }

    /// The key of message `index`.
    func key(at index: Int) -> String { strings[Int(starts[index])] }

    /// The index of the message whose key is `context` EOT `msgid` (or `msgid` with no context),
    /// compared byte by byte, without joining the two; nil when the catalog lacks it.
    func index(of msgid: String, context: String? = nil) -> Int? {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            let order = Self.compare(strings[Int(starts[middle])], context: context, msgid: msgid)
            if order == 0 { return middle }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// Form `form` of message `index` (the last one when it has fewer).
    func form(_ form: Int, at index: Int) -> String {
        let first = Int(starts[index]) + 1
        return strings[min(first + form, Int(starts[index + 1]) - 1)]
    }

    /// Every form of the message `key` names; nil when the catalog lacks it.
    subscript(key: String) -> [String]? {
        guard let index = index(of: key) else { return nil }
        return Array(strings[(Int(starts[index]) + 1)..<Int(starts[index + 1])])
    }

    /// The order of `key` against `context` EOT `msgid` by UTF-8 bytes: negative when `key`
    /// comes first, 0 when they are the same bytes, positive after.
    static func compare(_ key: String, context: String?, msgid: String) -> Int {
        var key = key
        var msgid = msgid
        return key.withUTF8 { keyBytes in
            var offset = 0
            if var context {
                let order = context.withUTF8 { prefix(keyBytes, $0) }
                if order.order != 0 { return order.order }
                // The separator, EOT.
                offset = order.length
                if offset == keyBytes.count { return -1 }
                if keyBytes[offset] != 0x04 { return Int(keyBytes[offset]) - 0x04 }
                offset += 1
            }
            let rest = UnsafeBufferPointer(rebasing: keyBytes[offset...])
            return msgid.withUTF8 { bytes in
                let order = prefix(rest, bytes)
                if order.order != 0 { return order.order }
                return rest.count - bytes.count
            }
        }
    }

    /// Compares the first `min(a.count, b.count)` bytes, then, when those agree, reports a key
    /// shorter than `b` as first. `length` is `b.count` when the key begins with all of `b`.
    private static func prefix(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> (order: Int, length: Int) {
        let common = min(a.count, b.count)
        var index = 0
        while index < common {
            if a[index] != b[index] { return (Int(a[index]) - Int(b[index]), 0) }
            index += 1
        }
        return a.count < b.count ? (-1, 0) : (0, b.count)
    }
}
