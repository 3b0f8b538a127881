import BreatherJSON
import BreatherViewModel

/// One i3bar protocol block (i3bar and swaybar): black or white text (`color`) on the category
/// colour (`background`), padded by a space each side. `markup` is `none`, so the text needs
/// only JSON escaping; `watch` wraps these blocks in the protocol's header and endless array.
public struct I3barRenderer: Renderer {
    /// The renderer; i3bar blocks have no options.
    public init() {}

    /// The block as one JSON object on one line (the one-shot form).
    public func render(_ output: Output) -> String { output.inPeoplesLanguage(rendered) }

    /// The text for the people's copy of an output, in its language (`Output.inPeoplesLanguage`).
    func rendered(_ output: Output) -> String {
        JSON.serialize(.object(block(output)), pretty: false)
    }

    /// The block as an object, for `watch` to put in its array.
    public func block(_ output: Output) -> JSONObject {
        [
            "full_text": .string(" \(BarEscaping.singleLine(output.barText)) "),
            "short_text": .string(" \(output.barShortText) "),
            "color": .string(output.barForeground),
            "background": .string(output.barBackground),
            "name": .string("breather"),
            "instance": .string(output.stateClasses.joined(separator: " ")),
            "markup": .string("none"),
        ]
    }

    /// The protocol header `watch` prints first: clicks are asked for so a click can refresh.
    public static let header = #"{"version":1,"click_events":true}"#
}
