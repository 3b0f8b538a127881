#if canImport(Glibc)
import Glibc
#endif
import BreatherConfig
import BreatherViewModel
import BreatherViews

extension CommonOptions {
    /// The renderer the flags ask for: `--template` wins, else `--format` (default plain).
    /// Plain text gets ANSI colour when it goes to a terminal and `NO_COLOR` is unset (no-color.org).
    func renderer(colorTerminal: Bool) -> any Renderer {
        // validate() already rejected a bad template, so this cannot fail here.
        if let template, let renderer = try? TemplateRenderer(template) { return renderer }
        let format = format ?? .plain
        if format == .svg { return SVGRenderer(chart: chart, width: width, height: height) }
        if format == .plain && colorTerminal && isatty(STDOUT_FILENO) == 1 && !Self.noColorRequested {
            return PlainRenderer(ansiColor: true)
        }
        return format.renderer
    }

    /// no-color.org: `NO_COLOR` set to a non-empty value turns colour off; empty means unset.
    static var noColorRequested: Bool {
        guard let value = getenv("NO_COLOR") else { return false }
        return value.pointee != 0
    }
}

extension OutputSettings {
    /// The `[[output]]` file's renderer: its format's; an svg draws its `chart` at its `width` × `height`.
    var renderer: any Renderer { format == .svg ? SVGRenderer(image) : format.renderer }
}

extension OutputFormat {
    /// Formats a status bar reads: they exit 0 once a line is printed (bars discard the output
    /// of a failing command), and the failure shows in the line, its colour and class.
    var isBar: Bool {
        switch self {
        case .waybar, .i3bar, .i3blocks, .polybar, .tmux: true
        case .plain, .json, .prometheus, .html, .svg: false
        }
    }
}
