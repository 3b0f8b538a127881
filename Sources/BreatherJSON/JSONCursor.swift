/// Path-tracking read access for decoders: every error names the JSON path
/// from the root, e.g. "data.current.pollution.aqius: missing".
///
/// Subscripts never throw, so decoders can chain `c["data"]["current"]` and
/// get one precise error at the point of reading. Stepping into a missing or
/// null value yields a missing cursor (optional reads return nil); stepping
/// into a value of the wrong kind (a key into a string) remembers that type
/// mismatch and throws it on any read, optional or not.
public struct JSONCursor: Sendable {
    private enum State: Sendable {
        case present
        case missing
        case failed(JSONError)
    }

    /// The value under the cursor; `.null` if missing.
    public let value: JSONValue
    /// The path from the root: keys joined by ".", array items as "[3]",
    /// e.g. "hourly.pm2_5[3]". Empty at the root.
    public let path: String
    private let state: State

    /// A cursor at the root of `value` (or at `path`, when resuming elsewhere).
    public init(_ value: JSONValue, path: String = "") {
        self.init(value: value, path: path, state: .present)
    }

    private init(value: JSONValue, path: String, state: State) {
        self.value = value
        self.path = path
        self.state = state
    }

    /// The member `key`; never throws, problems surface when read.
    public subscript(key: String) -> JSONCursor {
        let childPath = path.isEmpty ? key : "\(path).\(key)"
        switch state {
        case .failed(let error):
            return JSONCursor(value: .null, path: childPath, state: .failed(error))
        case .missing:
            return JSONCursor(value: .null, path: childPath, state: .missing)
        case .present:
            switch value {
            case .object(let object):
                if let member = object[key] {
                    return JSONCursor(value: member, path: childPath, state: .present)
                }
                return JSONCursor(value: .null, path: childPath, state: .missing)
            case .null:
                return JSONCursor(value: .null, path: childPath, state: .missing)
            default:
                return JSONCursor(value: .null, path: childPath, state: .failed(mismatch("object")))
            }
        }
    }

    /// The array item at `index`; never throws, problems surface when read.
    public subscript(index: Int) -> JSONCursor {
        let childPath = "\(path)[\(index)]"
        switch state {
        case .failed(let error):
            return JSONCursor(value: .null, path: childPath, state: .failed(error))
        case .missing:
            return JSONCursor(value: .null, path: childPath, state: .missing)
        case .present:
            switch value {
            case .array(let items):
                if items.indices.contains(index) {
                    return JSONCursor(value: items[index], path: childPath, state: .present)
                }
                return JSONCursor(value: .null, path: childPath, state: .missing)
            case .null:
                return JSONCursor(value: .null, path: childPath, state: .missing)
            default:
                return JSONCursor(value: .null, path: childPath, state: .failed(mismatch("array")))
            }
        }
    }

    /// False if the value is absent; a JSON `null` counts as existing.
    public var exists: Bool {
        if case .present = state { return true }
        return false
    }

    /// True if the value is absent or JSON `null`. False for a cursor whose
    /// parent had the wrong type, so that reading it still reports the mismatch.
    public var isNull: Bool {
        switch state {
        case .missing: true
        case .failed: false
        case .present: value == .null
        }
    }

    /// The object here. Throws if missing or not an object.
    public func object() throws(JSONError) -> JSONObject {
        try checkPresent()
        guard case .object(let object) = value else { throw mismatch("object") }
        return object
    }

    /// Cursors for each array item, with paths "path[0]", "path[1]", ….
    public func array() throws(JSONError) -> [JSONCursor] {
        try checkPresent()
        guard case .array(let items) = value else { throw mismatch("array") }
        return items.enumerated().map { position, item in
            JSONCursor(value: item, path: "\(path)[\(position)]", state: .present)
        }
    }

    /// The string here. Throws if missing or not a string.
    public func string() throws(JSONError) -> String {
        try checkPresent()
        guard case .string(let text) = value else { throw mismatch("string") }
        return text
    }

    /// The number here, integer or real. Throws if missing or not a number.
    public func double() throws(JSONError) -> Double {
        try checkPresent()
        switch value {
        case .number(let number): return number
        case .integer(let number): return Double(number)
        default: throw mismatch("number")
        }
    }

    /// The integer here, or a real with no fractional part (some providers
    /// write AQI as 52.0). A fractional or out-of-range real throws
    /// "expected integer, found number".
    public func int() throws(JSONError) -> Int {
        try checkPresent()
        switch value {
        case .integer(let number):
            if let result = Int(exactly: number) { return result }
            throw mismatch("integer")
        case .number(let number):
            if let result = Int(exactly: number) { return result }
            throw mismatch("integer")
        default:
            throw mismatch("number")
        }
    }

    /// The boolean here. Throws if missing or not a boolean.
    public func bool() throws(JSONError) -> Bool {
        try checkPresent()
        guard case .bool(let flag) = value else { throw mismatch("boolean") }
        return flag
    }

    /// nil if missing or null; a value of another type still throws.
    public func optionalBool() throws(JSONError) -> Bool? {
        try isAbsent() ? nil : bool()
    }

    /// nil if missing or null; a value of another type still throws.
    public func optionalString() throws(JSONError) -> String? {
        try isAbsent() ? nil : string()
    }

    /// nil if missing or null; a value of another type still throws.
    public func optionalDouble() throws(JSONError) -> Double? {
        try isAbsent() ? nil : double()
    }

    /// nil if missing or null; a value of another type still throws.
    public func optionalInt() throws(JSONError) -> Int? {
        try isAbsent() ? nil : int()
    }

    /// An array of numbers or nulls, as in Open-Meteo hourly series. A null
    /// item is a gap in the series (nil), not an error; other items throw
    /// with the item's path, e.g. "hourly.pm2_5[3]: expected number, found string".
    /// Reads the items in place: an item's path ("hourly.pm2_5[3]") is built only for the error
    /// it is named in, not for every hour of a four-day series (`array()` builds one per item:
    /// 6 M instructions of a fresh one-shot's 76 M, docs/PERFORMANCE.md).
    public func doubles() throws(JSONError) -> [Double?] {
        let items = try items()
        var result: [Double?] = []
        result.reserveCapacity(items.count)
        for (position, item) in items.enumerated() {
            switch item {
            case .number(let number): result.append(number)
            case .integer(let number): result.append(Double(number))
            case .null: result.append(nil)
            default: throw itemMismatch(position, item, expected: "number")
            }
        }
        return result
    }

    /// An array of strings, as in Open-Meteo's hourly `time`; any other item throws with the
    /// item's path, e.g. "hourly.time[3]: expected string, found number". As `doubles()`, no
    /// path is built for an item that reads.
    public func strings() throws(JSONError) -> [String] {
        let items = try items()
        var result: [String] = []
        result.reserveCapacity(items.count)
        for (position, item) in items.enumerated() {
            guard case .string(let text) = item else { throw itemMismatch(position, item, expected: "string") }
            result.append(text)
        }
        return result
    }

    // MARK: - Private

    private func checkPresent() throws(JSONError) {
        switch state {
        case .present: return
        case .missing: throw .missing(path: path)
        case .failed(let error): throw error
        }
    }

    /// Missing or null; rethrows a remembered parent mismatch.
    private func isAbsent() throws(JSONError) -> Bool {
        switch state {
        case .present: return value == .null
        case .missing: return true
        case .failed(let error): throw error
        }
    }

    /// The array's items as values, without a cursor (and its path) for each.
    private func items() throws(JSONError) -> [JSONValue] {
        try checkPresent()
        guard case .array(let items) = value else { throw mismatch("array") }
        return items
    }

    private func itemMismatch(_ position: Int, _ item: JSONValue, expected: String) -> JSONError {
        .typeMismatch(path: "\(path)[\(position)]", expected: expected, found: item.typeName)
    }

    private func mismatch(_ expected: String) -> JSONError {
        .typeMismatch(path: path, expected: expected, found: value.typeName)
    }
}
