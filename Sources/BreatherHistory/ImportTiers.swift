/// An import's rows older than the raw tier, rolled up as they stream rather than written raw
/// and rolled up afterwards: a 19-year file is 15 million readings, of which retention keeps
/// about 300,000 hourly means and raw readings and 100,000 daily summaries. Each hour of a
/// place and source is held until the rows have moved a day past it (an export is in time
/// order; a day of slack takes a file merged from two), then handed out as the values of each
/// variable (`hourly`, for the hourly tier: the store adds what it holds for that hour) or folded
/// into its UTC day (`daily`, for the tier of daily summaries). The arithmetic is the store's:
/// an hour's mean is the mean of its readings in time order, a day's the mean, lowest and
/// highest of its hours' means (`HistoryRetention`). Pure values: no SQLite here.
struct ImportTiers {
    /// One place and source over one hour or day (`start`, seconds since 1970).
    struct Key: Hashable {
        var place: Int, source: Int, start: Int
    }

    /// The readings of one variable in an hour of the hourly tier, in time order.
    struct Hour {
        var key: Key
        var column: Int
        var values: [Double]
        /// True when one of them is at the hour's start, where the store keeps the hour's mean:
        /// it replaces that mean rather than joining it.
        var onTheHour: Bool
    }

    /// One variable's summary of a UTC day of the tier of daily summaries.
    struct Day {
        var key: Key
        var column: Int
        var mean: Double, min: Double, max: Double
        /// The hours with a value.
        var count: Int
    }

    /// What is ready to be written.
    struct Flushed {
        var hours: [Hour] = []
        var days: [Day] = []
        var isEmpty: Bool { hours.isEmpty && days.isEmpty }
    }

    /// An hour's rows as they came: each one's time and `columns` values (NaN: no value).
    private struct OpenHour {
        var times: [Int] = []
        var values: [Double] = []

        mutating func add(time: Int, values row: ArraySlice<Double>, columns: Int) {
            if let last = times.last, time <= last, let index = times.lastIndex(of: time) {
                for (column, value) in row.enumerated() where !value.isNaN { values[index * columns + column] = value }
            } else {
                times.append(time)
                values.append(contentsOf: row)
            }
        }

        /// The rows' indices in time order (the order they came, for a file in order).
        var timeOrder: [Int] {
            let indices = Array(times.indices)
            return zip(times, times.dropFirst()).allSatisfy { $0 < $1 } ? indices : indices.sorted { times[$0] < times[$1] }
        }

        /// Each column's mean in time order (the store's `avg` sums in key order), NaN for none.
        func means(columns: Int) -> [Double] {
            let order = timeOrder
            return (0..<columns).map { column in
                var sum = 0.0
                var count = 0
                for row in order {
                    let value = values[row * columns + column]
                    guard !value.isNaN else { continue }
                    sum += value
                    count += 1
                }
                return count > 0 ? sum / Double(count) : .nan
            }
        }
    }

    /// A day's hourly means so far, per column.
    private struct OpenDay {
        var sum: [Double], min: [Double], max: [Double], count: [Int]
        init(columns: Int) {
            sum = Array(repeating: 0, count: columns)
            min = Array(repeating: .infinity, count: columns)
            max = Array(repeating: -.infinity, count: columns)
            count = Array(repeating: 0, count: columns)
        }

        mutating func fold(_ means: [Double]) {
            for (column, mean) in means.enumerated() where !mean.isNaN {
                sum[column] += mean
                min[column] = Swift.min(min[column], mean)
                max[column] = Swift.max(max[column], mean)
                count[column] += 1
            }
        }
    }

    /// How far behind the newest row of its place an hour stays open.
    static let slackSeconds = 86_400

    /// Values a row.
    let columns: Int
    /// Rows from this time on are raw readings, written as they are.
    let rawCut: Int
    /// Rows before this time (a UTC midnight) belong to the tier of daily summaries.
    let hourlyCut: Int
    private var hours: [Key: OpenHour] = [:]
    private var days: [Key: OpenDay] = [:]
    /// Each place's newest hour seen.
    private var newest: [Int: Int] = [:]

    init(columns: Int, rawCut: Int, hourlyCut: Int) {
        self.columns = columns
        self.rawCut = rawCut
        self.hourlyCut = hourlyCut
    }

    /// Adds a row older than `rawCut`; a later row at the same place, source and time replaces
    /// the values it has (as the store's key does). Hours the rows have moved a day past go into
    /// `flushed`.
    mutating func add(place: Int, source: Int, time: Int, values: ArraySlice<Double>, into flushed: inout Flushed) {
        let hour = Self.floor(time, 3600)
        hours[Key(place: place, source: source, start: hour), default: OpenHour()].add(time: time, values: values, columns: columns)
        if hour > newest[place] ?? .min {
            newest[place] = hour
            flush(before: hour - Self.slackSeconds, place: place, into: &flushed)
        }
    }

    /// Hands out every hour and day still open.
    mutating func finish(into flushed: inout Flushed) {
        flush(before: .max, place: nil, into: &flushed)
    }

    /// Flushes the hours starting before `limit` (of `place`, or every place), oldest first, and
    /// then the days whose every hour is flushed.
    private mutating func flush(before limit: Int, place: Int?, into flushed: inout Flushed) {
        let ready = hours.keys.filter { $0.start < limit && (place == nil || $0.place == place) }
        guard !ready.isEmpty else { return }
        for key in ready.sorted(by: { ($0.place, $0.source, $0.start) < ($1.place, $1.source, $1.start) }) {
            guard let hour = hours.removeValue(forKey: key) else { continue }
            if key.start >= hourlyCut { hourlyTier(hour, key, into: &flushed) } else { dailyTier(hour, key) }
        }
        let done = days.keys.filter { (limit == .max || $0.start + 86_400 <= limit) && (place == nil || $0.place == place) }
        for key in done.sorted(by: { ($0.place, $0.source, $0.start) < ($1.place, $1.source, $1.start) }) {
            guard let day = days.removeValue(forKey: key) else { continue }
            for column in 0..<columns where day.count[column] > 0 {
                flushed.days.append(Day(key: key, column: column, mean: day.sum[column] / Double(day.count[column]),
                                        min: day.min[column], max: day.max[column], count: day.count[column]))
            }
        }
    }

    private func hourlyTier(_ hour: OpenHour, _ key: Key, into flushed: inout Flushed) {
        let order = hour.timeOrder
        for column in 0..<columns {
            var values: [Double] = []
            var onTheHour = false
            for row in order {
                let value = hour.values[row * columns + column]
                guard !value.isNaN else { continue }
                values.append(value)
                if hour.times[row] == key.start { onTheHour = true }
            }
            if !values.isEmpty { flushed.hours.append(Hour(key: key, column: column, values: values, onTheHour: onTheHour)) }
        }
    }

    private mutating func dailyTier(_ hour: OpenHour, _ key: Key) {
        let day = Key(place: key.place, source: key.source, start: Self.floor(key.start, 86_400))
        days[day, default: OpenDay(columns: columns)].fold(hour.means(columns: columns))
    }

    /// `value` rounded down to a multiple of `step`, before 1970 too.
    static func floor(_ value: Int, _ step: Int) -> Int { value >= 0 ? value / step * step : (value - step + 1) / step * step }
}
