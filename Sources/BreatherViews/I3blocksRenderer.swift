import BreatherViewModel

/// i3blocks' persist/interval protocol: full text, short text and colour, one per line. i3blocks
/// passes the text to i3bar with the block's own `markup` setting (default `none`), so only
/// newlines are taken out.
public struct I3blocksRenderer: Renderer {
    /// The renderer; the block's own config sets markup and interval.
    public init() {}

    /// Three lines: full text, short text, `#rrggbb` colour.
    public func render(_ output: Output) -> String {
        [BarEscaping.singleLine(output.barText), output.barShortText, output.barColor].joined(separator: "\n")
    }
}
