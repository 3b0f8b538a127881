import BreatherModel

/// One bar of a dashboard chart: an hour's index or a day's worst hour, with its category.
public struct ChartBar: Sendable, Equatable {
    /// The start of the hour or local day.
    public var time: Timestamp
    /// The axis label: "14:00" for an hour, "11-27" for a day.
    public var label: String
    /// The index, nil for a stretch with no reading (drawn as a gap).
    public var value: Int?
    /// The index as the standard prints it ("57", AQHI "10+"); "" without a value.
    public var text: String
    /// The value's category; nil without a value.
    public var category: AQICategory?

    /// A bar at `time` labelled `label`, `value` under `standard`.
    public init(time: Timestamp, label: String, value: Int?, standard: AQIStandard) {
        self.time = time
        self.label = label
        self.value = value
        text = value.map { standard.displayValue($0) } ?? ""
        category = value.map { standard.category(forIndex: $0) }
    }
}

/// A moment to mark on the dashboard's charts (a logged bad day, a reliever puff), with its
/// words. The breathing log's (`LogMarkers`), only when the user asks for them
/// (`[log] dashboard = true`).
public struct DashboardMarker: Sendable, Equatable {
    /// When it happened.
    public var time: Timestamp
    /// What it was, "reliever ×2".
    public var text: String

    /// A marker at `time` saying `text`.
    public init(time: Timestamp, text: String) {
        self.time = time
        self.text = text
    }
}

/// The past the dashboard draws, from the history store's hourly indices: the last 48 hours
/// and the last 30 local days (each day's highest hour). Plain values, worked out here so the
/// renderers only draw.
public struct DashboardHistory: Sendable, Equatable {
    /// The last `hourCount` hours, oldest first, the current hour last.
    public var hours: [ChartBar]
    /// The last `dayCount` local days, oldest first, today last; a day without a reading has no value.
    public var days: [ChartBar]

    /// Hours in the hourly chart.
    public static let hourCount = 48
    /// Days in the daily chart.
    public static let dayCount = 30
    /// Hours of the store a dashboard reads: enough for `dayCount` whole local days.
    public static let hoursRead = (dayCount + 1) * 24

    /// No history (recording off, or nothing recorded at this place yet).
    public static let none = DashboardHistory(hours: [], days: [])

    /// The charts' bars.
    public init(hours: [ChartBar], days: [ChartBar]) {
        self.hours = hours
        self.days = days
    }

    /// The bars of `history` (an index an hour, its last hour the current one)
    /// under `standard`, days and hours in `localTime`; `none` without history or without a
    /// single reading in it.
    public static func build(_ history: IndexHistory?, standard: AQIStandard, localTime: LocalTime) -> DashboardHistory {
        guard let history, history.hourly.contains(where: { $0 != nil }) else { return .none }
        let time = { (hour: Int) in history.start.addingTimeInterval(Double(hour * 3600)) }
        let hours = history.hourly.indices.suffix(hourCount).map { hour in
            ChartBar(time: time(hour), label: Self.bareClock(time(hour), localTime), value: history.hourly[hour], standard: standard)
        }
        let last = time(history.hourly.count - 1)
        let today = localTime.day(last)
        var highest: [Int: Int] = [:]
        for (hour, value) in history.hourly.enumerated() {
            guard let value else { continue }
            let day = localTime.day(time(hour))
            highest[day] = max(highest[day] ?? Int.min, value)
        }
        let days = (0..<dayCount).reversed().map { back in
            let start = localTime.startOfDay(last, adding: -back)
            return ChartBar(time: start, label: String(Outlook.date(start, localTime).dropFirst(5)),
                            value: highest[today - back], standard: standard)
        }
        return DashboardHistory(hours: hours, days: days)
    }

    /// "14:00" without the zone's label: an axis names its zone once.
    static func bareClock(_ date: Timestamp, _ localTime: LocalTime) -> String {
        let clock = localTime.clock(date)
        return localTime.label.isEmpty ? clock : String(clock.dropLast(localTime.label.count + 1))
    }
}

extension Output {
    /// The coming hours' index as chart bars, labelled in local time ("14:00"); empty without a forecast.
    public var forecastBars: [ChartBar] {
        zip(forecast, data.forecast).map { hour, value in
            ChartBar(time: hour.time, label: String(value.time.dropFirst(11).prefix(5)), value: hour.index.value, standard: standard)
        }
    }
}
