#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BreatherJSON
import BreatherModel

/// An explicit, versioned JSON shape for `CityConditions` on disk. Written by hand (not
/// Codable) so the cache format is stable across refactors of the model types and goes
/// through the same jansson layer as everything else.
enum ConditionsJSON {
    static let version: Int64 = 1

    static func encode(_ c: CityConditions) -> JSONValue {
        var root: JSONObject = ["version": .integer(version),
                                "fetched_at_unix": .number(c.fetchedAt.timeIntervalSince1970),
                                "location": location(c.location)]
        root["weather"] = c.weather.map(weather) ?? .null
        root["pollution"] = c.pollution.map(pollution) ?? .null
        root["asthma"] = c.asthma.map(asthma) ?? .null
        return .object(root)
    }

    static func decode(_ value: JSONValue) throws(JSONError) -> CityConditions {
        let root = JSONCursor(value)
        guard try root["version"].int() == Int(version) else {
            throw JSONError.typeMismatch(path: "version", expected: "cache version \(version)", found: "another version")
        }
        let l = root["location"]
        let place = Location(name: try l["name"].optionalString(), latitude: try l["latitude"].double(),
                             longitude: try l["longitude"].double())
        return CityConditions(location: place,
                              weather: root["weather"].isNull ? nil : try weather(root["weather"]),
                              pollution: root["pollution"].isNull ? nil : try pollution(root["pollution"]),
                              asthma: root["asthma"].isNull ? nil : try asthma(root["asthma"]),
                              fetchedAt: Date(timeIntervalSince1970: try root["fetched_at_unix"].double()))
    }

    private static func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
    private static func date(_ value: Date?) -> JSONValue { value.map { .number($0.timeIntervalSince1970) } ?? .null }
    private static func date(_ cursor: JSONCursor) throws(JSONError) -> Date? {
        try cursor.optionalDouble().map { Date(timeIntervalSince1970: $0) }
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
        if let icon = try c["condition"]["icon"].optionalString() { condition = .icon(icon) }
        return Weather(temperatureC: try c["temperature_c"].optionalDouble(), humidity: try c["humidity"].optionalDouble(),
                       pressureHPa: try c["pressure_hpa"].optionalDouble(), windSpeedMS: try c["wind_speed_ms"].optionalDouble(),
                       windDirectionDeg: try c["wind_direction_deg"].optionalDouble(), condition: condition,
                       observedAt: try date(c["observed_at_unix"]), source: try c["source"].string())
    }

    private static func pollution(_ p: Pollution) -> JSONValue {
        let hourly: JSONValue = p.hourly.map { series in
            .object(JSONObject(Pollutant.allCases.compactMap { pollutant in
                series.values[pollutant].map { (pollutant.rawValue, JSONValue.array($0.map(number))) }
            }))
        } ?? .null
        let reported = p.reported.map { r -> JSONValue in
            .object(["standard": .string(r.standard.rawValue), "value": .integer(Int64(r.value)),
                     "main_pollutant": r.mainPollutant.map { .string($0.rawValue) } ?? .null, "field": .string(r.field)])
        }
        return .object(["source": .string(p.source), "observed_at_unix": date(p.observedAt), "hourly": hourly,
                        "reported": .array(reported)])
    }

    private static func pollution(_ c: JSONCursor) throws(JSONError) -> Pollution {
        var hourly: HourlySeries?
        if !c["hourly"].isNull {
            var values: [Pollutant: [Double?]] = [:]
            for pollutant in Pollutant.allCases where c["hourly"][pollutant.rawValue].exists {
                values[pollutant] = try c["hourly"][pollutant.rawValue].doubles()
            }
            hourly = HourlySeries(values)
        }
        var reported: [ReportedIndex] = []
        for item in try c["reported"].array() {
            guard let standard = AQIStandard(rawValue: try item["standard"].string()) else {
                throw JSONError.typeMismatch(path: item.path, expected: "a standard id", found: "an unknown one")
            }
            reported.append(ReportedIndex(standard: standard, value: try item["value"].int(),
                                          mainPollutant: try item["main_pollutant"].optionalString().flatMap(Pollutant.init(rawValue:)),
                                          field: try item["field"].string()))
        }
        return Pollution(source: try c["source"].string(), observedAt: try date(c["observed_at_unix"]), hourly: hourly, reported: reported)
    }

    private static func asthma(_ a: Asthma) -> JSONValue {
        .object(["risk": .string(a.risk.rawValue), "probability": number(a.probability), "source": .string(a.source),
                 "method": a.method.map(JSONValue.string) ?? .null])
    }

    private static func asthma(_ c: JSONCursor) throws(JSONError) -> Asthma {
        guard let risk = AsthmaRisk(rawValue: try c["risk"].string()) else {
            throw JSONError.typeMismatch(path: c.path, expected: "a risk id", found: "an unknown one")
        }
        return Asthma(risk: risk, probability: try c["probability"].optionalDouble(), source: try c["source"].string(),
                      method: try c["method"].optionalString())
    }
}
