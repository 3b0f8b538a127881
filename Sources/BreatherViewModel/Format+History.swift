import BreatherLocale
import BreatherModel

/// The bar's history strings: a 24-hour sparkline of the index and its trend over 3 hours.
extension Format {
    /// `▁▂▃▄▅▆▇█`, one block an hour (a space for an hour with no reading), from the lowest
    /// hour (`▁`) to the highest (`█`) over a span of at least half the highest: a steady index
    /// is a low line of `▁`, not a solid block of the text's colour (a scale from 0 drew 24 full
    /// blocks), and a wobble of a few points stays low; "" when fewer than two hours are known.
    public static func sparkline(_ history: IndexHistory?) -> String {
        guard let hourly = history?.hourly, hourly.compactMap({ $0 }).count >= 2 else { return "" }
        let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        let known = hourly.compactMap { $0 }
        let bottom = known.min() ?? 0, top = known.max() ?? 0
        let span = max(Double(top - bottom), Double(max(1, top)) / 2)
        return String(hourly.map { value in
            value.map { blocks[min(7, max(0, Int((Double($0 - bottom) / span * 7).rounded())))] } ?? " "
        })
    }

    /// How the index moved over the last 3 hours.
    public enum Trend: String, Sendable {
        case rising, falling, steady
    }

    /// Rising or falling when the latest hour differs from the one 3 hours before it by at
    /// least a tenth (and at least 1), else steady; nil when either hour is unknown.
    public static func trend(_ history: IndexHistory?) -> Trend? {
        guard let hourly = history?.hourly, let lastIndex = hourly.lastIndex(where: { $0 != nil }), lastIndex >= 3,
              let now = hourly[lastIndex], let before = hourly[lastIndex - 3] else { return nil }
        let threshold = max(1, before / 10)
        if now - before >= threshold { return .rising }
        if before - now >= threshold { return .falling }
        return .steady
    }
}

extension Format {
    /// The tooltip's history line: "Last 24 h ▁▂▃▅▇█ rising".
    public static func historyLine(_ sparkline: String, trend: String) -> String {
        tr("Last 24 h") + " " + sparkline + (trend.isEmpty ? "" : " " + tr(trend, context: "trend"))
    }
}
