import BreatherModel

/// A decoded provider value that can name the first of its numbers no real measurement could
/// have. `ProviderRequest.decode` refuses a value that does (see `Plausibility`).
protocol PlausibilityChecked {
    /// The first implausible field and value, e.g. "humidity 140 % (expected 0 to 100 %)".
    var implausibility: String? { get }
    /// Why the value holds no data at all (a reply whose every field is null), or nil. Such a
    /// reply is no answer: refusing it lets the next source answer, and nothing empty is cached.
    var emptiness: String? { get }
}

extension PlausibilityChecked {
    var emptiness: String? { nil }
}

extension Weather: PlausibilityChecked {
    var emptiness: String? {
        // The observation time alone says nothing about the weather.
        let measured = [temperatureC, humidity, pressureHPa, windSpeedMS, windDirectionDeg].contains { $0 != nil }
        return measured || condition != nil ? nil : "no weather values (every field is null or missing)"
    }

    var implausibility: String? {
        typealias P = Plausibility
        return P.problem("temperature_c", temperatureC, P.temperatureC, "°C")
            ?? P.problem("humidity", humidity, P.humidityPercent, "%")
            ?? P.problem("pressure_hpa", pressureHPa, P.pressureHPa, "hPa")
            ?? P.problem("wind_speed_ms", windSpeedMS, P.windSpeedMS, "m/s")
            ?? P.problem("wind_direction_deg", windDirectionDeg, P.windDirectionDeg, "°")
    }
}

extension Pollution: PlausibilityChecked {
    var implausibility: String? {
        for pollutant in Pollutant.allCases {
            for value in hourly?.values[pollutant] ?? [] {
                if let problem = Plausibility.problem(pollutant.rawValue, value, Plausibility.concentration, "µg/m³") {
                    return problem
                }
            }
            // Forecast hours are held to the same bounds: a model's nonsense is no outlook.
            for value in forecast?.series.values[pollutant] ?? [] {
                if let problem = Plausibility.problem("forecast " + pollutant.rawValue, value, Plausibility.concentration, "µg/m³") {
                    return problem
                }
            }
        }
        for index in reported where !Plausibility.reportedIndex.contains(index.value) {
            let range = Plausibility.reportedIndex
            return "\(index.field) \(index.value) (expected \(range.lowerBound) to \(range.upperBound))"
        }
        for (type, count) in (pollen ?? [:]).sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            if let problem = Plausibility.problem("\(type.rawValue)_pollen", count, Plausibility.pollenCount, "grains/m³") {
                return problem
            }
        }
        for type in PollenType.allCases {
            for count in pollenHourly?[type]?.values ?? [] {
                if let problem = Plausibility.problem("hourly \(type.rawValue)_pollen", count, Plausibility.pollenCount, "grains/m³") {
                    return problem
                }
            }
        }
        let uvValues = [("uv_index", uv?.index), ("uv_index_clear_sky", uv?.clearSky)] + (uv?.hourly?.values ?? []).map { ("hourly uv_index", $0) }
        for (field, value) in uvValues {
            if let problem = Plausibility.problem(field, value, Plausibility.uvIndex) { return problem }
        }
        return nil
    }
}

extension Location: PlausibilityChecked {
    var implausibility: String? {
        Plausibility.problem("latitude", latitude, Plausibility.latitude, "°")
            ?? Plausibility.problem("longitude", longitude, Plausibility.longitude, "°")
    }
}
