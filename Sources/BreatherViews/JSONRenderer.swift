import BreatherJSON
import BreatherModel
import BreatherViewModel

/// The whole state as one JSON object with the stable keys PRODUCT.md lists.
public struct JSONRenderer: Renderer {
    /// Indent the object over several lines (for people); false gives one line (for scripts and bars).
    public var pretty: Bool

    /// A renderer giving one line unless `pretty`.
    public init(pretty: Bool = false) { self.pretty = pretty }

    /// One object: `location`, `standard`, `air_quality`, `weather`, `asthma`, `display`, `updated_at`,
    /// `stale`, `stale_parts`, `age_seconds`, `errors`, `forecast`, `attributions`; a part not fetched is `null`.
    public func render(_ output: Output) -> String {
        JSON.serialize(.object(document(output)), pretty: pretty)
    }

    /// Only the `air_quality` object, serialised (the calculator's json output).
    public func render(_ report: AirQualityReport) -> String {
        JSON.serialize(airQuality(report), pretty: pretty)
    }

    func document(_ output: Output) -> JSONObject {
        let conditions = output.conditions
        var root = JSONObject()
        root["location"] = conditions.map { location($0.location) } ?? .null
        root["standard"] = .string(output.standard.rawValue)
        root["air_quality"] = output.airQuality.map(airQuality) ?? .null
        root["weather"] = conditions?.weather.map(weather) ?? .null
        root["asthma"] = conditions?.asthma.map(asthma) ?? .null
        root["display"] = .object(JSONObject(output.displayFields.map { ($0.key, JSONValue.string($0.value)) }))
        root["updated_at"] = conditions.map { .string(Timestamp.rfc3339($0.fetchedAt)) } ?? .null
        // When the provider measured the air data (it can be hours before `updated_at`, the
        // fetch); null when the provider does not say. `age_seconds` counts from the older.
        root["observed_at"] = conditions?.pollution?.observedAt.map { .string(Timestamp.rfc3339($0)) } ?? .null
        root["stale"] = .bool(output.isStale)
        // Each part kept from an earlier fetch (or grown old) is named: the others are fresh.
        root["stale_parts"] = .array(output.staleParts.map { .string($0.rawValue) })
        root["age_seconds"] = output.ageSeconds.map { .integer(Int64($0)) } ?? .null
        root["errors"] = .array(output.failures.map(failure))
        // The next 24 hours under this standard, soonest first; empty without a forecast.
        root["forecast"] = .array(output.forecast.map(forecastHour))
        // Credits a provider's terms require (WAQI); empty when the source asks for none.
        root["attributions"] = .array((conditions?.pollution?.attributions ?? []).map { credit in
            .object(["name": .string(credit.name), "url": credit.url.map(JSONValue.string) ?? .null])
        })
        return root
    }

    func location(_ location: Location) -> JSONValue {
        .object(["name": location.name.map(JSONValue.string) ?? .null,
                 "latitude": .number(location.latitude), "longitude": .number(location.longitude)])
    }

    /// The `air_quality` object, shared by the main output and `breather aqi --format json`.
    public func airQuality(_ report: AirQualityReport) -> JSONValue {
        let index = report.index
        // The AQHI sums one term per pollutant: its entries carry that term as `contribution`
        // and `index: null`, since no per-pollutant index exists to report.
        let subIndices = index.subIndices.map { sub -> JSONValue in
            var entry: JSONObject = ["pollutant": .string(sub.pollutant.rawValue),
                                     "index": sub.contribution == nil ? .integer(Int64(sub.index)) : .null,
                                     "concentration": .number(sub.concentration), "unit": .string(sub.unit.rawValue),
                                     "period": .string(sub.period.rawValue)]
            if let contribution = sub.contribution { entry["contribution"] = .number(contribution) }
            // A ppb ↔ µg/m³ conversion at the standard's reference conditions, when one was made.
            if let applied = sub.conversion {
                entry["conversion"] = .object([
                    "from_value": .number(applied.value), "from_unit": .string(applied.unit.rawValue),
                    "temperature_k": .number(applied.conditions.kelvin), "pressure_kpa": .number(applied.conditions.kilopascals),
                    "ug_m3_per_ppb": .number(applied.microgramsPerPPB)])
            }
            return .object(entry)
        }
        let main: JSONValue = index.mainPollutants.isEmpty ? .null : .string(index.mainPollutants.map(\.rawValue).joined(separator: ","))
        return .object(["aqi": .integer(Int64(index.value)), "category": .string(index.category.name),
                        "category_id": .string(index.category.id),
                        "main_pollutant": main, "color": .string(index.category.color),
                        "source": .string(report.source), "computed": .bool(report.computed),
                        "sub_indices": .array(subIndices),
                        // The standard's footnote rules that shaped the index, one sentence each.
                        "notes": .array(index.notes.map { .string($0.text) })])
    }

    func forecastHour(_ hour: ForecastHour) -> JSONValue {
        let index = hour.index
        let main: JSONValue = index.mainPollutants.isEmpty ? .null : .string(index.mainPollutants.map(\.rawValue).joined(separator: ","))
        return .object(["time": .string(Timestamp.rfc3339(hour.time)), "aqi": .integer(Int64(index.value)),
                        "category": .string(index.category.name), "category_id": .string(index.category.id),
                        "main_pollutant": main, "color": .string(index.category.color)])
    }

    func weather(_ weather: Weather) -> JSONValue {
        func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
        let condition: JSONValue = switch weather.condition {
        case .wmo(let code): .string("wmo:\(code)")
        case .icon(let icon): .string("icon:\(icon)")
        case nil: .null
        }
        return .object(["temperature_c": number(weather.temperatureC), "humidity": number(weather.humidity),
                        "pressure_hpa": number(weather.pressureHPa), "wind_speed_ms": number(weather.windSpeedMS),
                        "wind_direction_deg": number(weather.windDirectionDeg), "condition": condition,
                        "source": .string(weather.source)])
    }

    func asthma(_ asthma: Asthma) -> JSONValue {
        // `outlook`: the worst risk of the next 24 h and when it starts; null without a forecast.
        let outlook: JSONValue = asthma.outlook.map {
            .object(["risk": .string($0.risk.rawValue), "at": .string(Timestamp.rfc3339($0.at))])
        } ?? .null
        return .object(["risk": .string(asthma.risk.rawValue), "probability": asthma.probability.map(JSONValue.number) ?? .null,
                        "source": .string(asthma.source), "method": asthma.method.map(JSONValue.string) ?? .null,
                        "outlook": outlook])
    }

    func failure(_ failure: ProviderFailure) -> JSONValue {
        var object: JSONObject = ["provider": .string(failure.provider), "part": .string(failure.part.rawValue),
                                  "kind": .string(failure.kind.rawValue), "message": .string(failure.message)]
        if let retry = failure.retryAfterSeconds { object["retry_after_seconds"] = .integer(Int64(retry)) }
        return .object(object)
    }
}
