import BreatherJSON
import BreatherModel

/// Text read back from a stored or received document, cleaned as provider text is where it
/// enters (`Sanitized.line`): a state document comes from whoever can publish on the broker,
/// and its `failures[].provider` or `asthma.method` must not carry a terminal escape to a
/// subscriber's stderr, json or tooltip. Every string the decoder keeps goes through these.
extension JSONCursor {
    /// The string here, on one line with no control characters or escape sequences.
    func text() throws(JSONError) -> String { Sanitized.line(try string()) }

    /// The string here cleaned as `text()`, or nil for null or a missing key.
    func optionalText() throws(JSONError) -> String? { try optionalString().map(Sanitized.line) }
}
