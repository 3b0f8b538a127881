import BreatherLocale
import BreatherModel

extension Format {
    /// The 28 WMO 4677 weather codes Open-Meteo sends in `weather_code`, each with its own
    /// English description, in Open-Meteo's words (its docs' "WMO Weather interpretation codes"
    /// table: "Drizzle: Light, moderate, and dense intensity" is three codes). The catalogs
    /// translate them under the context `wmo`.
    public static let wmoDescriptions: [(code: Int, text: String)] = [
        (0, "Clear sky"), (1, "Mainly clear"), (2, "Partly cloudy"), (3, "Overcast"),
        (45, "Fog"), (48, "Depositing rime fog"),
        (51, "Light drizzle"), (53, "Moderate drizzle"), (55, "Dense drizzle"),
        (56, "Light freezing drizzle"), (57, "Dense freezing drizzle"),
        (61, "Slight rain"), (63, "Moderate rain"), (65, "Heavy rain"),
        (66, "Light freezing rain"), (67, "Heavy freezing rain"),
        (71, "Slight snowfall"), (73, "Moderate snowfall"), (75, "Heavy snowfall"), (77, "Snow grains"),
        (80, "Slight rain showers"), (81, "Moderate rain showers"), (82, "Violent rain showers"),
        (85, "Slight snow showers"), (86, "Heavy snow showers"),
        (95, "Slight or moderate thunderstorm"), (96, "Thunderstorm with slight hail"), (99, "Thunderstorm with heavy hail"),
    ]

    /// The English description of one of the 28 codes; nil for any other code.
    static func wmoDescription(_ code: Int) -> String? {
        wmoDescriptions.first { $0.code == code }?.text
    }

    /// The condition in full, for the tooltip and the dashboard's details: a WMO code's own
    /// description ("Light freezing drizzle", "Bruine verglaçante faible"); an AirVisual icon
    /// code or a WMO code outside the 28, the group word `conditionName` gives ("Rain").
    /// The bar's text keeps the short group word (or only the glyph, in the compact text).
    public static func conditionDescription(_ condition: WeatherCondition?) -> String {
        if case .wmo(let code) = condition, let text = wmoDescription(code) { return tr(text, context: "wmo") }
        return conditionName(condition)
    }
}
