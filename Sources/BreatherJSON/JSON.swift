/// Entry points: parse bytes or text into `JSONValue`, and serialize back.
///
/// Both directions go through jansson; no C memory outlives a call.
public enum JSON {
    /// Parses bytes (jansson `json_loadb` with `JSON_DECODE_ANY` and
    /// `JSON_ALLOW_NUL`) into a `JSONValue`, releasing all C memory before
    /// returning. Any top-level value is accepted, including a bare string.
    ///
    /// - Throws: `JSONError.syntax` with jansson's line, column and message,
    ///   also for integers beyond Int64 and nesting beyond jansson's depth limit.
    public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        try bytes.withUnsafeBytes { JanssonReader.parse($0) }.get()
    }

    /// Parses UTF-8 text; see `parse(_:)` for bytes.
    public static func parse(_ text: String) throws(JSONError) -> JSONValue {
        // withUTF8 avoids copying the text into an array first.
        var text = text
        return try text.withUTF8 { JanssonReader.parse(UnsafeRawBufferPointer($0)) }.get()
    }

    /// Serializes with jansson (`json_dumps`): keys in the `JSONObject`'s
    /// order, compact, UTF-8 (not ASCII-escaped), `JSON_REAL_PRECISION(15)`
    /// so 12.3 prints as 12.3 rather than 12.300000000000001.
    /// Reals therefore round-trip exactly only to 15 significant digits.
    /// `pretty` indents by 2 spaces. NaN and infinity become `null`.
    public static func serialize(_ value: JSONValue, pretty: Bool = false) -> String {
        JanssonWriter.serialize(value, pretty: pretty)
    }
}
