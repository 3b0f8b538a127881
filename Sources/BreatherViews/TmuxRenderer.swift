import BreatherViewModel

/// tmux `status-right "#(breather --format tmux)"`: `#[fg=#rrggbb]text#[default]`.
/// tmux expands formats in a job's output, where `#F`, `#D` … are aliases (window flags, pane
/// id), so the colour is written in lower case: `#FF7E00` would become `*F7E00` and be dropped.
public struct TmuxRenderer: Renderer {
    /// The renderer; tmux needs no options.
    public init() {}

    /// One line in the category colour; a `#` in the text is doubled so tmux prints it instead of expanding it.
    public func render(_ output: Output) -> String {
        "#[fg=\(output.barColor.lowercased())]\(BarEscaping.tmux(BarEscaping.singleLine(output.barText)))#[default]"
    }
}
