import BreatherViewModel

/// i3blocks' persist/interval protocol: full text, short text and text colour, one per line.
/// i3blocks 1.4 (Debian 12) reads no background line, so the block's colours travel in Pango
/// markup instead: `<span background="#FF7E00" foreground="#000000"> AQI 112 USG … </span>`
/// (black or white text on the category colour, as in i3bar). The README's block sets
/// `markup=pango` for this; the text is Pango-escaped, and newlines are taken out.
public struct I3blocksRenderer: Renderer {
    /// The renderer; the block's own config sets `markup=pango` and the interval.
    public init() {}

    /// Three lines: full text and short text as coloured Pango spans, then the `#rrggbb` text colour.
    public func render(_ output: Output) -> String { output.inPeoplesLanguage(rendered) }

    /// The text for the people's copy of an output, in its language (`Output.inPeoplesLanguage`).
    func rendered(_ output: Output) -> String {
        [span(BarEscaping.singleLine(output.barText), output), span(output.barShortText, output), output.barForeground]
            .joined(separator: "\n")
    }

    func span(_ text: String, _ output: Output) -> String {
        "<span background=\"\(output.barBackground)\" foreground=\"\(output.barForeground)\"> \(BarEscaping.pango(text)) </span>"
    }
}
