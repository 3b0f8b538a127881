import BreatherLocale
import BreatherModel

/// Why an import file cannot be read: the line (1 = the header) and what is wrong there.
public struct HistoryImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line number, counting from 1 (the header).
    public var line: Int
    /// What is wrong.
    public var reason: String

    /// `line 7: temperature_c "warm" is not a number`, in the current language (`reason` is
    /// made in the language of the import that threw it; the offending text stays verbatim).
    public var description: String { tr("line %s: %s").filled(String(line), reason) }
}

/// Reads a file `HistoryCSV` wrote back into readings: the header must be the export's (or an
/// earlier version's, without the columns added since), each row a place, source and time
/// with numbers where the export writes numbers, each within what a live reading may hold
/// (`HistoryVariable.limits`) and none dated in the future. Read in batches of rows as the
/// file comes (`nextBatch`), so memory stays bounded; the caller writes them in one
/// transaction and drops it at the first bad line (`HistoryStore.beginImport`).
public struct HistoryImport {
    /// Columns an export written before they existed lacks; such a file imports with them
    /// missing. `uv_index` came with UV (the exports before it end their pollen columns with
    /// `pollen_ragweed,asthma_risk`); the `indoor_…` columns with the indoor sensor's readings.
    static let addedLater: Set<String> = Set(["uv_index"] + HistoryVariable.indoor.map(\.name))

    /// Readings handed over at a time: enough that a transaction's per-batch cost vanishes,
    /// few enough to stay a few hundred kilobytes.
    public static let batchSize = 8192

    /// How far ahead of this machine's clock a row may be dated: a provider's current hour
    /// ends up to an hour ahead; anything later is a wrong date or offset, not a reading.
    static let futureSlackSeconds = 3600

    private var records: CSVRecords
    private let now: Int
    private var variableColumns: [Int]?
    private var fieldCount = 0
    /// The row before's place and source, and the cells they were read from: a file names the
    /// same place and source on every row, so each is read and cleaned once, not once a row.
    private var previous: (cells: [UInt8], ends: [Int], place: HistoryPlace, source: String)?
    private var raw = RawRecord()

    /// A reader of the bytes `chunks` hands over (nil at the end; what it throws passes
    /// through), holding rows to `now` (seconds since 1970) for the future check.
    public init(chunks: @escaping () throws -> [UInt8]?, now: Int) {
        records = CSVRecords(chunks: chunks)
        self.now = now
    }

    /// For each reading column of `header`, the variable's index in `HistoryVariable.all`:
    /// the export's header, or one that lacks only columns of `addedLater`. nil for any other.
    static func variableColumns(_ header: [String]) -> [Int]? {
        let present = Set(header)
        let expected = HistoryCSV.columns.filter { !addedLater.contains($0) || present.contains($0) }
        guard header == expected else { return nil }
        return header.dropFirst(HistoryCSV.leading.count).map { HistoryVariable.positions[$0]! }
    }

    /// The readings in `bytes` at once (tests, small files), or the first line that is wrong.
    public static func readings(from bytes: [UInt8], now: Int = Int(Timestamp.now().timeIntervalSince1970)) throws(HistoryImportError) -> [HistoryReading] {
        var rest: [UInt8]? = bytes
        var reader = HistoryImport(chunks: { defer { rest = nil }; return rest }, now: now)
        var readings: [HistoryReading] = []
        do {
            while let batch = try reader.nextBatch() { readings += batch.readings }
        } catch let error as HistoryImportError {
            throw error
        } catch {
            throw HistoryImportError(line: 0, reason: "\(error)")  // bytes in memory cannot fail to be read
        }
        return readings
    }

    /// The next rows (about `batchSize` readings), nil after the last; throws
    /// `HistoryImportError` at the first line that is wrong.
    public mutating func nextBatch() throws -> ImportBatch? {
        if variableColumns == nil { try readHeader() }
        guard let variableColumns else { return nil }
        var batch = ImportBatch(columns: variableColumns)
        var values: [Double] = []
        values.reserveCapacity(variableColumns.count)
        while batch.readingCount < Self.batchSize, try records.next(into: &raw) {
            if raw.ends == [0] { continue }  // a blank line
            let row = try read(values: &values)
            batch.append(row, values: values)
        }
        return batch.rows.isEmpty ? nil : batch
    }

    private mutating func readHeader() throws {
        guard let header = try records.next() else { throw HistoryImportError(line: 1, reason: tr("empty file: expected the header %s…").filled(HistoryCSV.columns.prefix(3).joined(separator: ","))) }
        guard let columns = Self.variableColumns(header.fields) else {
            let wrong = zip(header.fields, HistoryCSV.columns).first { $0 != $1 }
            let detail = wrong.map { tr("column %s where %s belongs").filled("\"\($0.0.prefix(40))\"", "\"\($0.1)\"") }
                ?? tr("%s columns, expected %s").filled(String(header.fields.count), String(HistoryCSV.columns.count))
            throw HistoryImportError(line: 1, reason: tr("not a breather history export (%s)").filled(detail))
        }
        variableColumns = columns
        fieldCount = header.fields.count
    }

    /// The place, source and time of the record just read (`raw`), and its values (NaN for an
    /// empty cell) in `values`. Numbers are read from the bytes; strings are made only for the
    /// time, and for the place and source when they differ from the row before's.
    private mutating func read(values: inout [Double]) throws(HistoryImportError) -> ImportBatch.Row {
        let line = raw.line
        func fail(_ reason: String) -> HistoryImportError { HistoryImportError(line: line, reason: reason) }
        guard raw.count == fieldCount else { throw fail(tr("%s fields, expected %s").filled(String(raw.count), String(fieldCount))) }
        let timeText = raw.text(0)
        guard let time = Timestamp.parse(timeText), timeText.count >= 20 else { throw fail(tr("time %s is not an RFC 3339 time with an offset").filled("\"\(timeText.prefix(40))\"")) }
        let seconds = Int(time.timeIntervalSince1970.rounded(.down))
        guard seconds <= now + Self.futureSlackSeconds else {
            throw fail(tr("time %s is in the future (this machine's clock says %s)")
                .filled(String(timeText.prefix(40)), Timestamp.rfc3339(Timestamp(timeIntervalSince1970: Double(now)))))
        }
        let cells = raw.bytes[raw.range(1).lowerBound..<raw.ends[4]]
        let ends = raw.ends[1...4].map { $0 - raw.ends[0] }
        let place: HistoryPlace, source: String
        if let previous, previous.ends == ends, previous.cells.elementsEqual(cells) {
            (place, source) = (previous.place, previous.source)
        } else {
            let fields = (1...4).map { raw.text($0) }
            guard let latitude = Double(fields[1]), (-90...90).contains(latitude) else { throw fail(tr("latitude %s is not a number from -90 to 90").filled("\"\(fields[1].prefix(40))\"")) }
            guard let longitude = Double(fields[2]), (-180...180).contains(longitude) else { throw fail(tr("longitude %s is not a number from -180 to 180").filled("\"\(fields[2].prefix(40))\"")) }
            source = Sanitized.line(HistoryCSV.textCellValue(fields[3]))
            guard !source.isEmpty else { throw fail(tr("the source is empty")) }
            place = HistoryPlace(latitude: latitude, longitude: longitude, name: HistoryCSV.textCellValue(fields[0]))
            previous = (Array(cells), ends, place, source)
        }
        values.removeAll(keepingCapacity: true)
        for (column, position) in variableColumns!.enumerated() {
            let field = HistoryCSV.leading.count + column
            let range = raw.range(field)
            guard !range.isEmpty else { values.append(.nan); continue }
            if position == HistoryVariable.asthmaRisk {
                let text = raw.text(field)
                guard let risk = AsthmaRisk(rawValue: text) else { throw fail(tr("%s is not one of %s").filled("asthma_risk \"\(text.prefix(40))\"", "low, medium, high, very_high")) }
                values.append(risk.level)
            } else {
                let variable = HistoryVariable.all[position]
                guard let number = PlainDecimal.value(raw.bytes[range]) ?? Double(raw.text(field)) else {
                    throw fail(tr("%s is not a number").filled("\(variable.name) \"\(raw.text(field).prefix(40))\""))
                }
                // The limits a live reading is held to: no import brings in what no provider could.
                if let problem = Self.outOfRange(variable, number) { throw fail(problem) }
                values.append(number)
            }
        }
        return ImportBatch.Row(place: place, source: source, time: seconds)
    }

    /// `Plausibility.problem`'s sentence in the current language: "pm2_5 5000 µg/m³ (expected
    /// 0 to 2000 µg/m³)"; the name, value and unit as they are.
    static func outOfRange(_ variable: HistoryVariable, _ value: Double) -> String? {
        guard Plausibility.problem(variable.name, value, variable.limits, variable.shownUnit) != nil else { return nil }
        let suffix = variable.shownUnit.isEmpty ? "" : " \(variable.shownUnit)"
        return tr("%s %s (expected %s to %s)").filled(variable.name, Plausibility.number(value) + suffix,
                                                     Plausibility.number(variable.limits.lowerBound), Plausibility.number(variable.limits.upperBound) + suffix)
    }
}
