import CJansson

/// Copies a jansson tree into `JSONValue`s.
///
/// Runs while the caller still holds the root reference; every string is
/// copied into Swift storage so nothing points into jansson memory after
/// `json_decref`.
enum JanssonReader {
    /// Parses `buffer` with jansson, converts, and releases the C tree.
    static func parse(_ buffer: UnsafeRawBufferPointer) -> Result<JSONValue, JSONError> {
        var error = json_error_t()
        let chars = buffer.baseAddress?.assumingMemoryBound(to: CChar.self)
        guard let root = cjansson_loadb(chars, buffer.count, &error) else {
            return .failure(syntaxError(&error))
        }
        defer { json_decref(root) }
        return .success(value(root))
    }

    private static func syntaxError(_ error: inout json_error_t) -> JSONError {
        // The text lives inside the struct, so read it while the pointer is valid.
        let message = withUnsafePointer(to: &error) { String(cString: cjansson_error_text($0)) }
        return .syntax(line: Int(error.line), column: Int(error.column), message: message)
    }

    private static func value(_ json: UnsafeMutablePointer<json_t>) -> JSONValue {
        switch cjansson_typeof(json) {
        case JSON_OBJECT:
            return .object(object(json))
        case JSON_ARRAY:
            let count = json_array_size(json)
            var items: [JSONValue] = []
            items.reserveCapacity(count)
            for position in 0..<count {
                if let item = json_array_get(json, position) {
                    items.append(value(item))
                }
            }
            return .array(items)
        case JSON_STRING:
            return .string(string(json_string_value(json), length: json_string_length(json)))
        case JSON_INTEGER:
            return .integer(Int64(json_integer_value(json)))
        case JSON_REAL:
            return .number(json_real_value(json))
        case JSON_TRUE:
            return .bool(true)
        case JSON_FALSE:
            return .bool(false)
        default:
            return .null
        }
    }

    private static func object(_ json: UnsafeMutablePointer<json_t>) -> JSONObject {
        // jansson (>= 2.8) iterates in insertion order, i.e. document order.
        var pairs: [(String, JSONValue)] = []
        pairs.reserveCapacity(json_object_size(json))
        var iterator = json_object_iter(json)
        while let current = iterator {
            let key = string(json_object_iter_key(current), length: json_object_iter_key_len(current))
            if let member = json_object_iter_value(current) {
                pairs.append((key, value(member)))
            }
            iterator = json_object_iter_next(json, current)
        }
        return JSONObject(pairs)
    }

    /// Decodes by length, not NUL terminator, so "\u0000" inside strings survives.
    private static func string(_ pointer: UnsafePointer<CChar>?, length: Int) -> String {
        guard let pointer else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }
}
