import BreatherViewModel

/// Turns the view model's output into the text one format expects.
public protocol Renderer: Sendable {
    /// The text for `output`, without a final newline: the sink (stdout, a file, `watch`) adds it.
    func render(_ output: Output) -> String
}

extension OutputFormat {
    /// The renderer for this format; html and svg without history (the application passes
    /// the history's bars to `HTMLRenderer` and `SVGRenderer` itself).
    public var renderer: any Renderer {
        switch self {
        case .plain: PlainRenderer()
        case .json: JSONRenderer()
        case .waybar: WaybarRenderer()
        case .i3bar: I3barRenderer()
        case .i3blocks: I3blocksRenderer()
        case .polybar: PolybarRenderer()
        case .tmux: TmuxRenderer()
        case .prometheus: PrometheusRenderer()
        case .html: HTMLRenderer()
        case .svg: SVGRenderer()
        }
    }
}
