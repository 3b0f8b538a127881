import BreatherViewModel

/// tmux `status-right "#(breather --format tmux)"`: `#[fg=#rrggbb]text#[default]`.
public struct TmuxRenderer: Renderer {
    public init() {}

    public func render(_ output: Output) -> String {
        "#[fg=\(output.barColor)]\(BarEscaping.tmux(BarEscaping.singleLine(output.barText)))#[default]"
    }
}
