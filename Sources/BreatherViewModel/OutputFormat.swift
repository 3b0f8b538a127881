/// Output formats. Raw values are the `--format` spellings. A display choice like `Units` and
/// `Icons`, here so the config can name one without importing the renderers; BreatherViews
/// maps each to its renderer (`OutputFormat.renderer`).
public enum OutputFormat: String, CaseIterable, Sendable {
    case plain, json, waybar, i3bar, i3blocks, polybar, tmux, prometheus, html, svg

    /// The dashboard page and the chart image draw the history store's past hours: the
    /// application reads them before rendering.
    public var drawsHistory: Bool { self == .html || self == .svg }
}
