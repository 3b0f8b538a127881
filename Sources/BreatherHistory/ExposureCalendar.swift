import BreatherStore

/// Hourly values of one place, turned into each local day's exposure and each logged day's
/// features (a metric at a delay). Days are local (TZ): a logged "yesterday" is the person's.
public struct ExposureCalendar: Sendable {
    /// variable → hour (seconds since 1970 / 3600) → the hour's mean over its readings and sources.
    let hourly: [String: [Int: Double]]
    private var days: [Int: [String: Double]] = [:]

    /// A calendar over `hourly` values (tests build them by hand; `HistoryStore.exposureCalendar` reads them).
    public init(hourly: [String: [Int: Double]]) { self.hourly = hourly }

    /// The start (local midnight) of the day `lag` days before the day starting at `dayStart`.
    public static func day(_ dayStart: Int, minus lag: Int) -> Int {
        lag == 0 ? dayStart : HistoryTime.startOfDay(dayStart - lag * 86_400 + 43_200)
    }

    /// Each metric's value on the local day starting at `dayStart`; a metric with too few hours is absent.
    public mutating func metrics(dayStart: Int) -> [String: Double] {
        if let known = days[dayStart] { return known }
        let end = HistoryTime.startOfDay(dayStart + 30 * 3600)
        let hours = Array(stride(from: dayStart / 3600, to: end / 3600, by: 1))
        let temperature = hours.map { hourly["temperature_c"]?[$0] }
        var values: [String: Double] = [:]
        for metric in ExposureMetric.all {
            guard let series = hourly[metric.variable] else { continue }
            if let value = metric.value(hours: hours.map { series[$0] }, temperature: temperature) { values[metric.id] = value }
        }
        days[dayStart] = values
        return values
    }

    /// The features of the day starting at `dayStart` (`o3_8h_max@1` → the day before's
    /// ozone): the known ones only, a gap is absent.
    public mutating func features(dayStart: Int) -> [String: Double] {
        var features: [String: Double] = [:]
        let maxLag = ExposureMetric.all.map(\.lags.upperBound).max() ?? 0
        for lag in 0...maxLag {
            let metrics = metrics(dayStart: Self.day(dayStart, minus: lag))
            for metric in ExposureMetric.all where metric.lags.contains(lag) {
                if let value = metrics[metric.id] { features["\(metric.id)@\(lag)"] = value }
            }
        }
        return features
    }
}

extension HistoryStore {
    /// The place a log entry names: the place of that name, else (no name) the first place
    /// the store recorded, the primary one. nil when the store has none of that name.
    public func placeID(forLog name: String) throws(SQLiteError) -> Int? {
        try loadNames()
        let places = namesByID.places
        if name.isEmpty { return places.keys.min() }
        return places.filter { $0.value.name == name }.keys.min()
    }

    /// The hourly values the exposure metrics need at place `place`, for the local days from
    /// `firstDay` (their delays included) to `lastDay`.
    public func exposureCalendar(place: Int, firstDay: Int, lastDay: Int) throws(SQLiteError) -> ExposureCalendar {
        try loadNames()
        let wanted = ExposureMetric.variables.compactMap { name in variableIDs[name].map { (name, $0) } }
        guard !wanted.isEmpty else { return ExposureCalendar(hourly: [:]) }
        let names = Dictionary(uniqueKeysWithValues: wanted.map { ($0.1, $0.0) })
        let maxLag = ExposureMetric.all.map(\.lags.upperBound).max() ?? 0
        let since = ExposureCalendar.day(firstDay, minus: maxLag) - 3600
        let until = lastDay + 2 * 86_400
        // The ids are the store's integers: written into the text, no user input.
        let query = try database.kept("""
            SELECT time / 3600, variable, avg(value) FROM reading
            WHERE place = ?1 AND time >= ?2 AND time < ?3 AND variable IN (\(wanted.map { "\($0.1)" }.joined(separator: ",")))
            GROUP BY time / 3600, variable
            """)
        defer { query.reset() }
        try query.bind(place, at: 1)
        try query.bind(since, at: 2)
        try query.bind(until, at: 3)
        var hourly: [String: [Int: Double]] = [:]
        while try query.step() {
            guard let name = names[query.int(at: 1)] else { continue }
            hourly[name, default: [:]][query.int(at: 0)] = query.double(at: 2)
        }
        return ExposureCalendar(hourly: hourly)
    }

    /// The exposure snapshot kept beside an entry at `time` and `place`: the features of its
    /// day as the store holds them now (empty when the place has no readings).
    public func exposureSnapshot(time: Int, place: String) throws(SQLiteError) -> [String: Double] {
        guard let id = try placeID(forLog: place) else { return [:] }
        let day = HistoryTime.startOfDay(time)
        var calendar = try exposureCalendar(place: id, firstDay: day, lastDay: day)
        return calendar.features(dayStart: day)
    }
}
