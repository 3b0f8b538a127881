import BreatherModel

/// Measurement systems for display. Raw values are the `--units` spellings.
public enum Units: String, CaseIterable, Sendable {
    case metric, imperial
}

/// Pure formatting functions: every string the view model outputs is made here.
public enum Format {
    /// Shown for a part that could not be fetched.
    public static let unavailable = "unavailable"
    /// Colour for "no index" (grey, readable on dark and light bars).
    public static let neutralColor = "#999999"

    /// The location's name, else its coordinates to two decimals: "40.68, -73.94".
    public static func city(_ location: Location) -> String {
        if let name = location.name, !name.isEmpty { return name }
        return "\(fixed(location.latitude, 2)), \(fixed(location.longitude, 2))"
    }

    /// Whole degrees, "12°C" or "54°F"; "unavailable" for nil.
    public static func temperature(_ celsius: Double?, _ units: Units) -> String {
        guard let celsius else { return unavailable }
        switch units {
        case .metric: return "\(whole(celsius))°C"
        case .imperial: return "\(whole(celsius * 9 / 5 + 32))°F"
        }
    }

    /// A 0…100 value as whole percent, "65%"; "unavailable" for nil.
    public static func percent(_ value: Double?) -> String {
        value.map { "\(whole($0))%" } ?? unavailable
    }

    /// A 0…1 probability as whole percent, "63%"; "" for nil (not every source gives one).
    public static func probability(_ value: Double?) -> String {
        value.map { "\(whole($0 * 100))%" } ?? ""
    }

    /// "1013 hPa" or "29.91 inHg"; "unavailable" for nil.
    public static func pressure(_ hPa: Double?, _ units: Units) -> String {
        guard let hPa else { return unavailable }
        switch units {
        case .metric: return "\(whole(hPa)) hPa"
        case .imperial: return "\(fixed(hPa * 0.029_529_983, 2)) inHg"
        }
    }

    /// "3.4 m/s NW" or "8 mph NW" (the direction it blows from, left out when unknown); "unavailable" without a speed.
    public static func wind(_ metresPerSecond: Double?, _ degrees: Double?, _ units: Units) -> String {
        guard let metresPerSecond else { return unavailable }
        let speed = switch units {
        case .metric: "\(fixed(metresPerSecond, 1)) m/s"
        case .imperial: "\(whole(metresPerSecond * 2.236_936)) mph"
        }
        return degrees.map { "\(speed) \(compass($0))" } ?? speed
    }

    /// The 8-point compass direction the wind blows from.
    public static func compass(_ degrees: Double) -> String {
        let points = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
        let normalized = (degrees.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return points[Int((normalized / 45).rounded()) % 8]
    }

    /// "45 s", "12 min", "3 h", "2 d".
    public static func age(_ seconds: Int) -> String {
        switch seconds {
        case ..<60: "\(seconds) s"
        case ..<3600: "\(seconds / 60) min"
        case ..<86_400: "\(seconds / 3600) h"
        default: "\(seconds / 86_400) d"
        }
    }

    /// A temperature scale from cold blue to hot red (Breather's own, applied to °C).
    public static func temperatureColor(_ celsius: Double?) -> String {
        guard let celsius else { return neutralColor }
        switch celsius {
        case ..<0: return "#6FA8DC"
        case ..<10: return "#9FC5E8"
        case ..<20: return "#93C47D"
        case ..<25: return "#FFD966"
        case ..<30: return "#F6B26B"
        default: return "#E06666"
        }
    }

    /// Asthma risk on the same green→red ramp as the US AQI's first four bands.
    public static func asthmaColor(_ risk: AsthmaRisk?) -> String {
        switch risk {
        case .low: "#00E400"
        case .medium: "#FFFF00"
        case .high: "#FF7E00"
        case .veryHigh: "#FF0000"
        case nil: neutralColor
        }
    }

    /// One line naming every failure of the latest refresh: "open-meteo air: HTTP 503; propeller asthma: timed out".
    public static func errorLine(_ failures: [ProviderFailure], airError: String?) -> String? {
        var parts = failures.map { "\($0.provider) \($0.part.rawValue): \($0.message)" }
        if let airError { parts.append(airError) }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// Why no index could be had, in the words of the `error` line, e.g. "no data this source can index under eu".
    public static func describe(_ error: AQIError) -> String {
        switch error {
        case .noUsablePollutants(let standard): "no data this source can index under \(standard.rawValue)"
        case .unsupportedUnit(let p, let unit): "\(p.displayName) in \(unit.rawValue) cannot be indexed"
        case .invalidConcentration(let p, let value): "\(p.displayName) concentration \(value) is invalid"
        case .unsupportedPeriod(let p, let period, let standard): "\(standard.rawValue) has no \(period.rawValue) table for \(p.displayName)"
        }
    }

    static func whole(_ value: Double) -> String {
        let rounded = value.rounded()
        return rounded == 0 ? "0" : "\(Int(rounded))"  // avoid "-0"
    }

    static func fixed(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let sign = value < 0 && scaled != 0 ? "-" : ""
        let whole = scaled / Int(scale)
        let fraction = String(scaled % Int(scale))
        return "\(sign)\(whole).\(String(repeating: "0", count: decimals - fraction.count))\(fraction)"
    }
}
