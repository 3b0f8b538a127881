import BreatherJSON
import BreatherModel

/// An explicit, versioned JSON shape for `CityConditions` on disk. Written by hand (not
/// Codable) so the cache format is stable across refactors of the model types and goes
/// through the same jansson layer as everything else. Every field of the model is written
/// and read back (Tests/BreatherCacheTests checks against a golden file). Version 2 added
/// each part's fetch time, the latest fetch's failures, attributions, pollen, the forecast
/// and the asthma outlook; hourly pollen and UV came later as optional keys of version 2.
enum ConditionsJSON {
    static let version: Int64 = 2

    static func encode(_ c: CityConditions) -> JSONValue {
        var root: JSONObject = ["version": .integer(version),
                                "fetched_at_unix": .number(c.fetchedAt.timeIntervalSince1970),
                                "location": location(c.location)]
        root["weather"] = c.weather.map(weather) ?? .null
        root["pollution"] = c.pollution.map(pollution) ?? .null
        root["asthma"] = c.asthma.map(asthma) ?? .null
        root["parts_fetched_at_unix"] = .object(["air": date(c.partsFetchedAt.air), "weather": date(c.partsFetchedAt.weather),
                                                 "asthma": date(c.partsFetchedAt.asthma)])
        root["failures"] = .array(c.failures.map(failure))
        // Only with an indoor sensor (absent otherwise: a store without one reads as before).
        if let indoor = c.indoor { root["indoor"] = sensorReading(indoor) }
        // Optional keys too: a store written before them reads as before.
        if let polled = c.polledAt { root["polled_at_unix"] = .number(polled.timeIntervalSince1970) }
        if let next = c.nextAir {
            root["next_air"] = .object(["fetched_at_unix": .number(next.fetchedAt.timeIntervalSince1970), "pollution": pollution(next.pollution)])
        }
        return .object(root)
    }

    static func decode(_ value: JSONValue) throws(JSONError) -> CityConditions {
        let root = JSONCursor(value)
        guard try root["version"].int() == Int(version) else {
            throw JSONError.typeMismatch(path: "version", expected: "cache version \(version)", found: "another version")
        }
        let l = root["location"]
        let place = Location(name: try l["name"].optionalText(), latitude: try l["latitude"].double(),
                             longitude: try l["longitude"].double())
        let times = root["parts_fetched_at_unix"]
        return CityConditions(location: place,
                              weather: root["weather"].isNull ? nil : try weather(root["weather"]),
                              pollution: root["pollution"].isNull ? nil : try pollution(root["pollution"]),
                              asthma: root["asthma"].isNull ? nil : try asthma(root["asthma"]),
                              failures: try root["failures"].array().map(failure),
                              fetchedAt: Timestamp(timeIntervalSince1970: try root["fetched_at_unix"].double()),
                              partsFetchedAt: PartTimes(air: try date(times["air"]), weather: try date(times["weather"]),
                                                        asthma: try date(times["asthma"])),
                              indoor: root["indoor"].exists ? try sensorReading(root["indoor"]) : nil,
                              nextAir: root["next_air"].exists ? try nextAir(root["next_air"]) : nil,
                              polledAt: try date(root["polled_at_unix"]))
    }

    private static func nextAir(_ c: JSONCursor) throws(JSONError) -> NextAir {
        NextAir(pollution: try pollution(c["pollution"]), fetchedAt: Timestamp(timeIntervalSince1970: try c["fetched_at_unix"].double()))
    }

    private static func failure(_ f: ProviderFailure) -> JSONValue {
        var object: JSONObject = ["provider": .string(f.provider), "part": .string(f.part.rawValue), "kind": .string(f.kind.rawValue),
                                  "message": .string(f.message), "retry_after_seconds": f.retryAfterSeconds.map { .integer(Int64($0)) } ?? .null]
        if f.completing { object["completing"] = .bool(true) }  // only when set: the usual failure reads as before
        return .object(object)
    }

    private static func failure(_ c: JSONCursor) throws(JSONError) -> ProviderFailure {
        guard let part = ProviderFailure.Part(rawValue: try c["part"].text()),
              let kind = FailureKind(rawValue: try c["kind"].text()) else {
            throw JSONError.typeMismatch(path: c.path, expected: "a part and a failure kind", found: "an unknown one")
        }
        var failure = ProviderFailure(provider: try c["provider"].text(), part: part, kind: kind, message: try c["message"].text(),
                                      retryAfterSeconds: try c["retry_after_seconds"].optionalInt())
        // Absent in a store written before the key existed.
        failure.completing = try c["completing"].optionalBool() ?? false
        return failure
    }

    private static func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
    private static func date(_ value: Timestamp?) -> JSONValue { value.map { .number($0.timeIntervalSince1970) } ?? .null }
    private static func date(_ cursor: JSONCursor) throws(JSONError) -> Timestamp? {
        try cursor.optionalDouble().map { Timestamp(timeIntervalSince1970: $0) }
    }

    private static func location(_ l: Location) -> JSONValue {
        .object(["name": l.name.map(JSONValue.string) ?? .null, "latitude": .number(l.latitude), "longitude": .number(l.longitude)])
    }

    private static func weather(_ w: Weather) -> JSONValue {
        let condition: JSONValue = switch w.condition {
        case .wmo(let code): .object(["wmo": .integer(Int64(code))])
        case .icon(let icon): .object(["icon": .string(icon)])
        case nil: .null
        }
        return .object(["temperature_c": number(w.temperatureC), "humidity": number(w.humidity),
                        "pressure_hpa": number(w.pressureHPa), "wind_speed_ms": number(w.windSpeedMS),
                        "wind_direction_deg": number(w.windDirectionDeg), "condition": condition,
                        "observed_at_unix": date(w.observedAt), "source": .string(w.source)])
    }

    private static func weather(_ c: JSONCursor) throws(JSONError) -> Weather {
        var condition: WeatherCondition?
        if let code = try c["condition"]["wmo"].optionalInt() { condition = .wmo(code) }
        if let icon = try c["condition"]["icon"].optionalText() { condition = .icon(icon) }
        return Weather(temperatureC: try c["temperature_c"].optionalDouble(), humidity: try c["humidity"].optionalDouble(),
                       pressureHPa: try c["pressure_hpa"].optionalDouble(), windSpeedMS: try c["wind_speed_ms"].optionalDouble(),
                       windDirectionDeg: try c["wind_direction_deg"].optionalDouble(), condition: condition,
                       observedAt: try date(c["observed_at_unix"]), source: try c["source"].text())
    }

    private static func pollution(_ p: Pollution) -> JSONValue {
        let hourly: JSONValue = p.hourly.map(series) ?? .null
        // The model's own past hours only when a sensor's reading carries the forecast (absent
        // otherwise, so a file without sensors reads the same in an older Breather).
        let forecast: JSONValue = p.forecast.map { f in
            var object: JSONObject = ["start_unix": date(f.start), "hourly": series(f.series)]
            if let past = f.past { object["past"] = series(past) }
            return .object(object)
        } ?? .null
        let reported = p.reported.map { r -> JSONValue in
            .object(["standard": .string(r.standard.rawValue), "value": .integer(Int64(r.value)),
                     "main_pollutant": r.mainPollutant.map { .string($0.rawValue) } ?? .null, "field": .string(r.field)])
        }
        let attributions: JSONValue = p.attributions.map { list in
            .array(list.map { .object(["name": .string($0.name), "url": $0.url.map(JSONValue.string) ?? .null]) })
        } ?? .null
        let pollen: JSONValue = p.pollen.map { counts in
            .object(JSONObject(PollenType.allCases.compactMap { type in counts[type].map { (type.rawValue, JSONValue.number($0)) } }))
        } ?? .null
        var object: JSONObject = ["source": .string(p.source), "observed_at_unix": date(p.observedAt), "hourly": hourly,
                                  "reported": .array(reported), "attributions": attributions, "pollen": pollen,
                                  "forecast": forecast]
        // Written only when present, so a file without them reads as before (same version).
        if let hourlyPollen = p.pollenHourly {
            object["pollen_hourly"] = .object(JSONObject(PollenType.allCases.compactMap { type in
                hourlyPollen[type].map { (type.rawValue, values($0)) }
            }))
        }
        if let uv = p.uv {
            object["uv"] = .object(["index": number(uv.index), "clear_sky": number(uv.clearSky),
                                    "hourly": uv.hourly.map(values) ?? .null])
        }
        // Only when a sensor's particles were completed from another source (absent otherwise,
        // so a store written without sensors reads the same in an older Breather).
        if let sources = p.pollutantSources {
            object["pollutant_sources"] = .object(JSONObject(Pollutant.allCases.compactMap { pollutant in
                sources[pollutant].map { (pollutant.rawValue, JSONValue.string($0)) }
            }))
        }
        if let filledFrom = p.filledFrom { object["filled_from"] = .string(filledFrom) }
        if let uncorrected = p.sensorUncorrected { object["sensor_uncorrected"] = .string(uncorrected) }
        // Only when a sensor's series came from its readings in the history store.
        if let hours = p.sensorHours {
            object["sensor_hours"] = .object(JSONObject(Pollutant.allCases.compactMap { pollutant in
                hours[pollutant].map { (pollutant.rawValue, JSONValue.number(Double($0))) }
            }))
        }
        return .object(object)
    }

    private static func pollution(_ c: JSONCursor) throws(JSONError) -> Pollution {
        let hourly = c["hourly"].isNull ? nil : try series(c["hourly"])
        var forecast: HourlyForecast?
        if c["forecast"].exists, !c["forecast"].isNull, let start = try date(c["forecast"]["start_unix"]) {
            let past = c["forecast"]["past"].exists ? try series(c["forecast"]["past"]) : nil
            forecast = HourlyForecast(start: start, series: try series(c["forecast"]["hourly"]), past: past)
        }
        var reported: [ReportedIndex] = []
        for item in try c["reported"].array() {
            guard let standard = AQIStandard(rawValue: try item["standard"].text()) else {
                throw JSONError.typeMismatch(path: item.path, expected: "a standard id", found: "an unknown one")
            }
            reported.append(ReportedIndex(standard: standard, value: try item["value"].int(),
                                          mainPollutant: try item["main_pollutant"].optionalText().flatMap(Pollutant.init(rawValue:)),
                                          field: try item["field"].text()))
        }
        var attributions: [Attribution]?
        if !c["attributions"].isNull {
            attributions = []
            for item in try c["attributions"].array() {
                attributions?.append(Attribution(name: try item["name"].text(), url: try item["url"].optionalText()))
            }
        }
        var pollen: [PollenType: Double]?
        if !c["pollen"].isNull {
            var counts: [PollenType: Double] = [:]
            for type in PollenType.allCases where c["pollen"][type.rawValue].exists {
                counts[type] = try c["pollen"][type.rawValue].double()
            }
            pollen = counts
        }
        var pollenHourly: [PollenType: HourlyValues]?
        if c["pollen_hourly"].exists {
            var series: [PollenType: HourlyValues] = [:]
            for type in PollenType.allCases where c["pollen_hourly"][type.rawValue].exists {
                series[type] = try values(c["pollen_hourly"][type.rawValue])
            }
            pollenHourly = series
        }
        var uv: UVIndex?
        if c["uv"].exists {
            let u = c["uv"]
            uv = UVIndex(index: try u["index"].optionalDouble(), clearSky: try u["clear_sky"].optionalDouble(),
                         hourly: u["hourly"].isNull ? nil : try values(u["hourly"]))
        }
        var sources: [Pollutant: String]?
        if c["pollutant_sources"].exists {
            sources = [:]
            for pollutant in Pollutant.allCases where c["pollutant_sources"][pollutant.rawValue].exists {
                sources?[pollutant] = try c["pollutant_sources"][pollutant.rawValue].text()
            }
        }
        var sensorHours: [Pollutant: Int]?
        if c["sensor_hours"].exists {
            sensorHours = [:]
            for pollutant in Pollutant.allCases where c["sensor_hours"][pollutant.rawValue].exists {
                sensorHours?[pollutant] = try c["sensor_hours"][pollutant.rawValue].int()
            }
        }
        var pollution = Pollution(source: try c["source"].text(), observedAt: try date(c["observed_at_unix"]), hourly: hourly,
                                  reported: reported, attributions: attributions, pollen: pollen, forecast: forecast,
                                  pollenHourly: pollenHourly, uv: uv, pollutantSources: sources, sensorHours: sensorHours,
                                  filledFrom: c["filled_from"].exists ? try c["filled_from"].text() : nil)
        pollution.sensorUncorrected = c["sensor_uncorrected"].exists ? try c["sensor_uncorrected"].text() : nil
        return pollution
    }

    private static func values(_ v: HourlyValues) -> JSONValue {
        .object(["start_unix": date(v.start), "values": .array(v.values.map(number))])
    }

    private static func values(_ c: JSONCursor) throws(JSONError) -> HourlyValues {
        guard let start = try date(c["start_unix"]) else {
            throw JSONError.missing(path: c["start_unix"].path)
        }
        return HourlyValues(start: start, values: try c["values"].doubles())
    }

    private static func series(_ series: HourlySeries) -> JSONValue {
        .object(JSONObject(Pollutant.allCases.compactMap { pollutant in
            series.values[pollutant].map { (pollutant.rawValue, JSONValue.array($0.map(number))) }
        }))
    }

    private static func series(_ c: JSONCursor) throws(JSONError) -> HourlySeries {
        var values: [Pollutant: [Double?]] = [:]
        for pollutant in Pollutant.allCases where c[pollutant.rawValue].exists {
            values[pollutant] = try c[pollutant.rawValue].doubles()
        }
        return HourlySeries(values)
    }

    private static func asthma(_ a: Asthma) -> JSONValue {
        let outlook: JSONValue = a.outlook.map { .object(["risk": .string($0.risk.rawValue), "at_unix": date($0.at)]) } ?? .null
        return .object(["risk": .string(a.risk.rawValue), "probability": number(a.probability), "source": .string(a.source),
                        "method": a.method.map(JSONValue.string) ?? .null, "outlook": outlook])
    }

    private static func asthma(_ c: JSONCursor) throws(JSONError) -> Asthma {
        guard let risk = AsthmaRisk(rawValue: try c["risk"].text()) else {
            throw JSONError.typeMismatch(path: c.path, expected: "a risk id", found: "an unknown one")
        }
        var outlook: AsthmaOutlook?
        if c["outlook"].exists, !c["outlook"].isNull, let at = try date(c["outlook"]["at_unix"]) {
            guard let level = AsthmaRisk(rawValue: try c["outlook"]["risk"].text()) else {
                throw JSONError.typeMismatch(path: c["outlook"].path, expected: "a risk id", found: "an unknown one")
            }
            outlook = AsthmaOutlook(risk: level, at: at)
        }
        return Asthma(risk: risk, probability: try c["probability"].optionalDouble(), source: try c["source"].text(),
                      method: try c["method"].optionalText(), outlook: outlook)
    }
}
