import BreatherHTTP
import BreatherJSON
import BreatherModel

/// OpenWeather current weather (`/weather`) and air pollution (`/air_pollution`), API 2.5.
///
/// `list[0].main.aqi` is OpenWeather's own 1–5 scale, which is no standard Breather offers,
/// so it is ignored: the asked standard is computed from `components` (µg/m³, CO included).
/// The reply holds the current hour only, so each standard falls back to its 1-hour reading
/// and `sub_indices[].period` says so. Weather is requested in the default "standard" units
/// (Kelvin, m/s) and converted here, so one decoder fits every reply shape.
/// Errors are `{"cod": 401 | "404", "message": "…"}`: `cod` is a number or a string.
public struct OpenWeatherMap: AirQualityProvider, WeatherProvider {
    /// `openweathermap`.
    public let id = ProviderID.openWeatherMap
    let baseURL: String
    let key: String?
    let http: any HTTPClient

    /// A client of `baseURL` (`…/data/2.5`); with no `key`, each call fails as a configuration error without a request.
    public init(baseURL: String, key: String?, http: any HTTPClient) {
        self.baseURL = baseURL
        self.key = key
        self.http = http
    }

    /// The current hour's concentrations from `/air_pollution`, indexed by Breather (1-hour readings).
    public func airQuality(at location: Location) async throws(ProviderFailure) -> Pollution {
        let request = ProviderRequest(provider: id, part: .air, http: http)
        let json = try await get("/air_pollution", location, request)
        return try request.decode { () throws(JSONError) in try Self.decodePollution(json) }
    }

    /// Current weather from `/weather`, converted from Kelvin to °C.
    public func weather(at location: Location) async throws(ProviderFailure) -> Weather {
        let request = ProviderRequest(provider: id, part: .weather, http: http)
        let json = try await get("/weather", location, request)
        return try request.decode { () throws(JSONError) in try Self.decodeWeather(json) }
    }

    private func get(_ path: String, _ location: Location, _ request: ProviderRequest) async throws(ProviderFailure) -> JSONCursor {
        guard let key, !key.isEmpty else {
            throw request.fail(.configuration, "no API key: set BREATHER_OPENWEATHERMAP_KEY or [providers.openweathermap] key_file")
        }
        let url = makeURL(baseURL, path, [
            ("lat", coordinate(location.latitude)), ("lon", coordinate(location.longitude)), ("appid", key),
        ])
        return try await request.getJSON(url, errorBody: { status, body in Self.errorBody(request, status, body) })
    }

    /// Maps OpenWeather's `{cod, message}` bodies; `cod` (number or string) wins over the HTTP status.
    static func errorBody(_ request: ProviderRequest, _ status: Int, _ body: JSONCursor?) -> ProviderFailure? {
        guard let body, let message = try? body["message"].string() else { return nil }
        let code = (try? body["cod"].int()) ?? (try? body["cod"].string()).flatMap { Int($0) } ?? status
        switch code {
        case 401, 403: return request.fail(.configuration, "key rejected (\(message))")
        case 429: return request.fail(.rateLimited, "rate limited (\(message))")
        case 404: return request.fail(.notFound, "no data for this place (\(message))")
        case 400..<500: return request.fail(.configuration, "request rejected (\(message))")
        default: return request.fail(.unavailable, "HTTP \(code) (\(message))")
        }
    }

    /// `components` keys for the six indexed pollutants (`no` and `nh3` are not indexed).
    static let componentKeys: [(String, Pollutant)] = [
        ("pm2_5", .pm2_5), ("pm10", .pm10), ("o3", .o3), ("no2", .no2), ("so2", .so2), ("co", .co),
    ]

    static func decodePollution(_ json: JSONCursor) throws(JSONError) -> Pollution {
        // An empty list gives a Pollution without concentrations: no standard can be served
        // and the next air source is asked.
        guard let current = try json["list"].array().first else { return Pollution(source: ProviderID.openWeatherMap.rawValue) }
        let components = current["components"]
        var values: [Pollutant: [Double?]] = [:]
        for (key, pollutant) in componentKeys {
            if let value = try components[key].optionalDouble() { values[pollutant] = [value] }
        }
        let observed = try current["dt"].optionalDouble().map { Timestamp(timeIntervalSince1970: $0) }
        return Pollution(source: ProviderID.openWeatherMap.rawValue, observedAt: observed, hourly: HourlySeries(values))
    }

    static func decodeWeather(_ json: JSONCursor) throws(JSONError) -> Weather {
        let main = json["main"]
        let icon = json["weather"].exists ? try json["weather"].array().first?["icon"].optionalString() : nil
        return Weather(
            temperatureC: try main["temp"].double() - 273.15,
            humidity: try main["humidity"].optionalDouble(),
            pressureHPa: try main["pressure"].optionalDouble(),
            windSpeedMS: try json["wind"]["speed"].optionalDouble(),
            windDirectionDeg: try json["wind"]["deg"].optionalDouble(),
            condition: icon.map(WeatherCondition.icon),
            observedAt: try json["dt"].optionalDouble().map { Timestamp(timeIntervalSince1970: $0) },
            source: ProviderID.openWeatherMap.rawValue)
    }
}
