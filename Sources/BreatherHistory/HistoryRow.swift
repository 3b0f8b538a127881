import BreatherModel

/// One place, source and time with every value recorded for it: a line of the export, the
/// table and the json, and what an import reads back. The index is not stored: `HistoryRows`
/// works it out under the standard asked for when it reads.
public struct HistoryRow: Sendable, Equatable {
    /// The place.
    public var place: HistoryPlace
    /// The provider id.
    public var source: String
    /// Seconds since 1970.
    public var time: Int
    /// One slot per `HistoryVariable.all`, nil where nothing was recorded.
    public var values: [Double?]
    /// The index under the standard read with, when the row has air data it can come from.
    public var index: AirQualityIndex?

    /// An empty row for `place`, `source` and `time`.
    public init(place: HistoryPlace, source: String, time: Int) {
        self.place = place
        self.source = source
        self.time = time
        values = Array(repeating: nil, count: HistoryVariable.all.count)
    }

    /// The value of the variable named `name`.
    public func value(_ name: String) -> Double? { HistoryVariable.positions[name].flatMap { values[$0] } }

    /// True when the row has a concentration or a provider's index.
    var hasAirData: Bool {
        HistoryVariable.pollutantPositions.contains { values[$0.1] != nil } || HistoryVariable.reportedPositions.contains { values[$0.1] != nil }
    }

    /// The readings the row stands for, in variable order.
    public var readings: [HistoryReading] {
        HistoryVariable.all.indices.compactMap { position in
            values[position].map { HistoryReading(place: place, source: source, time: time, variable: HistoryVariable.all[position].name, value: $0) }
        }
    }
}

/// Turns the store's readings (ordered by place, time, variable, source) into rows ordered
/// by place, time and source name, each with its index under `standard`: the provider's own
/// index for that standard when it reported one, else computed from the hourly means of the
/// 24 hours up to the row (the row itself included), as a live render computes it.
public struct HistoryRows {
    let standard: AQIStandard
    private var group: [String: HistoryRow] = [:]
    private var groupKey: (HistoryPlace, Int)?
    /// The last 25 hours of each place and source, by source (the place changes rarely: the
    /// windows are dropped when it does). One look-up a row, not one an hour and pollutant.
    private var windows: [String: HourWindow] = [:]
    private var windowPlace: HistoryPlace?
    private let emit: (HistoryRow) throws -> Void
    /// Rows before this time are only taken into the 24-hour windows, and emitted without an
    /// index: a caller that knows the earlier rows' indices (`recentIndices`) skips their cost.
    public var indexFrom = Int.min

    /// Rows under `standard`, handed to `emit` as each is complete.
    public init(standard: AQIStandard, emit: @escaping (HistoryRow) throws -> Void) {
        self.standard = standard
        self.emit = emit
    }

    /// Adds the next reading in the store's order.
    public mutating func add(_ reading: HistoryReading) throws {
        if let key = groupKey, key.0 != reading.place || key.1 != reading.time { try flush() }
        groupKey = (reading.place, reading.time)
        guard let position = HistoryVariable.positions[reading.variable] else { return }
        group[reading.source, default: HistoryRow(place: reading.place, source: reading.source, time: reading.time)].values[position] = reading.value
    }

    /// Emits the rows still held; call once after the last reading.
    public mutating func finish() throws { try flush() }

    private mutating func flush() throws {
        guard !group.isEmpty else { return }
        let rows = group.count == 1 ? Array(group.values) : group.values.sorted { $0.source < $1.source }
        group.removeAll(keepingCapacity: true)
        for var row in rows {
            if row.hasAirData {
                let series = window(adding: row)
                if row.time >= indexFrom { row.index = index(for: row, series) }
            }
            try emit(row)
        }
    }

    /// The row's source's hourly means of the 25 hours up to the row, the row included.
    private mutating func window(adding row: HistoryRow) -> [Pollutant: [Double?]] {
        if windowPlace != row.place {
            windows.removeAll()
            windowPlace = row.place
        }
        let hour = row.time >= 0 ? row.time / 3600 : (row.time - 3599) / 3600
        // Taken out of the dictionary while it changes: a copy left there would make each
        // hour copy the window's two arrays before writing to them.
        var window = windows.removeValue(forKey: row.source) ?? HourWindow(lastHour: hour)
        window.advance(to: hour)
        for (offset, (_, position)) in HistoryVariable.pollutantPositions.enumerated() {
            if let value = row.values[position] { window.add(value, pollutant: offset) }
        }
        defer { windows[row.source] = window }
        return row.time >= indexFrom ? window.series() : [:]
    }

    private func index(for row: HistoryRow, _ series: [Pollutant: [Double?]]) -> AirQualityIndex? {
        var reported: [ReportedIndex] = []
        for (standard, position) in HistoryVariable.reportedPositions where standard == self.standard {
            if let value = row.values[position] { reported.append(ReportedIndex(standard: standard, value: Int(value), mainPollutant: nil, field: "")) }
        }
        let pollution = Pollution(source: row.source, hourly: series.isEmpty ? nil : HourlySeries(series), reported: reported)
        return try? pollution.report(for: standard).index
    }
}

/// Hourly sums of each pollutant over the 25 hours ending at `lastHour` (a ring of slots).
struct HourWindow {
    static let hours = 25
    private(set) var lastHour: Int
    private var sums = [Double](repeating: 0, count: hours * Pollutant.allCases.count)
    private var counts = [Int](repeating: 0, count: hours * Pollutant.allCases.count)

    init(lastHour: Int) { self.lastHour = lastHour }

    private func slot(_ hour: Int) -> Int { ((hour % Self.hours) + Self.hours) % Self.hours }

    /// Moves the window's end to `hour` (never back), emptying the hours it passes.
    mutating func advance(to hour: Int) {
        guard hour > lastHour else { return }
        for passed in (lastHour + 1)...min(hour, lastHour + Self.hours) {
            let base = slot(passed) * Pollutant.allCases.count
            for offset in 0..<Pollutant.allCases.count { sums[base + offset] = 0; counts[base + offset] = 0 }
        }
        lastHour = hour
    }

    mutating func add(_ value: Double, pollutant: Int) {
        let index = slot(lastHour) * Pollutant.allCases.count + pollutant
        sums[index] += value
        counts[index] += 1
    }

    /// The series last handed out: its dictionary and arrays are written over at the next
    /// call, in place when nothing holds them any more (the index made from them is done by
    /// then; else Swift copies them first, as ever): no allocation an hour.
    private var handedOut: [Pollutant: [Double?]] = [:]

    /// Each pollutant's hourly means, oldest first (nil for an hour without a value); a
    /// pollutant with no value in the window is left out.
    mutating func series() -> [Pollutant: [Double?]] {
        // Called for each hour of the dashboard's 744: the ring's slots walked in order, no
        // division an hour and pollutant.
        let pollutants = Pollutant.allCases
        let sums = sums, counts = counts
        let first = slot(lastHour - Self.hours + 1)
        for (offset, pollutant) in pollutants.enumerated() {
            var ring = first
            var any = false
            for _ in 0..<Self.hours where !any {
                any = counts[ring * pollutants.count + offset] > 0
                ring = ring + 1 == Self.hours ? 0 : ring + 1
            }
            guard any else {
                handedOut.removeValue(forKey: pollutant)
                continue
            }
            handedOut[pollutant, default: []].withUnsafeMutableBufferPointerSized(Self.hours) { buffer in
                var ring = first
                for hour in 0..<Self.hours {
                    let index = ring * pollutants.count + offset
                    buffer[hour] = counts[index] > 0 ? sums[index] / Double(counts[index]) : nil
                    ring = ring + 1 == Self.hours ? 0 : ring + 1
                }
            }
        }
        return handedOut
    }
}

extension Array where Element == Double? {
    /// Makes the array `count` long (nils) unless it is, then hands its storage to `body`.
    fileprivate mutating func withUnsafeMutableBufferPointerSized(_ count: Int, _ body: (UnsafeMutableBufferPointer<Double?>) -> Void) {
        if self.count != count { self = Array(repeating: nil, count: count) }
        withUnsafeMutableBufferPointer { body($0) }
    }
}
