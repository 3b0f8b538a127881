import BreatherJSON
import BreatherModel

/// The store's versioned JSON shape for `CityConditions`, for other carriers of the same data
/// (the MQTT state document's `conditions`): one format, one golden-file test.
public enum ConditionsDocument {
    /// The version `encode` writes and `decode` accepts.
    public static var version: Int { Int(ConditionsJSON.version) }

    /// Every field of `conditions` as JSON.
    public static func encode(_ conditions: CityConditions) -> JSONValue { ConditionsJSON.encode(conditions) }

    /// Conditions back from `encode`'s JSON; an error naming the JSON path for another version
    /// or a missing or mistyped field.
    public static func decode(_ value: JSONValue) throws(JSONError) -> CityConditions { try ConditionsJSON.decode(value) }
}
