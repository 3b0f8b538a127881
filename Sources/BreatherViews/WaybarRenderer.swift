import BreatherJSON
import BreatherViewModel

/// Waybar's `custom` module with `return-type = "json"`: one JSON line
/// `{"text","tooltip","class","percentage","alt"}`. Waybar parses Pango markup in `text` and
/// `tooltip` by default, so both are Pango-escaped before JSON-escaping.
public struct WaybarRenderer: Renderer {
    /// The renderer; the module's `return-type` must be `json`.
    public init() {}

    /// One JSON line; `alt` is the category id, or `never_fetched` before any data.
    public func render(_ output: Output) -> String { output.inPeoplesLanguage(rendered) }

    /// The text for the people's copy of an output, in its language (`Output.inPeoplesLanguage`).
    func rendered(_ output: Output) -> String {
        let object: JSONObject = [
            "text": .string(BarEscaping.pango(BarEscaping.singleLine(output.barText))),
            "tooltip": .string(BarEscaping.pango(output.tooltip)),
            "class": .array(output.stateClasses.map(JSONValue.string)),
            "percentage": .integer(Int64(output.scalePercentage)),
            "alt": .string(output.hasData ? output.categoryID : "never_fetched"),
        ]
        return JSON.serialize(.object(object), pretty: false)
    }
}
