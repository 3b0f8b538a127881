import BreatherViewModel

/// Polybar's `custom/script` module: `%{B#rrggbb}%{F#000000} text %{F-}%{B-}`, a block in the
/// category colour with black or white text (readable on any bar background).
public struct PolybarRenderer: Renderer {
    /// The renderer; polybar needs no options.
    public init() {}

    /// One line on the category colour; a `%{` in the text is defused so it cannot start a polybar tag.
    public func render(_ output: Output) -> String { output.inPeoplesLanguage(rendered) }

    /// The text for the people's copy of an output, in its language (`Output.inPeoplesLanguage`).
    func rendered(_ output: Output) -> String {
        let text = BarEscaping.polybar(BarEscaping.singleLine(output.barText))
        return "%{B\(output.barBackground)}%{F\(output.barForeground)} \(text) %{F-}%{B-}"
    }
}
