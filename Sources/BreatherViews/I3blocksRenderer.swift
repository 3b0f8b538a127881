import BreatherViewModel

/// i3blocks' persist/interval protocol: full text, short text, text colour and background, one
/// per line (black or white text on the category colour, as in i3bar). i3blocks
/// passes the text to i3bar with the block's own `markup` setting (default `none`), so only
/// newlines are taken out.
public struct I3blocksRenderer: Renderer {
    /// The renderer; the block's own config sets markup and interval.
    public init() {}

    /// Four lines: full text, short text, `#rrggbb` text colour, `#rrggbb` background.
    public func render(_ output: Output) -> String {
        [" \(BarEscaping.singleLine(output.barText)) ", " \(output.barShortText) ", output.barForeground, output.barBackground]
            .joined(separator: "\n")
    }
}
