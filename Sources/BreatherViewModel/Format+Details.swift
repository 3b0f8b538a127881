import BreatherLocale
import BreatherModel

/// The multi-line details (the waybar tooltip; its first line heads the full text, and `watch`
/// compares them to tell a change): pure functions of the model.
extension Format {
    /// "PM2.5 57 (12.3 µg/m³, NowCast)" for one pollutant's sub-index; "NO2 +1.69 (20.0 ppb, 3h)"
    /// for a pollutant's term of a summed index (AQHI), which has no sub-index to show;
    /// "PM2.5 62 (14.8 µg/m³, 1h, purpleair)" with the `source` of its values named.
    public static func subIndex(_ sub: SubIndex, _ standard: AQIStandard, source: String? = nil) -> String {
        let unit = sub.unit == .microgramsPerCubicMetre ? "µg/m³" : sub.unit == .milligramsPerCubicMetre ? "mg/m³" : sub.unit.rawValue
        let period = sub.period == .nowcast ? "NowCast" : sub.period.rawValue
        let value = sub.contribution.map { "+" + fixed($0, 2) } ?? standard.displayValue(sub.index)
        let from = source.map { ", \($0)" } ?? ""
        return "\(sub.pollutant.displayName) \(value) (\(concentration(sub.concentration)) \(unit), \(period)\(from))"
    }

    /// The sub-index lines of `index`. Each names the source of its values when they come from
    /// more than one (a sensor's particles, the model's gases) or from a fallback, which a line
    /// then says: "purpleair failed; open-meteo stands in".
    static func subIndexLines(_ index: AirQualityIndex, _ standard: AQIStandard, conditions: CityConditions) -> [String] {
        guard let pollution = conditions.pollution else { return index.subIndices.map { "  " + subIndex($0, standard) } }
        let failed = conditions.airFallbackFrom
        let sources = Set(index.subIndices.map { pollution.source(of: $0.pollutant) })
        let named = sources.count > 1 || !failed.isEmpty
        let lines = index.subIndices.map { "  " + subIndex($0, standard, source: named ? pollution.source(of: $0.pollutant) : nil) }
        guard !failed.isEmpty else { return lines }
        let failedNames = failed.joined(separator: ", ")
        return lines + ["  " + tr("%s failed; %s stands in", context: "note").filled(failedNames, pollution.source)]
    }

    /// A concentration with enough digits to mean something: one decimal from 1 up ("12.3"),
    /// three below it, where ppm values live (O3 "0.045 ppm", never "0.0 ppm"), four below 0.01.
    public static func concentration(_ value: Double) -> String {
        let size = abs(value)
        return size >= 1 || value == 0 ? fixed(value, 1) : size >= 0.01 ? fixed(value, 3) : fixed(value, 4)
    }

    /// "2026-11-18 11:06 UTC" (or local time with `localTime`) — bars show it next to the age, so minutes are enough.
    public static func updated(_ date: Timestamp, _ localTime: LocalTime = .utc) -> String {
        localTime.dateTime(date)
    }

    /// The credit each data source asks for (Open-Meteo: CC BY 4.0; its air data is CAMS).
    public static func attribution(_ source: String) -> String {
        let provider = source.split(separator: ":").first.map(String.init) ?? source
        return switch provider {
        case "open-meteo": "Open-Meteo.com (CC BY 4.0)"
        case "airvisual": "IQAir AirVisual"
        case "propeller": "Propeller Health"
        case "waqi": "World Air Quality Index Project (waqi.info)"
        case "openweathermap": "OpenWeather"
        case "estimate": tr("Breather estimate")
        default: provider
        }
    }

    /// The index named in full, with its value and category: "Brooklyn: US EPA (2024) 57 Moderate";
    /// a provider's own number as "Lisbon: US AQI 137 Unhealthy for Sensitive Groups, as reported by IQAir".
    public static func headline(city: String, report: AirQualityReport, standard: AQIStandard) -> String {
        let index = report.index
        let value = "\(standard.displayValue(index.value)) \(categoryName(index.category, standard))"
        guard !report.computed else { return "\(city): \(standard.displayName) \(value)" }
        let title = indexTitle(standard, report)
        let reporter = title.dropFirst(indexName(standard).count + 1)
        return "\(city): \(indexName(standard)) \(value), \(reporter)"
    }

    /// Tooltip lines: headline, one line per pollutant, the worst forecast hour ("Next 24 h: …",
    /// when `forecast` is not empty), weather, asthma (and its outlook), the `dayAhead` lines
    /// (pollen, UV, warnings ahead), time, sources, then an "Error:" line for each of `errors`
    /// (one a failure, so one long message cannot hide the others), `retry` after the one at
    /// `retryIndex` (the failure whose Retry-After holds; the last when nil).
    public static func details(conditions: CityConditions?, report: AirQualityReport?, standard: AQIStandard,
                               units: Units, icons: Icons, ageSeconds: Int?, stale: Bool, errors: [String],
                               forecast: String = "", asthmaOutlook: String = "", localTime: LocalTime = .utc,
                               retry: String = "", retryIndex: Int? = nil, dayAhead: [String] = []) -> [String] {
        guard let conditions else {
            return ["Breather: " + tr("no data yet")] + errorLines(errors, retry: retry, at: retryIndex)
        }
        var lines: [String] = []
        let city = Format.city(conditions.location)
        if let report {
            let index = report.index
            lines.append(headline(city: city, report: report, standard: standard))
            if let basis = termsBasis(index) { lines.append("  " + basis) }
            lines += subIndexLines(index, standard, conditions: conditions)
            // Which reference conditions ppb ↔ µg/m³ used (they differ: EU/UK 20 °C, others 25 °C),
            // then the standard's footnote rules that shaped the index.
            if let applied = index.subIndices.lazy.compactMap(\.conversion).first {
                // "25 °C, 101,325 kPa" in de, fr, es: each number of the conditions with the language's mark.
                let conditions = "\(applied.conditions)".split(separator: " ").map { L10n.number(String($0)) }.joined(separator: " ")
                lines.append("  " + tr("ppb ↔ µg/m³ at %s").filled(conditions))
            }
            lines += index.notes.map { "  " + note($0) }
            if !report.computed { lines.append("  " + tr("index reported by %s, not computed").filled(report.source)) }
        } else {
            lines.append("\(city): " + tr("air quality unavailable"))
        }
        if !forecast.isEmpty { lines.append(tr("Next 24 h:") + " \(forecast)") }
        if let weather = conditions.weather {
            let icon = conditionIcon(weather.condition, icons)
            let name = conditionDescription(weather.condition)
            let condition = [icon, name].filter { !$0.isEmpty }.joined(separator: " ")
            let parts = [condition, temperature(weather.temperatureC, units), tr("humidity") + " \(percent(weather.humidity))",
                         pressure(weather.pressureHPa, units), tr("wind") + " \(wind(weather.windSpeedMS, weather.windDirectionDeg, units))"]
            lines.append(tr("Weather:") + " " + parts.filter { !$0.isEmpty }.joined(separator: ", "))
        } else {
            lines.append(tr("Weather:") + " \(unavailable)")
        }
        if let asthma = conditions.asthma {
            let probability = Format.probability(asthma.probability)
            // An estimate's method says it is one ("estimate from Canada's AQHI …"). Breather's own
            // methods are in the catalogs; another's (an older version's, over MQTT) shows as written.
            let method = asthma.method.map { " (\(tr($0, context: "asthma method")))" } ?? " (\(asthma.source))"
            lines.append(tr("Asthma risk:") + " \(riskName(asthma.risk))\(probability.isEmpty ? "" : " \(probability)")\(method)")
            if !asthmaOutlook.isEmpty { lines.append("  " + tr("next 24 h:") + " \(asthmaOutlook)") }
        } else {
            lines.append(tr("Asthma risk:") + " \(unavailable)")
        }
        lines += dayAhead
        // The fetch's time and age; the provider's own time when it measured earlier (an hourly
        // model stamps the hour's start), a fact about the data, not its age.
        let ageText = ageSeconds.map { ", " + tr("%s ago").filled(age($0)) } ?? ""
        let fetched = conditions.dataFetchedAt, measured = conditions.dataTime
        let measuredText = fetched.timeIntervalSince(measured) >= 60 ? " · " + tr("measured") + " \(localTime.clock(measured))" : ""
        lines.append(tr("Updated") + " \(updated(fetched, localTime))\(ageText)\(measuredText)\(stale ? " (" + tr("stale") + ")" : "")")
        var sources: [String] = []
        if let air = conditions.pollution {
            // The air's own source first, then each other one that gave a pollutant (the model after a sensor).
            sources.append(air.source)
            sources += (air.pollutantSources ?? [:]).values.sorted() + [air.filledFrom].compactMap { $0 }
        }
        if let weather = conditions.weather?.source { sources.append(weather) }
        if let asthma = conditions.asthma?.source { sources.append(asthma) }
        var seen: Set<String> = []
        let credits = sources.map(attribution).filter { seen.insert($0).inserted }
        if !credits.isEmpty { lines.append(tr("Data:") + " " + credits.joined(separator: "; ")) }
        return lines + errorLines(errors, retry: retry, at: retryIndex)
    }

    /// "Error: open-meteo air: HTTP 503", one line each, clipped to 160 characters; the one at
    /// `retryIndex` (the last when nil) adds " · retry 56s" under a Retry-After.
    static func errorLines(_ errors: [String], retry: String, at retryIndex: Int?) -> [String] {
        let held = retryIndex ?? errors.count - 1
        return errors.enumerated().map { index, error in
            tr("Error:") + " \(clipped(error, 160))" + (index == held && !retry.isEmpty ? " · " + tr("retry") + " \(retry)" : "")
        }
    }
}
