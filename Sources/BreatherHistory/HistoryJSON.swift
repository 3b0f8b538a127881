import BreatherModel

/// The json export: `{"standard": "us", "rows": [{"time": …, "place": …, "pm2_5": …}, …]}`,
/// one object a row with the CSV's column names as keys; a value not recorded is left out.
/// Written as it streams (a year of rows is never held as one value).
public enum HistoryJSON {
    /// The text before the first row.
    public static func opening(standard: AQIStandard) -> String { "{\"standard\":\"\(standard.rawValue)\",\"rows\":[" }

    /// The text after the last row.
    public static let closing = "]}\n"

    /// One row's object; `first` leaves out the separating comma.
    public static func object(_ row: HistoryRow, first: Bool) -> String {
        var text = first ? "\n{" : ",\n{"
        text += "\"time\":\(string(HistoryTime.rfc3339(row.time))),\"place\":\(string(row.place.name)),"
        text += "\"latitude\":\(HistoryCSV.number(row.place.latitude)),\"longitude\":\(HistoryCSV.number(row.place.longitude)),"
        text += "\"source\":\(string(row.source))"
        if let index = row.index {
            text += ",\"aqi\":\(index.value),\"category\":\(string(index.category.id))"
            if !index.mainPollutants.isEmpty { text += ",\"main_pollutant\":\(string(HistoryCSV.mainPollutant(index)))" }
        }
        for (position, value) in row.values.enumerated() {
            guard let value else { continue }
            let name = HistoryVariable.all[position].name
            if position == HistoryVariable.asthmaRisk, let risk = AsthmaRisk(level: value) {
                text += ",\"\(name)\":\(string(risk.rawValue))"
            } else {
                text += ",\"\(name)\":\(HistoryCSV.number(value))"
            }
        }
        return text + "}"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
