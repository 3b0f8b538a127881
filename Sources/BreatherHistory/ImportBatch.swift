/// Rows of an import file as `HistoryImport` hands them over, a batch at a time: each row's
/// place, source and time, and its values in the file's column order (NaN where a cell was
/// empty). Kept as rows, not readings, so the store looks a place and a source up once a row
/// rather than once a value.
public struct ImportBatch: Sendable {
    /// One row's place, source and time (seconds since 1970).
    public struct Row: Sendable {
        /// The place (coordinates rounded, name cleaned).
        public var place: HistoryPlace
        /// The provider id.
        public var source: String
        /// Seconds since 1970 (UTC).
        public var time: Int
    }

    /// The variable of each value column (positions in `HistoryVariable.all`), in the file's order.
    public let columns: [Int]
    /// The rows, in the file's order.
    public internal(set) var rows: [Row] = []
    /// `columns.count` values a row; NaN for an empty cell.
    public internal(set) var values: [Double] = []
    /// The values that are not NaN: the readings the batch holds.
    public internal(set) var readingCount = 0

    init(columns: [Int]) { self.columns = columns }

    /// Row `index`'s values, one a column.
    public func values(ofRow index: Int) -> ArraySlice<Double> {
        values[index * columns.count ..< (index + 1) * columns.count]
    }

    /// The batch as one reading a value, row by row (tests, small files).
    public var readings: [HistoryReading] {
        var readings: [HistoryReading] = []
        readings.reserveCapacity(readingCount)
        for (index, row) in rows.enumerated() {
            for (column, value) in values(ofRow: index).enumerated() where !value.isNaN {
                readings.append(HistoryReading(place: row.place, source: row.source, time: row.time,
                                               variable: HistoryVariable.all[columns[column]].name, value: value))
            }
        }
        return readings
    }

    mutating func append(_ row: Row, values rowValues: [Double]) {
        rows.append(row)
        values.append(contentsOf: rowValues)
        readingCount += rowValues.count(where: { !$0.isNaN })
    }
}
