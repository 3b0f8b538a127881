import BreatherLocale
import BreatherModel

/// The index over time as a terminal bar chart, at most `width` columns wide (80 by default,
/// `COLUMNS` from `breather history`: `terminalWidth(columns:)`) and `height` rows tall: each column is the highest index of its stretch of time, drawn in
/// its category's colour (24-bit ANSI) unless `color` is false (NO_COLOR, not a terminal).
/// Its notes and legend are in the language bound in `L10n.language` when it is rendered (the
/// command binds the people's language), measured in display columns and wrapped to the width.
public struct HistoryChart {
    let standard: AQIStandard
    /// A category's name as people read it (the command passes the view model's, which knows
    /// `[display] native_names`); by default the standard's name in `L10n.language`.
    private let categoryName: ((AQICategory) -> String)?
    let width: Int
    let height: Int
    let color: Bool
    private var points: [(time: Int, index: AirQualityIndex)] = []

    /// A chart under `standard`.
    public init(standard: AQIStandard, width: Int = 80, height: Int = 10, color: Bool, categoryName: ((AQICategory) -> String)? = nil) {
        self.standard = standard
        self.categoryName = categoryName
        self.width = width
        self.height = height
        self.color = color
    }

    /// Adds a row (rows without an index are skipped).
    public mutating func add(_ row: HistoryRow) {
        if let index = row.index { points.append((row.time, index)) }
    }

    /// The width of a chart for a terminal: `COLUMNS` (the shell's width, exported or given on
    /// the command line) when it is a whole number from 40 to 1000, else 80.
    public static func terminalWidth(columns: String?) -> Int {
        guard let columns, let value = Int(columns), (40...1000).contains(value) else { return 80 }
        return value
    }

    /// The chart's lines; one line saying so when there is nothing to draw. The axis labels the
    /// highest column, 0, and the top of each category below the highest, whose line is drawn
    /// across the chart (`┄`); a stretch of more than 6 hours with no reading (an import's
    /// edge, a machine that was off) is dotted along the bottom and named under the chart.
    public func render() -> [String] {
        guard !points.isEmpty else { return [tr("no index in this period", context: "chart")] }
        let sorted = points.sorted { $0.time < $1.time }
        let first = sorted[0].time, last = sorted[sorted.count - 1].time
        let axis = 6  // "  150 │"
        let columns = max(1, width - axis - 2)
        let span = max(1, last - first + 1)
        func column(_ time: Int) -> Int { min(columns - 1, (time - first) * columns / span) }
        var buckets = [AirQualityIndex?](repeating: nil, count: columns)
        for point in sorted {
            let at = column(point.time)
            if (buckets[at]?.value ?? Int.min) < point.index.value { buckets[at] = point.index }
        }
        let gaps = zip(sorted, sorted.dropFirst()).filter { $1.time - $0.time > Self.gapSeconds }.map { (from: $0.time, to: $1.time) }
        var inGap = [Bool](repeating: false, count: columns)
        for gap in gaps where column(gap.to) - column(gap.from) > 1 {
            for at in (column(gap.from) + 1)..<column(gap.to) where buckets[at] == nil { inGap[at] = true }
        }
        let top = max(1, buckets.compactMap { $0?.value }.max() ?? 1)
        func row(_ value: Int) -> Int { min(height - 1, max(0, Int((Double(value) / Double(top) * Double(height)).rounded(.up)) - 1)) }
        // The top of each category below the highest column: where the next one starts, less one.
        var lines: [Int: Int] = [:]
        var previous = standard.category(forIndex: 0).id
        for value in 1..<top where standard.category(forIndex: value).id != previous {
            previous = standard.category(forIndex: value).id
            if value - 1 > 0, lines[row(value - 1)] == nil { lines[row(value - 1)] = value - 1 }
        }
        var labels: [Int: String] = [height - 1: "\(top)", 0: "0"]
        for (level, value) in lines where labels[level] == nil { labels[level] = "\(value)" }
        if labels.count == 2, height > 2 { labels[(height - 1) / 2] = "\(top * ((height - 1) / 2 + 1) / height)" }
        let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        var rendered: [String] = []
        for level in (0..<height).reversed() {
            let label = labels[level] ?? ""
            var line = String(repeating: " ", count: max(0, axis - 1 - label.count)) + label + " │"
            var painting: String?
            for (at, bucket) in buckets.enumerated() {
                // Eighths of a row filled at this level.
                let eighths = bucket.map { Int((Double($0.value) / Double(top) * Double(height * 8)).rounded()) - level * 8 } ?? 0
                var cell: Character = eighths <= 0 ? (level == 0 && bucket != nil ? "▁" : " ") : blocks[min(7, eighths - 1)]
                if cell == " ", level == 0, inGap[at] { cell = "·" } else if cell == " ", lines[level] != nil { cell = "┄" }
                let paints = color && bucket != nil && cell != " " && cell != "┄"
                if paints, let bucket {
                    let code = ansi(bucket.category.color)
                    if painting != code { line += code; painting = code }
                } else if painting != nil {
                    line += "\u{1B}[0m"
                    painting = nil
                }
                line.append(cell)
            }
            if painting != nil { line += "\u{1B}[0m" }
            rendered.append(line)
        }
        let start = HistoryTime.minute(first), end = HistoryTime.minute(last)
        rendered.append(String(repeating: " ", count: axis) + "└" + String(repeating: "─", count: columns))
        let between = max(1, columns + 1 - start.count - end.count)
        rendered.append(String(repeating: " ", count: axis) + start + String(repeating: " ", count: between) + end)
        for gap in gaps.prefix(3) {
            let hours = (gap.to - gap.from) / 3600
            let length = hours >= 48 ? trn("%d day", "%d days", hours / 24) : tr("%s h", context: "chart").filled("\(hours)")
            rendered += wrapped("· " + tr("no readings %s to %s (%s)", context: "chart").filled(glued(HistoryTime.minute(gap.from)), glued(HistoryTime.minute(gap.to)),
                                                                                                    glued(length)), axis: axis)
        }
        if gaps.count > 3 {
            rendered += wrapped("· " + trn("and %d more stretch with no readings", "and %d more stretches with no readings", gaps.count - 3), axis: axis)
        }
        rendered += legend(seen: Set(buckets.compactMap { $0?.category.id }), lines: !lines.isEmpty, axis: axis)
        return rendered
    }

    /// A stretch between two readings longer than this is a gap the chart names: hourly
    /// readings, a daemon's polls and a one-shot's every few hours stay under it.
    static let gapSeconds = 6 * 3600

    /// The legend, wrapped to the width (escape codes take no columns).
    private func legend(seen: Set<String>, lines: Bool, axis: Int) -> [String] {
        var result: [String] = []
        if lines { result += wrapped("┄ " + tr("the top of a category", context: "chart"), axis: axis) }
        let title = wrapped(tr("%s index, highest per column:", context: "chart").filled(standard.rawValue), axis: axis)
        result += title.dropLast()
        var legend = title.last ?? ""
        var visible = legend.displayWidth
        for category in standard.categories where seen.contains(category.id) {
            let name = categoryName?(category) ?? tr(category.name, context: standard.rawValue)
            let entry = (color ? ansi(category.color) + "█\u{1B}[0m " : "") + name
            let entryWidth = (color ? 2 : 0) + name.displayWidth
            if visible + 2 + entryWidth > width {
                result.append(legend)
                // Under the first entry, or further left for a long name ("Ungesund für empfindliche Gruppen").
                let indent = max(0, min(axis + 2, width - entryWidth))
                legend = String(repeating: " ", count: indent) + entry
                visible = indent + entryWidth
            } else {
                legend += "  " + entry
                visible += 2 + entryWidth
            }
        }
        result.append(legend)
        return result
    }

    /// `text` after `axis` spaces, broken at spaces into lines of at most `width` display
    /// columns, the next lines two further in (a word longer than a line gets a line of its own);
    /// a `glued` value is never broken.
    private func wrapped(_ text: String, axis: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lead = axis
        for word in text.split(separator: " ").map(String.init) {
            if !line.isEmpty, lead + line.displayWidth + 1 + word.displayWidth > width {
                lines.append(String(repeating: " ", count: lead) + line)
                line = word
                lead = axis + 2
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        lines.append(String(repeating: " ", count: lead) + line)
        return lines.map { String($0.map { $0 == Self.glue ? " " : $0 }) }
    }

    /// `value` ("2026-11-20 23:00", "6 days") with its spaces held together while it is wrapped.
    private func glued(_ value: String) -> String { String(value.map { $0 == " " ? Self.glue : $0 }) }
    private static let glue: Character = "\u{00A0}"

    /// `#RRGGBB` as a 24-bit foreground colour.
    private func ansi(_ hex: String) -> String {
        let digits = Array(hex.utf8.dropFirst())
        guard digits.count == 6, let value = Int(String(decoding: digits, as: UTF8.self), radix: 16) else { return "" }
        return "\u{1B}[38;2;\(value >> 16);\(value >> 8 & 0xff);\(value & 0xff)m"
    }
}
