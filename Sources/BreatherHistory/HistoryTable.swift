import BreatherModel

/// The table people read (`breather history`, the default format): local times, the index and
/// its category, the main pollutant, PM2.5, temperature, humidity, asthma risk and CO2; columns
/// padded so they line up. An indoor sensor's row says "indoor" where the category stands and
/// shows its own PM2.5, temperature, humidity and CO2.
public struct HistoryTable {
    let standard: AQIStandard
    private let categoryWidth: Int

    /// A table under `standard`.
    public init(standard: AQIStandard) {
        self.standard = standard
        categoryWidth = max(8, standard.categories.map(\.name.count).max() ?? 8)
    }

    /// The heading line.
    public var header: String {
        line(["Time", "Source", "AQI", "Category", "Main", "PM2.5", "Temp", "RH", "Asthma", "CO2"])
    }

    /// One row's line.
    public func line(_ row: HistoryRow) -> String {
        func value(_ name: String, _ suffix: String = "") -> String { row.value(name).map { HistoryCSV.number(($0 * 10).rounded() / 10) + suffix } ?? "" }
        let indoor = !row.hasAirData && HistoryVariable.indoor.contains { row.value($0.name) != nil }
        let prefix = indoor ? "indoor_" : ""
        return line([HistoryTime.minute(row.time), row.source, row.index.map { "\($0.value)" } ?? "", indoor ? "indoor" : row.index?.category.name ?? "",
                     row.index.map { $0.mainPollutants.map(\.displayName).joined(separator: "+") } ?? "",
                     value(prefix + "pm2_5"), value(prefix + "temperature_c", "°C"), value(prefix + "humidity", "%"),
                     row.value("asthma_risk").flatMap { AsthmaRisk(level: $0)?.displayName } ?? "",
                     row.value("indoor_co2_ppm").map { "\(Int($0.rounded()))ppm" } ?? ""])
    }

    /// One `--daily` line.
    public func dayLine(_ day: HistoryDay) -> String {
        let worst = day.isSummary ? standard.category(forIndex: day.maxIndex)
            : standard.categories.reversed().first { (day.hoursByCategory[$0.id] ?? 0) > 0 }
        let hours = day.isSummary ? "daily summary (UTC day)"
            : standard.categories.compactMap { category in day.hoursByCategory[category.id].map { "\(category.name) \($0)h" } }.joined(separator: ", ")
        return pad([day.date, day.source, "\(day.maxIndex)", "\(day.meanIndex)", worst?.name ?? "", day.mainPollutant?.displayName ?? "",
                    day.maxPollen.map { "\($0.type.rawValue) \(HistoryCSV.number($0.count))" } ?? "", hours],
                   [10, 10, 4, 4, categoryWidth, 6, 14, 0])
    }

    /// The `--daily` heading line.
    public var dayHeader: String {
        pad(["Date", "Source", "Max", "Mean", "Worst category", "Main", "Pollen max", "Hours by category"], [10, 10, 4, 4, categoryWidth, 6, 14, 0])
    }

    private func line(_ fields: [String]) -> String { pad(fields, [16, 10, 4, categoryWidth, 6, 6, 7, 4, 9, 8]) }

    private func pad(_ fields: [String], _ widths: [Int]) -> String {
        var text = ""
        for (field, width) in zip(fields, widths) {
            let right = ["AQI", "Max", "Mean", "PM2.5", "Temp", "RH", "CO2"].contains(field) || field.first?.isNumber == true && width <= 8
            let fill = String(repeating: " ", count: max(0, width - field.count))
            text += (text.isEmpty ? "" : "  ") + (right ? fill + field : field + (width == 0 ? "" : fill))
        }
        while text.last == " " { text.removeLast() }
        return text
    }
}
