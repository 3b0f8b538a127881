/// Why a document could not be parsed or read. Every case names where the
/// problem is, so a provider's changed response format is diagnosable from
/// the message alone.
public enum JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not JSON (as judged by jansson). Line and column are
    /// 1-based as reported by jansson's `json_error_t`.
    case syntax(line: Int, column: Int, message: String)
    /// A required value is absent. `path` includes the missing key,
    /// e.g. "data.current.pollution.aqius".
    case missing(path: String)
    /// A value exists but has the wrong JSON type.
    case typeMismatch(path: String, expected: String, found: String)

    /// "invalid JSON at line 3, column 7: ...", "a.b: missing" or
    /// "a.b: expected number, found string". An empty path prints as "(root)".
    public var description: String {
        switch self {
        case let .syntax(line, column, message):
            "invalid JSON at line \(line), column \(column): \(message)"
        case let .missing(path):
            "\(Self.display(path)): missing"
        case let .typeMismatch(path, expected, found):
            "\(Self.display(path)): expected \(expected), found \(found)"
        }
    }

    private static func display(_ path: String) -> String {
        path.isEmpty ? "(root)" : path
    }
}
