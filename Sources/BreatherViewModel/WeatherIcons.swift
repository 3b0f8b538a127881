import BreatherLocale
import BreatherModel

/// How the weather condition is drawn. Raw values are the `--icons` / config `icons` spellings.
public enum Icons: String, CaseIterable, Sendable {
    /// Words only ("Overcast").
    case none
    /// A Unicode emoji before the words; works in any UTF-8 bar with an emoji font.
    case emoji
    /// A Nerd Fonts weather glyph (Private Use Area, needs a patched font).
    case nerd
}

/// The handful of condition groups both WMO codes and AirVisual icon codes map onto.
public enum ConditionKind: String, Sendable, CaseIterable {
    case clear, partlyCloudy, cloudy, fog, drizzle, rain, showers, snow, thunderstorm, unknown
}

extension Format {
    /// The group and day/night flag for a provider's condition code.
    public static func conditionKind(_ condition: WeatherCondition) -> (kind: ConditionKind, night: Bool) {
        switch condition {
        case .wmo(let code):
            // WMO 4677 "weather interpretation codes" as Open-Meteo documents them.
            let kind: ConditionKind = switch code {
            case 0, 1: .clear
            case 2: .partlyCloudy
            case 3: .cloudy
            case 45, 48: .fog
            case 51...57: .drizzle
            case 61...67: .rain
            case 71...77, 85, 86: .snow
            case 80...82: .showers
            case 95...99: .thunderstorm
            default: .unknown
            }
            return (kind, false)
        case .icon(let icon):
            // AirVisual/OpenWeatherMap icon codes: two digits, then d (day) or n (night).
            let kind: ConditionKind = switch icon.prefix(2) {
            case "01": .clear
            case "02": .partlyCloudy
            case "03", "04": .cloudy
            case "09": .showers
            case "10": .rain
            case "11": .thunderstorm
            case "13": .snow
            case "50": .fog
            default: .unknown
            }
            return (kind, icon.hasSuffix("n"))
        }
    }

    /// Words for a condition: "Clear", "Partly cloudy", "Rain".
    public static func conditionName(_ condition: WeatherCondition?) -> String {
        guard let condition else { return "" }
        let name = switch conditionKind(condition).kind {
        case .clear: "Clear"
        case .partlyCloudy: "Partly cloudy"
        case .cloudy: "Cloudy"
        case .fog: "Fog"
        case .drizzle: "Drizzle"
        case .rain: "Rain"
        case .showers: "Showers"
        case .snow: "Snow"
        case .thunderstorm: "Thunderstorm"
        case .unknown: "Unknown"
        }
        return tr(name, context: "weather")
    }

    /// The glyph for a condition in the chosen icon set; "" for `none` or no condition.
    public static func conditionIcon(_ condition: WeatherCondition?, _ icons: Icons) -> String {
        guard let condition, icons != .none else { return "" }
        let (kind, night) = conditionKind(condition)
        switch icons {
        case .none: return ""
        case .emoji:
            return switch kind {
            case .clear: night ? "🌙" : "☀️"
            case .partlyCloudy: "⛅"
            case .cloudy: "☁️"
            case .fog: "🌫️"
            case .drizzle, .showers: "🌦️"
            case .rain: "🌧️"
            case .snow: "❄️"
            case .thunderstorm: "⛈️"
            case .unknown: "🌡️"
            }
        case .nerd:
            // Nerd Fonts "weather" set (nf-weather-*), code points U+E300…U+E3E3.
            return switch kind {
            case .clear: night ? "\u{E32B}" : "\u{E30D}"
            case .partlyCloudy: night ? "\u{E37E}" : "\u{E302}"
            case .cloudy: "\u{E312}"
            case .fog: "\u{E313}"
            case .drizzle: "\u{E31B}"
            case .rain: "\u{E318}"
            case .showers: "\u{E319}"
            case .snow: "\u{E31A}"
            case .thunderstorm: "\u{E31D}"
            case .unknown: "\u{E350}"
            }
        }
    }
}
