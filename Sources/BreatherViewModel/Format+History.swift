import BreatherModel

/// The bar's history strings: a 24-hour sparkline of the index and its trend over 3 hours.
extension Format {
    /// `▁▂▃▄▅▆▇█`, one block an hour, scaled from 0 to the highest hour (a space for an hour
    /// with no reading); "" when fewer than two hours are known.
    public static func sparkline(_ history: IndexHistory?) -> String {
        guard let hourly = history?.hourly, hourly.compactMap({ $0 }).count >= 2 else { return "" }
        let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        let top = max(1, hourly.compactMap { $0 }.max() ?? 1)
        return String(hourly.map { value in
            value.map { blocks[min(7, max(0, Int((Double($0) / Double(top) * 8).rounded(.up)) - 1))] } ?? " "
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
        "Last 24 h " + sparkline + (trend.isEmpty ? "" : " " + trend)
    }
}
