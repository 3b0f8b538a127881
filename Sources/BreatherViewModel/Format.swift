import BreatherLocale
import BreatherModel

/// Measurement systems for display. Raw values are the `--units` spellings.
public enum Units: String, CaseIterable, Sendable {
    case metric, imperial
}

/// Pure formatting functions: every string the view model outputs is made here.
public enum Format {
    /// Shown for a part that could not be fetched.
    public static var unavailable: String { tr("unavailable") }
    /// Colour for "no index" (grey, readable on dark and light bars).
    public static let neutralColor = "#999999"

    /// The location's name, else its coordinates to two decimals: "40.68, -73.94". The name is
    /// already one line with no control characters (`Location` keeps it so, `Sanitized`).
    public static func city(_ location: Location) -> String {
        if let name = location.name, !name.trimmingWhitespace().isEmpty { return name }
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
        let direction = degrees.map(compass) ?? ""
        return direction.isEmpty ? speed : "\(speed) \(direction)"
    }

    /// The 8-point compass direction the wind blows from; "" for a non-finite angle.
    public static func compass(_ degrees: Double) -> String {
        guard degrees.isFinite else { return "" }
        let points = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
        let normalized = (degrees.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return points[Int((normalized / 45).rounded()) % 8]
    }

    /// Whole seconds of an age, 0 for a negative or non-finite one (a cache from the future or
    /// a corrupt one must not trap), at most a century.
    public static func seconds(_ interval: Double) -> Int {
        guard interval.isFinite, interval > 0 else { return 0 }
        return Int(min(interval, 100 * 365.25 * 86_400))
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

    /// Each failure of the latest refresh, one text each: "open-meteo air: HTTP 503",
    /// "propeller asthma: timed out"; then why the air cannot be indexed (`airError`).
    public static func errorTexts(_ failures: [ProviderFailure], airError: String?) -> [String] {
        failures.map { "\($0.provider) \($0.part.rawValue): \(withoutURLs($0.message))" } + [airError].compactMap { $0 }
    }

    /// `text` without URLs: a "(…)" holding "://" and any word holding it are dropped. Provider
    /// failures carry none (`HTTPError.reason`); this keeps one from an older cache or a
    /// provider's own error text out of every output (the debug log has the request's URL).
    public static func withoutURLs(_ text: String) -> String {
        guard text.containsText("://") else { return text }
        var result = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "(") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: ")") else {
                if !rest[open...].containsText("://") { result += rest[open...] }
                rest = rest[rest.endIndex...]
                break
            }
            if !rest[open...close].containsText("://") { result += rest[open...close] }
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result.split(separator: " ").filter { !$0.containsText("://") }.joined(separator: " ")
    }

    /// Why the air data cannot be shown under the chosen standard: the model's own data-only
    /// description, except that "nothing indexable" is said of the source (the display error
    /// after a standard switch the cached source cannot serve).
    public static func describe(_ error: AQIError) -> String {
        switch error {
        case .noUsablePollutants(let standard) where !standard.sumsTerms && standard != .india:
            "no data this source can index under \(standard.rawValue)"
        default:
            error.description
        }
    }

    /// The nearest whole number: "12", "-4", never "-0". Total: a value no `Int` can hold
    /// (1e300, infinities, NaN — which providers are refused for, but a cache may still carry)
    /// is spelled as Swift spells the `Double` instead of trapping.
    static func whole(_ value: Double) -> String {
        let rounded = value.rounded()
        if rounded == 0 { return "0" }  // avoid "-0"
        guard let integer = Int(exactly: rounded) else { return "\(rounded)" }
        return "\(integer)"
    }

    /// `value` with exactly `decimals` digits after the point ("7.20", "-0.5"). Total like `whole`.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<max(0, decimals) { scale *= 10 }
        guard let scaled = Int(exactly: (abs(value) * scale).rounded()), let divisor = Int(exactly: scale) else {
            return "\(value)"
        }
        let sign = value < 0 && scaled != 0 ? "-" : ""
        let whole = scaled / divisor
        guard decimals > 0 else { return "\(sign)\(whole)" }
        let fraction = String(scaled % divisor)
        return L10n.number("\(sign)\(whole).\(String(repeating: "0", count: decimals - fraction.count))\(fraction)")
    }
}
