import CJansson

/// Builds a jansson tree from a `JSONValue` and dumps it to text.
///
/// Serializing through jansson (rather than hand-rolled escaping) keeps
/// output byte-compatible with what the parser accepts.
enum JanssonWriter {
    /// Dumps `value`; returns "" only if jansson fails (out of memory).
    static func serialize(_ value: JSONValue, pretty: Bool) -> String {
        let root = build(value)
        defer { json_decref(root) }
        guard let text = cjansson_dumps(root, pretty ? 1 : 0) else { return "" }
        defer { cjansson_free(text) }
        return String(cString: text)
    }

    /// Returns a new reference; `_new` setters below steal it.
    private static func build(_ value: JSONValue) -> UnsafeMutablePointer<json_t> {
        let json: UnsafeMutablePointer<json_t>?
        switch value {
        case .null:
            json = json_null()
        case .bool(let flag):
            json = flag ? json_true() : json_false()
        case .integer(let number):
            json = json_integer(json_int_t(number))
        case .number(let number):
            // jansson rejects NaN and infinity, and JSON has no spelling for them.
            json = number.isFinite ? json_real(number) : json_null()
        case .string(let text):
            json = withBytes(text) { json_stringn_nocheck($0, $1) }
        case .array(let items):
            json = json_array()
            if let json {
                for item in items {
                    json_array_append_new(json, build(item))
                }
            }
        case .object(let members):
            json = json_object()
            if let json {
                for (key, member) in members {
                    // setn: keys may contain NUL; nocheck: Swift strings are valid UTF-8.
                    _ = withBytes(key) { json_object_setn_new_nocheck(json, $0, $1, build(member)) }
                }
            }
        }
        guard let json else { fatalError("jansson: out of memory building JSON") }
        return json
    }

    /// Hands jansson the UTF-8 bytes and their length, never a C string, so
    /// embedded NULs are kept. An empty string may have no storage; use "".
    private static func withBytes<R>(_ text: String, _ body: (UnsafePointer<CChar>, Int) -> R) -> R {
        var text = text
        return text.withUTF8 { utf8 in
            guard let base = utf8.baseAddress, !utf8.isEmpty else {
                return "".withCString { body($0, 0) }
            }
            return base.withMemoryRebound(to: CChar.self, capacity: utf8.count) { body($0, utf8.count) }
        }
    }
}
