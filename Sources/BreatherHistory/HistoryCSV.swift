import BreatherModel

/// The export format: RFC 4180 (a header row, CRLF line ends, a field quoted when it holds a
/// comma, a quote or a line break, quotes doubled), times in RFC 3339 with the local offset,
/// columns named as the json fields. `aqi`, `category` and `main_pollutant` are worked out
/// under `standard` when exported and ignored on import; every other column is a reading.
public enum HistoryCSV {
    /// The columns before the readings.
    static let leading = ["time", "place", "latitude", "longitude", "source", "standard", "aqi", "category", "main_pollutant"]

    /// The header row's fields.
    public static let columns = leading + HistoryVariable.all.map(\.name)

    /// The header line with its CRLF.
    public static var header: String { columns.joined(separator: ",") + "\r\n" }

    /// One row as a CSV line with its CRLF.
    public static func line(_ row: HistoryRow, standard: AQIStandard) -> String {
        var fields: [String] = [
            HistoryTime.rfc3339(row.time), quoted(textCell(row.place.name)), number(row.place.latitude), number(row.place.longitude),
            quoted(textCell(row.source)), standard.rawValue,
            row.index.map { "\($0.value)" } ?? "", row.index?.category.id ?? "", row.index.map(mainPollutant) ?? "",
        ]
        for (position, value) in row.values.enumerated() {
            guard let value else { fields.append(""); continue }
            fields.append(position == HistoryVariable.asthmaRisk ? AsthmaRisk(level: value)?.rawValue ?? number(value) : number(value))
        }
        return fields.joined(separator: ",") + "\r\n"
    }

    /// `pm2_5`, or `pm2_5+o3` when several set the index together.
    static func mainPollutant(_ index: AirQualityIndex) -> String { index.mainPollutants.map(\.rawValue).joined(separator: "+") }

    /// The shortest text that reads back as the same double: `12`, `22.1`, `1e-05`.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return "\(Int(value))" }
        return "\(value)"
    }

    /// Characters that make a spreadsheet read a cell as a formula (OWASP's CSV injection list).
    static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]

    /// A text cell (a place name, a source) safe to print and to open in a spreadsheet: on one
    /// line without control characters or escapes (`Sanitized.line`), and with a leading `'`
    /// when it would start a formula (`=cmd|…`), as OWASP recommends. Only text cells: numbers
    /// such as -3.5 stay numbers. `textCellValue` takes the `'` off again on import.
    static func textCell(_ text: String) -> String {
        let clean = Sanitized.line(text)
        guard let first = clean.first, formulaStarts.contains(first) else { return clean }
        return "'" + clean
    }

    /// A text cell as `textCell` wrote it back to its text: a `'` before a formula start is
    /// taken off.
    static func textCellValue(_ cell: String) -> String {
        guard cell.hasPrefix("'"), let second = cell.dropFirst().first, formulaStarts.contains(second) else { return cell }
        return String(cell.dropFirst())
    }

    /// The field as RFC 4180 writes it: quoted only when it must be.
    static func quoted(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }) else { return field }
        var text = "\""
        for character in field { text += character == "\"" ? "\"\"" : String(character) }
        return text + "\""
    }
}
