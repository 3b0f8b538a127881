import BreatherViewModel

/// Polybar's `custom/script` module: `%{F#rrggbb}text%{F-}` with the category colour.
public struct PolybarRenderer: Renderer {
    /// The renderer; polybar needs no options.
    public init() {}

    /// One line in the category colour; a `%{` in the text is defused so it cannot start a polybar tag.
    public func render(_ output: Output) -> String {
        "%{F\(output.barColor)}\(BarEscaping.polybar(BarEscaping.singleLine(output.barText)))%{F-}"
    }
}
