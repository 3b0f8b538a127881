import BreatherModel

/// The index over time as a terminal bar chart, at most `width` columns wide (80 by default)
/// and `height` rows tall: each column is the highest index of its stretch of time, drawn in
/// its category's colour (24-bit ANSI) unless `color` is false (NO_COLOR, not a terminal).
public struct HistoryChart {
    let standard: AQIStandard
    let width: Int
    let height: Int
    let color: Bool
    private var points: [(time: Int, index: AirQualityIndex)] = []

    /// A chart under `standard`.
    public init(standard: AQIStandard, width: Int = 80, height: Int = 10, color: Bool) {
        self.standard = standard
        self.width = width
        self.height = height
        self.color = color
    }

    /// Adds a row (rows without an index are skipped).
    public mutating func add(_ row: HistoryRow) {
        if let index = row.index { points.append((row.time, index)) }
    }

    /// The chart's lines; one line saying so when there is nothing to draw.
    public func render() -> [String] {
        guard let first = points.first?.time, let last = points.last?.time else { return ["no index in this period"] }
        let axis = 6  // "  150 │"
        let columns = max(1, width - axis - 2)
        let span = max(1, last - first + 1)
        var buckets = [AirQualityIndex?](repeating: nil, count: columns)
        for point in points {
            let column = min(columns - 1, (point.time - first) * columns / span)
            if (buckets[column]?.value ?? Int.min) < point.index.value { buckets[column] = point.index }
        }
        let top = max(1, buckets.compactMap { $0?.value }.max() ?? 1)
        let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        var lines: [String] = []
        for level in (0..<height).reversed() {
            let label = level == height - 1 ? "\(top)" : level == 0 ? "0" : ""
            var line = String(repeating: " ", count: max(0, axis - 1 - label.count)) + label + " │"
            var painting: String?
            for bucket in buckets {
                // Eighths of a row filled at this level.
                let eighths = bucket.map { Int((Double($0.value) / Double(top) * Double(height * 8)).rounded()) - level * 8 } ?? 0
                let cell: Character = eighths <= 0 ? (level == 0 && bucket != nil ? "▁" : " ") : blocks[min(7, eighths - 1)]
                if color, cell != " ", let bucket {
                    let code = ansi(bucket.category.color)
                    if painting != code { line += code; painting = code }
                } else if painting != nil, cell == " " {
                    line += "\u{1B}[0m"
                    painting = nil
                }
                line.append(cell)
            }
            if painting != nil { line += "\u{1B}[0m" }
            lines.append(line)
        }
        let start = HistoryTime.minute(first), end = HistoryTime.minute(last)
        lines.append(String(repeating: " ", count: axis) + "└" + String(repeating: "─", count: columns))
        let gap = max(1, columns + 1 - start.count - end.count)
        lines.append(String(repeating: " ", count: axis) + start + String(repeating: " ", count: gap) + end)
        // The legend, wrapped to the width (escape codes take no columns).
        let seen = Set(buckets.compactMap { $0?.category.id })
        var legend = String(repeating: " ", count: axis) + "\(standard.rawValue) index, highest per column:"
        var visible = legend.count
        for category in standard.categories where seen.contains(category.id) {
            let entry = (color ? ansi(category.color) + "█\u{1B}[0m " : "") + category.name
            let entryWidth = (color ? 2 : 0) + category.name.count
            if visible + 2 + entryWidth > width {
                lines.append(legend)
                legend = String(repeating: " ", count: axis)
                visible = axis
            }
            legend += "  " + entry
            visible += 2 + entryWidth
        }
        lines.append(legend)
        return lines
    }

    /// `#RRGGBB` as a 24-bit foreground colour.
    private func ansi(_ hex: String) -> String {
        let digits = Array(hex.utf8.dropFirst())
        guard digits.count == 6, let value = Int(String(decoding: digits, as: UTF8.self), radix: 16) else { return "" }
        return "\u{1B}[38;2;\(value >> 16);\(value >> 8 & 0xff);\(value & 0xff)m"
    }
}
