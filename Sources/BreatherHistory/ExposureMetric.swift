#if canImport(Glibc)
import Glibc
#endif
import BreatherModel

/// One daily exposure worked out from the store's hourly values, and the delays (days before
/// the logged day) at which it is compared with how a person breathed. The windows follow the
/// clinical literature (docs/LOG.md cites it): PM2.5 on the day and the day before, ozone's
/// 8-h maximum over days 0–2, NO2 on the day, pollen over days 0–3.
public struct ExposureMetric: Sendable, Hashable {
    /// How a day's hourly values become one number.
    enum Kind: Sendable, Hashable { case mean, max1h, max8h, dewPointMean }

    /// The id in json, CSV and the snapshot: `o3_8h_max`.
    public let id: String
    /// Words for people: "ozone, highest 8-h mean".
    public let label: String
    /// The unit of the value.
    public let unit: String
    /// The store variable it is worked out from (`o3`, `pollen_grass`).
    public let variable: String
    let kind: Kind
    /// The delays compared, in days before the logged day.
    public let lags: ClosedRange<Int>

    /// Every metric, in the order reports list them.
    public static let all: [ExposureMetric] = [
        ExposureMetric(id: "pm2_5_24h_mean", label: "PM2.5, 24-h mean", unit: "µg/m³", variable: "pm2_5", kind: .mean, lags: 0...1),
        ExposureMetric(id: "o3_8h_max", label: "ozone, highest 8-h mean", unit: "µg/m³", variable: "o3", kind: .max8h, lags: 0...2),
        ExposureMetric(id: "no2_1h_max", label: "NO2, highest hour", unit: "µg/m³", variable: "no2", kind: .max1h, lags: 0...0),
    ] + PollenType.allCases.map {
        ExposureMetric(id: "pollen_\($0.rawValue)_max", label: "\($0.rawValue) pollen, highest hour", unit: "grains/m³",
                       variable: HistoryVariable.pollenName($0), kind: .max1h, lags: 0...3)
    } + [
        ExposureMetric(id: "temperature_mean", label: "temperature, daily mean", unit: "°C", variable: "temperature_c", kind: .mean, lags: 0...0),
        ExposureMetric(id: "dew_point_mean", label: "dew point, daily mean", unit: "°C", variable: "humidity", kind: .dewPointMean, lags: 0...0),
        ExposureMetric(id: "indoor_pm2_5_24h_mean", label: "indoor PM2.5, 24-h mean", unit: "µg/m³", variable: "indoor_pm2_5", kind: .mean, lags: 0...0),
        ExposureMetric(id: "indoor_co2_max", label: "indoor CO2, highest hour", unit: "ppm", variable: "indoor_co2_ppm", kind: .max1h, lags: 0...0),
    ]

    /// The store variables the metrics read.
    static let variables: [String] = Array(Set(all.map(\.variable) + ["temperature_c"])).sorted()

    /// A day's value from its hours (`hours[i]` the mean of the day's i-th hour, nil for none;
    /// `temperature` the same hours' temperatures for the dew point). A day with under 75 % of
    /// its hours (or of its 8-h windows, each needing 6 of 8 hours) is missing: nil, never 0.
    func value(hours: [Double?], temperature: [Double?]) -> Double? {
        let needed = (hours.count * 3 + 3) / 4
        switch kind {
        case .mean, .max1h:
            let present = hours.compactMap { $0 }
            guard present.count >= needed else { return nil }
            return kind == .mean ? present.reduce(0, +) / Double(present.count) : present.max()
        case .max8h:
            guard hours.count >= 8 else { return nil }
            var means: [Double] = []
            for start in 0...(hours.count - 8) {
                let window = hours[start..<start + 8].compactMap { $0 }
                if window.count >= 6 { means.append(window.reduce(0, +) / Double(window.count)) }
            }
            return means.count * 4 >= (hours.count - 7) * 3 ? means.max() : nil
        case .dewPointMean:
            let points = zip(hours, temperature).compactMap { humidity, temperature in
                humidity.flatMap { h in temperature.flatMap { Self.dewPoint(temperatureC: $0, humidity: h) } }
            }
            guard points.count >= needed else { return nil }
            return points.reduce(0, +) / Double(points.count)
        }
    }

    /// The dew point (°C) by the Magnus formula (Sonntag's constants); nil for no humidity.
    static func dewPoint(temperatureC t: Double, humidity: Double) -> Double? {
        guard humidity > 0, humidity <= 100 else { return nil }
        let gamma = log(humidity / 100) + 17.62 * t / (243.12 + t)
        return 243.12 * gamma / (17.62 - gamma)
    }
}

/// A metric at one delay: `o3_8h_max@1` is ozone's 8-h maximum on the day before.
public struct ExposureFeature: Sendable, Hashable, Comparable {
    /// The metric.
    public let metric: ExposureMetric
    /// Days before the logged day.
    public let lag: Int

    /// `o3_8h_max@1`.
    public var id: String { "\(metric.id)@\(lag)" }

    /// "the same day", "1 day before", "2 days before".
    public var delay: String { lag == 0 ? "same day" : lag == 1 ? "1 day before" : "\(lag) days before" }

    /// Every metric at each of its delays, in report order.
    public static let all: [ExposureFeature] = ExposureMetric.all.flatMap { metric in metric.lags.map { ExposureFeature(metric: metric, lag: $0) } }

    public static func < (a: ExposureFeature, b: ExposureFeature) -> Bool {
        let order = { (f: ExposureFeature) in ExposureMetric.all.firstIndex(of: f.metric) ?? 0 }
        return (order(a), a.lag) < (order(b), b.lag)
    }
}
