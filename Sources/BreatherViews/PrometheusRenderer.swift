import BreatherViewModel

/// Prometheus text exposition (format 0.0.4) for node_exporter's textfile collector: write it
/// with `--output /var/lib/node_exporter/textfile/breather.prom` (atomically, as the collector needs).
/// The AQI is exported under every standard that can be computed from the data, so one scrape
/// serves dashboards in any standard.
public struct PrometheusRenderer: Renderer {
    /// The renderer; metric names are fixed (`breather_…`).
    public init() {}

    /// HELP, TYPE and samples for every family there is data for; a family without data is left out, not written as 0.
    public func render(_ output: Output) -> String {
        var families = Families()
        add(output, place: nil, to: &families)
        return families.text
    }

    /// Several places (`[[place]]`) in one exposition: each family once, with a sample per
    /// place labelled `place="NAME"` (the key, which survives renaming a label).
    public func render(places: [PlaceOutput]) -> String {
        var families = Families()
        for place in places { add(place.output, place: place.name, to: &families) }
        return families.text
    }

    /// The families in order of first appearance, each with its samples from every place.
    struct Families {
        typealias Sample = (labels: [(String, String)], value: Double)
        var order: [(name: String, help: String)] = []
        var samples: [String: [Sample]] = [:]

        mutating func add(_ name: String, _ help: String, _ new: [Sample]) {
            guard !new.isEmpty else { return }
            if samples[name] == nil { order.append((name, help)) }
            samples[name, default: []] += new
        }

        var text: String {
            var lines: [String] = []
            for (name, help) in order {
                lines.append("# HELP \(name) \(help)")
                lines.append("# TYPE \(name) gauge")
                for sample in samples[name] ?? [] {
                    let labels = sample.labels.map { "\($0.0)=\"\(PrometheusRenderer.escapeLabel($0.1))\"" }.joined(separator: ",")
                    lines.append("\(name)\(labels.isEmpty ? "" : "{\(labels)}") \(PrometheusRenderer.number(sample.value))")
                }
            }
            return lines.joined(separator: "\n")
        }
    }

    private func add(_ output: Output, place name: String?, to families: inout Families) {
        func family(_ family: String, _ help: String, _ samples: [(labels: [(String, String)], value: Double)]) {
            families.add(family, help, samples)
        }
        let data = output.data
        let key = name.map { [("place", $0)] } ?? []
        let place = key + [("location", output.city)]
        family("breather_up", "1 when Breather has data to show, 0 before any successful fetch.",
               [(key, output.hasData ? 1 : 0)])
        if data.hasAirData {
            var aqi: [(labels: [(String, String)], value: Double)] = []
            var subs: [(labels: [(String, String)], value: Double)] = []
            // Every standard's index comes from the view model (`indicesByStandard`): a view computes nothing.
            for entry in data.indicesByStandard {
                aqi.append(([("standard", entry.standard)] + place, Double(entry.airQuality.aqi)))
                // The AQHI has no sub-indices (it sums terms): none are exported for it.
                for sub in entry.airQuality.subIndices {
                    guard let index = sub.index else { continue }
                    subs.append(([("standard", entry.standard)] + place + [("pollutant", sub.pollutant), ("period", sub.period)],
                                 Double(index)))
                }
            }
            family("breather_aqi", "Air-quality index under each standard that the data allows.", aqi)
            family("breather_aqi_sub_index", "Sub-index of one pollutant under one standard.", subs)
            let concentrations = (data.airQuality?.subIndices ?? []).map {
                (labels: place + [("pollutant", $0.pollutant), ("period", $0.period), ("unit", $0.unit)],
                 value: $0.concentration)
            }
            family("breather_pollutant_concentration", "Concentration behind the selected standard's sub-index.", concentrations)
        }
        if let weather = data.weather {
            func one(_ value: Double?) -> [(labels: [(String, String)], value: Double)] { value.map { [(place, $0)] } ?? [] }
            family("breather_temperature_celsius", "Air temperature.", one(weather.temperatureC))
            family("breather_humidity_percent", "Relative humidity.", one(weather.humidity))
            family("breather_pressure_hpa", "Air pressure.", one(weather.pressureHPa))
            family("breather_wind_speed_meters_per_second", "Wind speed.", one(weather.windSpeedMS))
        }
        if let asthma = data.asthma {
            family("breather_asthma_risk", "Asthma risk level: 0 low, 1 medium, 2 high, 3 very high.",
                   [(place + [("source", asthma.source)], Double(asthma.level))])
            family("breather_asthma_probability", "Probability of an asthma event (0-1), when the source gives one.",
                   asthma.probability.map { [(place, $0)] } ?? [])
        }
        // Pollen and UV only where the provider has them: no family, not zeros.
        family("breather_pollen_grains_per_cubic_meter", "Pollen count of one species (hourly model value).",
               data.pollen.map { (place + [("species", $0.species)], $0.count) })
        family("breather_pollen_level", "Pollen level on the AAAAI NAB scale: 0 none, 1 low, 2 moderate, 3 high, 4 very high.",
               data.pollen.map { (place + [("species", $0.species)], Double($0.levelNumber)) })
        if let uv = data.uv {
            family("breather_uv_index", "UV index now.", [(place, uv.index)])
            family("breather_uv_index_clear_sky", "UV index now under a clear sky.", uv.clearSky.map { [(place, $0)] } ?? [])
            family("breather_uv_index_peak_today", "Highest hourly UV index of today (local day).", uv.peak.map { [(place, $0)] } ?? [])
        }
        if let indoor = data.indoor {
            let sensor = place + [("sensor", indoor.source)]
            func one(_ value: Double?) -> [(labels: [(String, String)], value: Double)] { value.map { [(sensor, $0)] } ?? [] }
            family("breather_indoor_co2_ppm", "Indoor CO2 from the indoor sensor.", one(indoor.co2PPM))
            family("breather_indoor_pm2_5_micrograms_per_cubic_meter", "Indoor PM2.5 from the indoor sensor.", one(indoor.pm2_5))
            family("breather_indoor_humidity_percent", "Indoor relative humidity from the indoor sensor.", one(indoor.humidity))
            family("breather_indoor_aqi", "Indoor PM index under the selected standard (one reading: a 1-hour value).",
                   indoor.aqi.map { [(sensor + [("standard", output.standard.rawValue)], Double($0))] } ?? [])
        }
        if let advice = output.advice {
            family("breather_advice", "What to do now: 1 for the advice shown, 0 for the others.",
                   Advice.Action.allCases.map { (place + [("advice", $0.rawValue)], $0 == advice.action ? 1 : 0) })
            family("breather_smoke_likely", "1 when outdoor smoke is likely (README, What to do now).", [(place, advice.smoke ? 1 : 0)])
        }
        if let updated = data.updatedAtSeconds {
            family("breather_last_success_timestamp_seconds", "Unix time of the data shown.", [(place, updated)])
            family("breather_data_age_seconds", "Age of the data shown.", [(place, Double(output.ageSeconds ?? 0))])
        }
        family("breather_stale", "1 when the data shown is stale or missing.", [(key, output.isStale || !output.hasData ? 1 : 0)])
        family("breather_refresh_errors", "Provider failures in the latest refresh.", [(key, Double(data.errors.count))])
    }

    /// Label values escape backslash, double quote and newline (exposition format spec).
    static func escapeLabel(_ value: String) -> String {
        value.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"").replacingAll("\n", with: "\\n")
    }

    /// Integers without a fraction ("57", not "57.0"); other values as Swift prints doubles (Go-parsable).
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
