import BreatherModel

/// Why an import file cannot be read: the line (1 = the header) and what is wrong there.
public struct HistoryImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line number, counting from 1 (the header).
    public var line: Int
    /// What is wrong.
    public var reason: String

    /// `line 7: temperature_c "warm" is not a number`.
    public var description: String { "line \(line): \(reason)" }
}

/// Reads a file `HistoryCSV` wrote back into readings: the header must be the export's (or an
/// earlier version's, without the columns added since), each row a place, source and time
/// with numbers where the export writes numbers. All or nothing: the first bad line fails the
/// whole file, before anything is written.
public enum HistoryImport {
    /// Columns an export written before they existed lacks; such a file imports with them
    /// missing. `uv_index` came with UV (the exports before it end their pollen columns with
    /// `pollen_ragweed,asthma_risk`); the `indoor_…` columns with the indoor sensor's readings.
    static let addedLater: Set<String> = Set(["uv_index"] + HistoryVariable.indoor.map(\.name))

    /// For each reading column of `header`, the variable's index in `HistoryVariable.all`:
    /// the export's header, or one that lacks only columns of `addedLater`. nil for any other.
    static func variableColumns(_ header: [String]) -> [Int]? {
        let present = Set(header)
        let expected = HistoryCSV.columns.filter { !addedLater.contains($0) || present.contains($0) }
        guard header == expected else { return nil }
        return header.dropFirst(HistoryCSV.leading.count).map { HistoryVariable.positions[$0]! }
    }

    /// The readings in `bytes`, or the first line that is wrong.
    public static func readings(from bytes: [UInt8]) throws(HistoryImportError) -> [HistoryReading] {
        var records = CSVRecords(bytes)
        guard let header = try records.next() else { throw HistoryImportError(line: 1, reason: "empty file: expected the header \(HistoryCSV.columns.prefix(3).joined(separator: ","))…") }
        guard let variableColumns = variableColumns(header.fields) else {
            let wrong = zip(header.fields, HistoryCSV.columns).first { $0 != $1 }
            let detail = wrong.map { "column \"\($0.0.prefix(40))\" where \"\($0.1)\" belongs" } ?? "\(header.fields.count) columns, expected \(HistoryCSV.columns.count)"
            throw HistoryImportError(line: 1, reason: "not a breather history export (\(detail))")
        }
        var readings: [HistoryReading] = []
        while let record = try records.next() {
            if record.fields == [""] { continue }  // a blank line
            let fields = record.fields
            func fail(_ reason: String) -> HistoryImportError { HistoryImportError(line: record.line, reason: reason) }
            guard fields.count == header.fields.count else { throw fail("\(fields.count) fields, expected \(header.fields.count)") }
            guard let time = Timestamp.parse(fields[0]), fields[0].count >= 20 else { throw fail("time \"\(fields[0].prefix(40))\" is not an RFC 3339 time with an offset") }
            guard let latitude = Double(fields[2]), (-90...90).contains(latitude) else { throw fail("latitude \"\(fields[2].prefix(40))\" is not a number from -90 to 90") }
            guard let longitude = Double(fields[3]), (-180...180).contains(longitude) else { throw fail("longitude \"\(fields[3].prefix(40))\" is not a number from -180 to 180") }
            guard !fields[4].isEmpty else { throw fail("the source is empty") }
            let place = HistoryPlace(latitude: latitude, longitude: longitude, name: fields[1])
            let seconds = Int(time.timeIntervalSince1970.rounded(.down))
            for (column, position) in variableColumns.enumerated() {
                let variable = HistoryVariable.all[position]
                let text = fields[HistoryCSV.leading.count + column]
                guard !text.isEmpty else { continue }
                let value: Double
                if position == HistoryVariable.asthmaRisk {
                    guard let risk = AsthmaRisk(rawValue: text) else { throw fail("asthma_risk \"\(text.prefix(40))\" is not one of low, medium, high, very_high") }
                    value = risk.level
                } else {
                    guard let number = Double(text), number.isFinite else { throw fail("\(variable.name) \"\(text.prefix(40))\" is not a number") }
                    value = number
                }
                readings.append(HistoryReading(place: place, source: fields[4], time: seconds, variable: variable.name, value: value))
            }
        }
        return readings
    }
}

/// RFC 4180 records from bytes: quoted fields may hold commas, doubled quotes and line breaks;
/// lines end in CRLF or LF. Bytes that are not UTF-8 text (a NUL, invalid sequences) fail
/// with the line they are on.
struct CSVRecords {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    struct Record { var line: Int; var fields: [String] }

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() throws(HistoryImportError) -> Record? {
        guard index < bytes.count else { return nil }
        let start = line
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        func finishField() throws(HistoryImportError) {
            guard !field.contains(0), let text = String(validating: field, as: UTF8.self) else {
                throw HistoryImportError(line: line, reason: "not text (binary or non-UTF-8 bytes)")
            }
            fields.append(text)
            field.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") { field.append(byte); index += 1 } else { quoted = false }
                } else {
                    if byte == 10 { line += 1 }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                guard field.isEmpty else { throw HistoryImportError(line: line, reason: "a quote inside an unquoted field") }
                quoted = true
            case UInt8(ascii: ","):
                try finishField()
            case 13 where index < bytes.count && bytes[index] == 10:
                continue
            case 10:
                try finishField()
                line += 1
                return Record(line: start, fields: fields)
            default:
                field.append(byte)
            }
        }
        guard !quoted else { throw HistoryImportError(line: start, reason: "a quoted field is not closed") }
        try finishField()
        return Record(line: start, fields: fields)
    }
}
