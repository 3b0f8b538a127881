import BreatherModel

/// A day of one place and air source, summarised for `breather history --daily`: the day's
/// highest and mean hourly index, the hours spent in each category, the pollutant that set the
/// index most often, and the day's highest pollen count. A day over a year old is told from its
/// daily summary instead (`isSummary`, `days(summarising:standard:)`).
public struct HistoryDay: Sendable, Equatable {
    /// The local calendar day, `2026-10-03` (a UTC day when `isSummary`).
    public var date: String
    /// The place.
    public var place: HistoryPlace
    /// The air source.
    public var source: String
    /// The highest hourly index (when `isSummary`: the index of each pollutant's highest hourly mean).
    public var maxIndex: Int
    /// The mean of the hourly indices, rounded (when `isSummary`: the index of the day's mean concentrations).
    public var meanIndex: Int
    /// Hours in each category, by category id (empty when `isSummary`: the hours are gone).
    public var hoursByCategory: [String: Int]
    /// The pollutant that set the index in the most hours (the worst hour's on a tie); nil when none did.
    public var mainPollutant: Pollutant?
    /// The highest pollen count of the day and its type; nil when none was recorded, or every
    /// count was zero (no species is named for a count of 0).
    public var maxPollen: (type: PollenType, count: Double)?
    /// True for a day older than the hourly tier (a year), told from its daily summary
    /// (`days(summarising:standard:)`): a UTC day, with no hours by category.
    public var isSummary = false

    public static func == (lhs: HistoryDay, rhs: HistoryDay) -> Bool {
        lhs.date == rhs.date && lhs.place == rhs.place && lhs.source == rhs.source && lhs.maxIndex == rhs.maxIndex
            && lhs.meanIndex == rhs.meanIndex && lhs.hoursByCategory == rhs.hoursByCategory && lhs.mainPollutant == rhs.mainPollutant
            && lhs.maxPollen?.type == rhs.maxPollen?.type && lhs.maxPollen?.count == rhs.maxPollen?.count && lhs.isSummary == rhs.isSummary
    }

    /// The days the store keeps only as daily summaries (`HistoryStore.dailySummaries`), one per
    /// place, source and UTC day with an index under `standard`. Their hours are gone, so the
    /// mean index is the index of the day's mean concentrations (24-hour means, what a daily
    /// index reports) and the highest is the index of each pollutant's highest hourly mean held
    /// for the day: never below the worst hour's index. A provider's own index for `standard`,
    /// when it gave one, is used as it is (its mean and highest). No hours by category.
    public static func days(summarising summaries: [DailySummary], standard: AQIStandard) -> [HistoryDay] {
        struct Key: Hashable { var place: HistoryPlace; var source: String; var day: Int }
        var order: [Key] = []
        var variables: [Key: [String: DailySummary]] = [:]
        for summary in summaries {
            let key = Key(place: summary.place, source: summary.source, day: summary.day)
            if variables[key] == nil { order.append(key) }
            variables[key, default: [:]][summary.variable] = summary
        }
        return order.compactMap { key in
            let day = variables[key]!
            func index(_ value: (DailySummary) -> Double) -> AirQualityIndex? {
                let reported = day[HistoryVariable.reportedName(standard)].map {
                    [ReportedIndex(standard: standard, value: Int(value($0).rounded()), mainPollutant: nil, field: "")]
                } ?? []
                var series: [Pollutant: [Double?]] = [:]
                for pollutant in Pollutant.allCases {
                    if let summary = day[pollutant.rawValue] { series[pollutant] = Array(repeating: value(summary), count: 24) }
                }
                guard !series.isEmpty || !reported.isEmpty else { return nil }
                return try? Pollution(source: key.source, hourly: series.isEmpty ? nil : HourlySeries(series), reported: reported).report(for: standard).index
            }
            guard let mean = index(\.mean), let highest = index(\.max) else { return nil }
            let pollen = PollenType.allCases.compactMap { type in day[HistoryVariable.pollenName(type)].map { (type: type, count: $0.max) } }
                .filter { $0.count > 0 }
            return HistoryDay(date: CalendarDay.utcDate(ofDay: key.day / 86_400), place: key.place, source: key.source,
                              maxIndex: highest.value, meanIndex: mean.value, hoursByCategory: [:],
                              mainPollutant: highest.mainPollutants.first, maxPollen: pollen.max { $0.count < $1.count }, isSummary: true)
        }
    }

    /// The summarised days and the days with hours as one list: each place's days together,
    /// places in the order they first appear, its summarised days first. West of UTC the hourly
    /// tier starts in the evening of the last summarised UTC day's date: those few hours join
    /// that day (the higher index of the two and its main pollutant) rather than make a second
    /// row of the same date.
    public static func combining(summarised: [HistoryDay], withHours: [HistoryDay]) -> [HistoryDay] {
        struct Key: Hashable { var place: HistoryPlace; var source: String; var date: String }
        var positions: [Key: Int] = [:]
        var days: [HistoryDay] = []
        for day in summarised + withHours {
            let key = Key(place: day.place, source: day.source, date: day.date)
            guard let position = positions[key] else {
                positions[key] = days.count
                days.append(day)
                continue
            }
            if day.maxIndex > days[position].maxIndex {
                days[position].maxIndex = day.maxIndex
                days[position].mainPollutant = day.mainPollutant
            }
        }
        var places: [HistoryPlace] = []
        var byPlace: [HistoryPlace: [HistoryDay]] = [:]
        for day in days {
            if byPlace[day.place] == nil { places.append(day.place) }
            byPlace[day.place, default: []].append(day)
        }
        return places.flatMap { byPlace[$0]! }
    }
}

/// Folds rows (in `HistoryRows` order) into days. An hour counts once, at its highest index.
public struct HistoryDays {
    private struct Key: Hashable { var place: HistoryPlace; var source: String; var day: Int }
    private struct Hour { var index: AirQualityIndex }
    private var hours: [Key: [Int: AirQualityIndex]] = [:]
    private var pollen: [Key: (PollenType, Double)] = [:]
    private var order: [Key] = []

    /// An empty fold.
    public init() {}

    /// Adds a row.
    public mutating func add(_ row: HistoryRow) {
        let key = Key(place: row.place, source: row.source, day: HistoryTime.startOfDay(row.time))
        if hours[key] == nil, pollen[key] == nil { order.append(key) }
        if let index = row.index {
            let hour = row.time / 3600
            var day = hours[key] ?? [:]
            if (day[hour]?.value ?? Int.min) < index.value { day[hour] = index }
            hours[key] = day
        }
        for (type, position) in HistoryVariable.pollenPositions {
            // A zero count names no species: "alder 0" is no top species.
            if let count = row.values[position], count > (pollen[key]?.1 ?? 0) { pollen[key] = (type, count) }
        }
    }

    /// The days with an index, in the order they were first seen.
    public func days() -> [HistoryDay] {
        order.compactMap { key in
            guard let byHour = hours[key], !byHour.isEmpty else { return nil }
            let indices = byHour.sorted { $0.key < $1.key }.map(\.value)
            var categories: [String: Int] = [:]
            var mains: [Pollutant: Int] = [:]
            for index in indices {
                categories[index.category.id, default: 0] += 1
                for pollutant in index.mainPollutants { mains[pollutant, default: 0] += 1 }
            }
            let worst = indices.max { $0.value < $1.value }!
            let main = mains.max { a, b in
                a.value != b.value ? a.value < b.value : !worst.mainPollutants.contains(a.key) && worst.mainPollutants.contains(b.key)
            }?.key
            let mean = Double(indices.map(\.value).reduce(0, +)) / Double(indices.count)
            return HistoryDay(date: HistoryTime.day(key.day), place: key.place, source: key.source, maxIndex: worst.value,
                              meanIndex: Int(mean.rounded()), hoursByCategory: categories, mainPollutant: main,
                              maxPollen: pollen[key].map { (type: $0.0, count: $0.1) })
        }
    }
}

/// `--daily` as CSV and json, with one `hours_<category>` column per category of the standard.
public enum HistoryDailyFormat {
    /// The CSV header for `standard`.
    public static func csvHeader(_ standard: AQIStandard) -> String {
        (["date", "place", "latitude", "longitude", "source", "standard", "aqi_max", "aqi_mean", "main_pollutant"]
            + standard.categories.map { "hours_\($0.id)" } + ["pollen_max", "pollen_type"]).joined(separator: ",") + "\r\n"
    }

    /// One day as a CSV line.
    public static func csvLine(_ day: HistoryDay, _ standard: AQIStandard) -> String {
        ([day.date, HistoryCSV.quoted(day.place.name), HistoryCSV.number(day.place.latitude), HistoryCSV.number(day.place.longitude),
          HistoryCSV.quoted(day.source), standard.rawValue, "\(day.maxIndex)", "\(day.meanIndex)", day.mainPollutant?.rawValue ?? ""]
            + standard.categories.map { day.isSummary ? "" : "\(day.hoursByCategory[$0.id] ?? 0)" }
            + [day.maxPollen.map { HistoryCSV.number($0.count) } ?? "", day.maxPollen?.type.rawValue ?? ""]).joined(separator: ",") + "\r\n"
    }

    /// All days as one json document.
    public static func json(_ days: [HistoryDay], _ standard: AQIStandard) -> String {
        var text = "{\"standard\":\"\(standard.rawValue)\",\"days\":["
        for (offset, day) in days.enumerated() {
            text += (offset == 0 ? "\n{" : ",\n{") + "\"date\":\"\(day.date)\",\"place\":\(HistoryJSON.string(day.place.name)),"
            text += "\"latitude\":\(HistoryCSV.number(day.place.latitude)),\"longitude\":\(HistoryCSV.number(day.place.longitude)),"
            text += "\"source\":\(HistoryJSON.string(day.source)),\"aqi_max\":\(day.maxIndex),\"aqi_mean\":\(day.meanIndex)"
            if let main = day.mainPollutant { text += ",\"main_pollutant\":\"\(main.rawValue)\"" }
            if day.isSummary {
                text += ",\"summary\":true"
            } else {
                text += ",\"hours\":{" + standard.categories.map { "\"\($0.id)\":\(day.hoursByCategory[$0.id] ?? 0)" }.joined(separator: ",") + "}"
            }
            if let pollen = day.maxPollen { text += ",\"pollen_max\":\(HistoryCSV.number(pollen.count)),\"pollen_type\":\"\(pollen.type.rawValue)\"" }
            text += "}"
        }
        return text + "]}\n"
    }
}
