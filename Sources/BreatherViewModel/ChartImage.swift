/// What `--format svg` draws: which chart, and its size in pixels. The one-shot's `--chart`,
/// `--width` and `--height` flags and an svg `[[output]]`'s `chart`, `width` and `height` keys
/// set it, with the same choices, defaults and bounds. Here, like `OutputFormat`, so the config
/// can name it without importing the renderers.
public struct ChartImage: Sendable, Equatable {
    /// Which chart.
    public enum Kind: String, CaseIterable, Sendable {
        /// The last 24 hours, an hour's highest index each, from the history store.
        case history
        /// The next 24 hours' forecast index.
        case forecast
    }

    /// The widths and heights accepted, in pixels.
    public static let pixels = 16...4000
    /// The smallest height at which axis labels and band names are drawn: below it (a bar's
    /// 20 to 48 px) they would be a few pixels high, so the chart is bars and bands only.
    public static let labelledHeight = 80
    /// The smallest width at which they are drawn.
    public static let labelledWidth = 160

    /// The chart drawn (default the last 24 hours).
    public var kind: Kind
    /// The width in pixels (default 480).
    public var width: Int
    /// The height in pixels (default 160).
    public var height: Int

    /// A `width` × `height` image of `kind`.
    public init(kind: Kind = .history, width: Int = 480, height: Int = 160) {
        self.kind = kind
        self.width = width
        self.height = height
    }

    /// True when the image is big enough for axis labels and band names.
    public var showsLabels: Bool { height >= Self.labelledHeight && width >= Self.labelledWidth }
}
