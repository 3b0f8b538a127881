import BreatherLocale
import BreatherModel

/// One forecast hour's index under the chosen standard.
public struct ForecastHour: Sendable, Hashable {
    /// The start of the hour.
    public var time: Timestamp
    /// The index that hour, computed with the standard's own averaging over the past hours
    /// followed by the forecast ones up to it.
    public var index: AirQualityIndex

    /// The index `index` for the hour starting at `time`.
    public init(time: Timestamp, index: AirQualityIndex) {
        self.time = time
        self.index = index
    }
}

extension Format {
    /// How far ahead the outlook looks.
    public static let forecastWindowSeconds = 24 * 3600

    /// The index for each forecast hour from the current hour of `now` to 24 h later, soonest
    /// first. Each hour is indexed as if it were the current one: the forecasting model's own
    /// past hours, then its forecast up to that hour, so 24-h and 8-h means and the NowCasts
    /// roll forward as they will (`Pollution.forecastSeries`: with a sensor first, the model's
    /// own past, never the sensor's blended in).
    /// Empty without a forecast or without past concentrations to average with.
    /// `windowSeconds` reaches further for the day-ahead outlook.
    public static func forecast(_ pollution: Pollution?, standard: AQIStandard, now: Timestamp,
                                windowSeconds: Int = forecastWindowSeconds) -> [ForecastHour] {
        guard let pollution, pollution.hourly != nil || pollution.forecast?.past != nil, let ahead = pollution.forecast else { return [] }
        var hours: [ForecastHour] = []
        for offset in 0..<ahead.hours {
            let time = ahead.time(ofHour: offset)
            // An hour already over (old data) or beyond the window is not "the next 24 h".
            guard time.timeIntervalSince(now) > -3600 else { continue }
            guard time.timeIntervalSince(now) <= Double(windowSeconds) else { break }
            guard let series = pollution.forecastSeries(through: offset) else { break }
            if let index = try? standard.index(from: standard.readings(from: series)) {
                hours.append(ForecastHour(time: time, index: index))
            }
        }
        return hours
    }

    /// The worst forecast hour (the earliest of equals) in local time: "US AQI 152 Unhealthy at
    /// 18:00, PM2.5" ("at 18:00 UTC" when the zone is UTC); "" without a forecast. `model` names
    /// the forecast's source when the values now came from another one (a sensor): "…, PM2.5,
    /// open-meteo forecast", so the model's hours are not read as the sensor's.
    public static func forecastSummary(_ hours: [ForecastHour], standard: AQIStandard, localTime: LocalTime = .utc,
                                       model: String? = nil) -> String {
        guard var worst = hours.first else { return "" }
        for hour in hours.dropFirst() where hour.index.value > worst.index.value { worst = hour }
        let index = worst.index
        let main = index.mainPollutants.map(\.displayName).joined(separator: ", ")
        return "\(indexName(standard)) \(standard.displayValue(index.value)) \(categoryName(index.category, standard)) \(tr("at")) \(localTime.clock(worst.time))"
            + (main.isEmpty ? "" : ", \(main)") + (model.map { ", \($0) forecast" } ?? "")
    }

    /// "high from 18:00" (local time; "18:00 UTC" when the zone is UTC) for the worst asthma risk
    /// ahead; "" without an outlook or when its hour is over (old data).
    public static func asthmaOutlook(_ outlook: AsthmaOutlook?, now: Timestamp, localTime: LocalTime = .utc) -> String {
        guard let outlook, outlook.at.timeIntervalSince(now) > -3600 else { return "" }
        return tr("%s from %s").filled(riskName(outlook.risk), localTime.clock(outlook.at))
    }
}
