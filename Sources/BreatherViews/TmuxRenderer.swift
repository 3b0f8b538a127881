import BreatherViewModel

/// tmux `status-right "#(breather --format tmux)"`: `#[fg=#000000,bg=#rrggbb] text #[default]`, a
/// block in the category colour with black or white text, so it reads on any status style
/// (tmux's default is a green background, on which the US "Good" green would vanish).
/// tmux expands formats in a job's output, where `#F`, `#D` … are aliases (window flags, pane
/// id), so the colour is written in lower case: `#FF7E00` would become `*F7E00` and be dropped.
public struct TmuxRenderer: Renderer {
    /// The renderer; tmux needs no options.
    public init() {}

    /// One line on the category colour; a `#` in the text is doubled so tmux prints it instead of expanding it.
    public func render(_ output: Output) -> String { output.inPeoplesLanguage(rendered) }

    /// The text for the people's copy of an output, in its language (`Output.inPeoplesLanguage`).
    func rendered(_ output: Output) -> String {
        let style = "#[fg=\(output.barForeground.lowercased()),bg=\(output.barBackground.lowercased())]"
        return "\(style) \(BarEscaping.tmux(BarEscaping.singleLine(output.barText))) #[default]"
    }
}
