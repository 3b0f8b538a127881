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
    /// `stale`, `trend`, `stale_parts`, `age_seconds`, `errors`, `forecast`, `pollen`, `uv`, `outlook`,
    /// `attributions`; a part not fetched is `null`.
    public func render(_ output: Output) -> String {
        JSON.serialize(.object(document(output)), pretty: pretty)
    }

    /// Only the `air_quality` object, serialised (the calculator's json output).
    public func render(_ report: AirQualityReport) -> String {
        JSON.serialize(airQuality(OutputData.AirQuality(report)), pretty: pretty)
    }

    func document(_ output: Output) -> JSONObject {
        let data = output.data
        var root = JSONObject()
        root["location"] = data.place.map(location) ?? .null
        root["standard"] = .string(output.standard.rawValue)
        root["air_quality"] = data.airQuality.map(airQuality) ?? .null
        root["weather"] = data.weather.map(weather) ?? .null
        root["asthma"] = data.asthma.map(asthma) ?? .null
        root["indoor"] = data.indoor.map(indoor) ?? .null
        root["display"] = .object(JSONObject(output.displayFields.map { ($0.key, JSONValue.string($0.value)) }))
        root["updated_at"] = data.updatedAt.map(JSONValue.string) ?? .null
        // When the provider measured the air data (it can be hours before `updated_at`, the
        // fetch); null when the provider does not say. `age_seconds` counts from the older.
        root["observed_at"] = data.observedAt.map(JSONValue.string) ?? .null
        root["stale"] = .bool(output.isStale)
        // rising, falling or steady over the last 3 hours (the history store); null when unknown.
        root["trend"] = output.trend.isEmpty ? .null : .string(output.trend)
        // Each part kept from an earlier fetch (or grown old) is named: the others are fresh.
        // Pollen and UV kept beside a sensor's fresh particles are stale parts of their own.
        let dayAhead = output.isDayAheadStale ? [output.pollen.isEmpty ? nil : "pollen", output.uv == nil ? nil : "uv"].compactMap { $0 } : []
        root["stale_parts"] = .array((output.staleParts.map(\.rawValue) + dayAhead).map { .string($0) })
        root["age_seconds"] = output.ageSeconds.map { .integer(Int64($0)) } ?? .null
        root["errors"] = .array(data.errors.map(failure))
        // The next 24 hours under this standard, soonest first; empty without a forecast.
        root["forecast"] = .array(data.forecast.map(forecastHour))
        root["pollen"] = pollen(output)
        root["uv"] = uv(output)
        root["outlook"] = outlook(output)
        root["advice"] = advice(output)
        // Credits a provider's terms require (WAQI); empty when the source asks for none.
        root["attributions"] = .array(data.attributions.map { credit in
            .object(["name": .string(credit.name), "url": credit.url.map(JSONValue.string) ?? .null])
        })
        return root
    }

    func location(_ place: OutputData.Place) -> JSONValue {
        .object(["name": place.name.map(JSONValue.string) ?? .null,
                 "latitude": .number(place.latitude), "longitude": .number(place.longitude)])
    }

    /// The `air_quality` object, shared by the main output and `breather aqi --format json`.
    /// Each sub-index names its `source` and `fallback_from` lists the air sources that failed
    /// before the one shown answered (both absent from the calculator's output).
    public func airQuality(_ index: OutputData.AirQuality) -> JSONValue {
        // The AQHI sums one term per pollutant: its entries carry that term as `contribution`
        // and `index: null`, since no per-pollutant index exists to report.
        let subIndices = index.subIndices.map { sub -> JSONValue in
            var entry: JSONObject = ["pollutant": .string(sub.pollutant),
                                     "index": sub.index.map { .integer(Int64($0)) } ?? .null,
                                     "concentration": .number(sub.concentration), "unit": .string(sub.unit),
                                     "period": .string(sub.period)]
            if let contribution = sub.contribution { entry["contribution"] = .number(contribution) }
            if let source = sub.source { entry["source"] = .string(source) }
            // A ppb ↔ µg/m³ conversion at the standard's reference temperature and pressure, when one was made.
            if let applied = sub.conversion {
                entry["conversion"] = .object([
                    "from_value": .number(applied.fromValue), "from_unit": .string(applied.fromUnit),
                    "temperature_k": .number(applied.temperatureK), "pressure_kpa": .number(applied.pressureKPa),
                    "ug_m3_per_ppb": .number(applied.microgramsPerPPB)])
            }
            return .object(entry)
        }
        var object: JSONObject = [
            "aqi": .integer(Int64(index.aqi)), "category": .string(index.category),
            "category_id": .string(index.categoryID),
            "main_pollutant": mainPollutant(index), "color": .string(index.color),
            "source": .string(index.source), "computed": .bool(index.computed),
            "sub_indices": .array(subIndices),
            // The standard's footnote rules that shaped the index, one sentence each.
            "notes": .array(index.notes.map { .string($0) })]
        if let fallback = index.fallbackFrom { object["fallback_from"] = .array(fallback.map(JSONValue.string)) }
        // Only when a sensor's PM2.5 is shown as measured, without the correction it needs.
        if let uncorrected = index.uncorrected { object["pm2_5_correction"] = .string(uncorrected) }
        return .object(object)
    }

    func mainPollutant(_ index: OutputData.AirQuality) -> JSONValue {
        index.mainPollutants.isEmpty ? .null : .string(index.mainPollutants.joined(separator: ","))
    }

    func forecastHour(_ hour: OutputData.ForecastValue) -> JSONValue {
        let index = hour.airQuality
        return .object(["time": .string(hour.time), "aqi": .integer(Int64(index.aqi)),
                        "category": .string(index.category), "category_id": .string(index.categoryID),
                        "main_pollutant": mainPollutant(index), "color": .string(index.color),
                        // Whose forecast it is: the model's, even when a sensor gives the air now.
                        "source": .string(index.source)])
    }

    func weather(_ weather: OutputData.WeatherValues) -> JSONValue {
        func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
        return .object(["temperature_c": number(weather.temperatureC), "humidity": number(weather.humidity),
                        "pressure_hpa": number(weather.pressureHPa), "wind_speed_ms": number(weather.windSpeedMS),
                        "wind_direction_deg": number(weather.windDirectionDeg),
                        "condition": weather.condition.map(JSONValue.string) ?? .null,
                        "source": .string(weather.source)])
    }

    func asthma(_ asthma: OutputData.AsthmaValues) -> JSONValue {
        // `outlook`: the worst risk of the next 24 h and when it starts; null without a forecast.
        let outlook: JSONValue = asthma.outlook.map { .object(["risk": .string($0.risk), "at": .string($0.at)]) } ?? .null
        return .object(["risk": .string(asthma.risk), "probability": asthma.probability.map(JSONValue.number) ?? .null,
                        "source": .string(asthma.source), "method": asthma.method.map(JSONValue.string) ?? .null,
                        "outlook": outlook])
    }

    func failure(_ failure: OutputData.ErrorValue) -> JSONValue {
        var object: JSONObject = ["provider": .string(failure.provider), "part": .string(failure.part),
                                  "kind": .string(failure.kind), "message": .string(failure.message)]
        if let retry = failure.retryAfterSeconds { object["retry_after_seconds"] = .integer(Int64(retry)) }
        return .object(object)
    }
}
