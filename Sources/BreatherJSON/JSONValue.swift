/// A parsed JSON document as plain Swift values. Objects keep their key order.
///
/// Values own no C memory: the parser copies everything out of jansson before
/// releasing it, so a `JSONValue` can cross threads and outlive the parse.
public enum JSONValue: Sendable, Equatable {
    /// JSON `null`.
    case null
    /// JSON `true` / `false`.
    case bool(Bool)
    /// A JSON number written without fraction or exponent (jansson `json_integer`).
    case integer(Int64)
    /// A JSON number with a fraction or exponent (jansson `json_real`).
    case number(Double)
    /// A JSON string; may contain NUL characters.
    case string(String)
    /// A JSON array.
    case array([JSONValue])
    /// A JSON object, keys in document order.
    case object(JSONObject)

    /// The JSON type name used in error messages: "object", "array", "string",
    /// "number", "boolean" or "null". Integers and reals are both "number"
    /// because JSON itself does not distinguish them.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer, .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
