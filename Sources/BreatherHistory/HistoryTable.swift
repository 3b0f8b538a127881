import BreatherLocale
import BreatherModel

/// The table people read (`breather history`, the default format): local times, the index and
/// its category, the main pollutant, PM2.5, temperature, humidity, asthma risk and CO2; columns
/// padded so they line up. An indoor sensor's row says "indoor" where the category stands and
/// shows its own PM2.5, temperature, humidity and CO2. The headings, the category and risk
/// names and the decimal mark follow the language bound in `L10n.language` when the table is
/// made (the command binds it for the table only: CSV and json stay English); columns are
/// measured in display columns, so a Chinese table lines up too.
public struct HistoryTable {
    let standard: AQIStandard
    /// A category's name as people read it (the command passes the view model's, which knows
    /// `[display] native_names`); by default the standard's name in `L10n.language`.
    private let categoryName: (AQICategory) -> String
    private let rowWidths: [Int]
    private let dayWidths: [Int]
    private let rowHeadings: [String]
    private let dayHeadings: [String]
    /// The row's right-aligned columns (numbers): AQI, PM2.5, temperature, RH, CO2.
    private static let rowRight: Set<Int> = [2, 5, 6, 7, 9]
    /// The day line's: the highest and mean index.
    private static let dayRight: Set<Int> = [2, 3]

    /// A table under `standard`, in the language bound now.
    public init(standard: AQIStandard, categoryName: ((AQICategory) -> String)? = nil) {
        self.standard = standard
        let name = categoryName ?? { tr($0.name, context: standard.rawValue) }
        self.categoryName = name
        let categoryWidth = max(8, standard.categories.map { name($0).displayWidth }.max() ?? 8)
        let riskWidth = max(9, AsthmaRisk.allCases.map { tr($0.displayName, context: "asthma").displayWidth }.max() ?? 9)
        rowHeadings = [tr("Time", context: "table"), tr("Source", context: "table"), tr("AQI", context: "table"), tr("Category", context: "table"),
                       tr("Main", context: "table"), "PM2.5", tr("Temp", context: "table"), tr("RH", context: "table"), tr("Asthma", context: "table"), "CO2"]
        dayHeadings = [tr("Date", context: "table"), tr("Source", context: "table"), tr("Max", context: "table"), tr("Mean", context: "table"),
                       tr("Worst category", context: "table"), tr("Main", context: "table"), tr("Pollen max", context: "table"),
                       tr("Hours by category", context: "table")]
        rowWidths = zip([16, 10, 4, max(categoryWidth, tr("indoor").displayWidth), 6, 6, 7, 4, riskWidth, 8], rowHeadings).map { max($0, $1.displayWidth) }
        dayWidths = zip([10, 10, 4, 4, categoryWidth, 6, 14, 0], dayHeadings).enumerated().map { $0.offset == 7 ? 0 : max($0.element.0, $0.element.1.displayWidth) }
    }

    /// The heading line.
    public var header: String { pad(rowHeadings, rowWidths, right: Self.rowRight) }

    /// One row's line.
    public func line(_ row: HistoryRow) -> String {
        func value(_ name: String, _ suffix: String = "") -> String {
            row.value(name).map { L10n.number(HistoryCSV.number(($0 * 10).rounded() / 10)) + suffix } ?? ""
        }
        let indoor = !row.hasAirData && HistoryVariable.indoor.contains { row.value($0.name) != nil }
        let prefix = indoor ? "indoor_" : ""
        return pad([HistoryTime.minute(row.time), row.source, row.index.map { "\($0.value)" } ?? "", indoor ? tr("indoor") : row.index.map { categoryName($0.category) } ?? "",
                    row.index.map { $0.mainPollutants.map(\.displayName).joined(separator: "+") } ?? "",
                    value(prefix + "pm2_5"), value(prefix + "temperature_c", "°C"), value(prefix + "humidity", "%"),
                    row.value("asthma_risk").flatMap { AsthmaRisk(level: $0).map { tr($0.displayName, context: "asthma") } } ?? "",
                    row.value("indoor_co2_ppm").map { "\(Int($0.rounded()))ppm" } ?? ""], rowWidths, right: Self.rowRight)
    }

    /// One `--daily` line.
    public func dayLine(_ day: HistoryDay) -> String {
        let worst = day.isSummary ? standard.category(forIndex: day.maxIndex)
            : standard.categories.reversed().first { (day.hoursByCategory[$0.id] ?? 0) > 0 }
        let hours = day.isSummary ? tr("daily summary (UTC day)")
            : standard.categories.compactMap { category in day.hoursByCategory[category.id].map { "\(categoryName(category)) \($0)h" } }.joined(separator: ", ")
        return pad([day.date, day.source, "\(day.maxIndex)", "\(day.meanIndex)", worst.map(categoryName) ?? "", day.mainPollutant?.displayName ?? "",
                    day.maxPollen.map { "\(tr($0.type.rawValue, context: "species")) \(L10n.number(HistoryCSV.number($0.count)))" } ?? "", hours],
                   dayWidths, right: Self.dayRight)
    }

    /// The `--daily` heading line.
    public var dayHeader: String { pad(dayHeadings, dayWidths, right: Self.dayRight) }

    /// The fields joined by two spaces, each padded to its width in display columns (a width
    /// of 0: as it is), right-aligned in the columns `right`; no trailing spaces.
    private func pad(_ fields: [String], _ widths: [Int], right: Set<Int>) -> String {
        var text = ""
        for (index, (field, width)) in zip(fields, widths).enumerated() {
            text += (index == 0 ? "" : "  ") + (right.contains(index) ? field.padded(left: width) : width == 0 ? field : field.padded(to: width))
        }
        while text.last == " " { text.removeLast() }
        return text
    }
}
