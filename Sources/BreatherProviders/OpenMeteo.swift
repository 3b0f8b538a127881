import BreatherHTTP
import BreatherJSON
import BreatherModel

/// Open-Meteo forecast, air-quality and geocoding APIs: keyless, the default source.
///
/// Docs: open-meteo.com/en/docs, /en/docs/air-quality-api, /en/docs/geocoding-api.
/// Wind is requested in m/s (the API's default is km/h). Air quality asks for the past 24
/// hours of hourly concentrations because the index rules average over up to 24 hours, and
/// the next four days of the model's forecast for the outlooks (the worst hour, the day ahead).
public struct OpenMeteo: AirQualityProvider, WeatherProvider, Geocoder {
    /// `open-meteo`.
    public let id = ProviderID.openMeteo
    /// Base of the forecast API (`…/v1`), for `weather(at:)`.
    public var forecastURL: String
    /// Base of the air-quality API (`…/v1`), for `airQuality(at:)`.
    public var airQualityURL: String
    /// Base of the geocoding API (`…/v1`), for `locate(city:)`.
    public var geocodingURL: String
    let http: any HTTPClient
    /// Days of past hours to ask for at `location` (Open-Meteo's `past_days`, at most 92), or
    /// nil for the usual 24 hours: the history asks for days once, for a place it has none of.
    let backfillDays: @Sendable (Location) async -> Int?
    /// Replies `prefetch` brought for several places at once; nil: every place asks alone.
    public var batch: OpenMeteoBatch?

    /// A client of the three Open-Meteo APIs; none needs a key. `backfillDays` decides, per
    /// place, whether an air-quality request reaches further back than 24 hours.
    public init(forecastURL: String, airQualityURL: String, geocodingURL: String, http: any HTTPClient,
                backfillDays: @escaping @Sendable (Location) async -> Int? = { _ in nil }, batch: OpenMeteoBatch? = nil) {
        self.batch = batch
        self.forecastURL = forecastURL
        self.airQualityURL = airQualityURL
        self.geocodingURL = geocodingURL
        self.http = http
        self.backfillDays = backfillDays
    }

    /// Open-Meteo's limit on `past_days`.
    public static let maxBackfillDays = 92

    /// Open-Meteo's variable names for each pollutant, all in µg/m³ (CO too).
    static let pollutantVariables: [(Pollutant, String)] = [
        (.pm2_5, "pm2_5"), (.pm10, "pm10"), (.o3, "ozone"),
        (.no2, "nitrogen_dioxide"), (.so2, "sulphur_dioxide"), (.co, "carbon_monoxide"),
    ]

    /// Current temperature, humidity, surface pressure, wind (m/s) and WMO weather code from `/forecast`.
    public func weather(at location: Location) async throws(ProviderFailure) -> Weather {
        if let prefetched = await batch?.takeWeather(at: location) { return try prefetched.get() }
        let request = ProviderRequest(provider: id, part: .weather, http: http)
        let url = makeURL(forecastURL, "/forecast", [
            ("latitude", coordinate(location.latitude)), ("longitude", coordinate(location.longitude)),
        ] + Self.weatherQuery)
        let json = try await request.getJSON(url, errorBody: Self.errorBody(request))
        return try request.decode { () throws(JSONError) in try Self.decodeWeather(json) }
    }

    /// The forecast query after the coordinates, the same for one place or several.
    static let weatherQuery = [
        ("current", "temperature_2m,relative_humidity_2m,surface_pressure,wind_speed_10m,wind_direction_10m,weather_code"),
        ("wind_speed_unit", "ms"), ("timezone", "GMT"),
    ]

    /// Forecast hours asked for after the current one: four days, as far as CAMS Europe's
    /// pollen forecast reaches (the air forecast reaches four to five days).
    static let forecastHours = 96

    /// The past 24 hours of hourly concentrations (µg/m³), the next four days' forecast, and
    /// pollen and UV now and hourly, from `/air-quality`.
    public func airQuality(at location: Location) async throws(ProviderFailure) -> Pollution {
        if let prefetched = await batch?.takeAir(at: location) { return try prefetched.get() }
        let request = ProviderRequest(provider: id, part: .air, http: http)
        // A backfill's past_days replaces past_hours (the day boundary then starts the series).
        let past = await backfillDays(location).map { ("past_days", String(min(max($0, 1), Self.maxBackfillDays))) } ?? ("past_hours", "24")
        let url = makeURL(airQualityURL, "/air-quality", [
            ("latitude", coordinate(location.latitude)), ("longitude", coordinate(location.longitude)),
        ] + Self.airQuery(past: past))
        let json = try await request.getJSON(url, errorBody: Self.errorBody(request))
        return try request.decode { () throws(JSONError) in try Self.decodeAirQuality(json) }
    }

    /// The air-quality query after the coordinates: `past` is `past_hours` or a backfill's `past_days`.
    static func airQuery(past: (String, String)) -> [(String, String)] {
        let variables = Self.pollutantVariables.map(\.1).joined(separator: ",")
        return [
            // Pollen and UV now and hourly (the day-ahead outlook), in the same request.
            ("current", [variables, Self.pollenVariables, Self.uvVariables].joined(separator: ",")),
            ("hourly", [variables, Self.pollenVariables, Self.uvVariables].joined(separator: ",")),
            past, ("forecast_hours", String(1 + Self.forecastHours)), ("timezone", "GMT"),
        ]
    }

    /// The best match for `city` from `/search`; `notFound` when there is none.
    public func locate(city: String) async throws(ProviderFailure) -> Location {
        let request = ProviderRequest(provider: id, part: .location, http: http)
        let url = makeURL(geocodingURL, "/search", [("name", city), ("count", "1"), ("language", "en"), ("format", "json")])
        let json = try await request.getJSON(url, errorBody: Self.errorBody(request))
        // No match → the `results` key is absent (not an empty array).
        let results = try request.decode { () throws(JSONError) in json["results"].exists ? try json["results"].array() : [] }
        guard let first = results.first else {
            throw request.fail(.notFound, "no place named \"\(city)\" (try a larger nearby town, or --latitude/--longitude)")
        }
        return try request.decode { () throws(JSONError) in
            Location(name: try first["name"].string(), latitude: try first["latitude"].double(), longitude: try first["longitude"].double())
        }
    }

    /// Open-Meteo errors are `{"error": true, "reason": "…"}`: 400 for bad parameters, 429 for quota.
    static func errorBody(_ request: ProviderRequest) -> (Int, JSONCursor?) -> ProviderFailure? {
        { status, body in
            guard let reason = try? body?["reason"].string() else { return nil }
            switch status {
            case 429: return request.fail(.rateLimited, "rate limited: \(reason)")
            case 400..<500: return request.fail(.configuration, "request rejected: \(reason)")
            default: return request.fail(.unavailable, "HTTP \(status): \(reason)")
            }
        }
    }

    static func decodeWeather(_ json: JSONCursor) throws(JSONError) -> Weather {
        let current = json["current"]
        _ = try current.object()
        let offset = try json["utc_offset_seconds"].optionalInt() ?? 0
        return Weather(
            temperatureC: try current["temperature_2m"].optionalDouble(),
            humidity: try current["relative_humidity_2m"].optionalDouble(),
            pressureHPa: try current["surface_pressure"].optionalDouble(),
            windSpeedMS: try current["wind_speed_10m"].optionalDouble(),
            windDirectionDeg: try current["wind_direction_10m"].optionalDouble(),
            condition: try current["weather_code"].optionalInt().map(WeatherCondition.wmo),
            observedAt: try current["time"].optionalString().flatMap { Timestamp.parse($0, utcOffsetSeconds: offset) },
            source: ProviderID.openMeteo.rawValue)
    }

    /// Builds the hourly series up to the current hour; later (forecast) hours are dropped and
    /// the `current` value stands in for the current hour when the hourly block stops short.
    /// `alder_pollen,birch_pollen,…` for every `PollenType`.
    static let pollenVariables = PollenType.allCases.map { "\($0.rawValue)_pollen" }.joined(separator: ",")

    static func decodeAirQuality(_ json: JSONCursor) throws(JSONError) -> Pollution {
        let current = json["current"]
        let currentTime = try current["time"].optionalString()
        let times = json["hourly"]["time"].exists ? try json["hourly"]["time"].strings() : []
        let cut = currentTime.map { now in times.lastIndex(where: { $0 <= now }).map { $0 + 1 } ?? 0 } ?? times.count
        var series: [Pollutant: [Double?]] = [:]
        var ahead: [Pollutant: [Double?]] = [:]
        var currentAppended = false
        for (pollutant, name) in pollutantVariables {
            var values: [Double?] = []
            if json["hourly"][name].exists {
                let all = try json["hourly"][name].doubles()
                values = Array(all.prefix(cut))
                let later = Array(all.dropFirst(cut).prefix(forecastHours))
                if later.contains(where: { $0 != nil }) { ahead[pollutant] = later }
            }
            let lastHour = cut > 0 ? times[cut - 1] : nil
            if let now = try current[name].optionalDouble(), let currentTime, lastHour.map({ $0 < currentTime }) ?? true {
                values.append(now)
                currentAppended = true
            }
            if values.contains(where: { $0 != nil }) { series[pollutant] = values }
        }
        guard !series.isEmpty else { throw JSONError.missing(path: "current.pm2_5") }
        let offset = try json["utc_offset_seconds"].optionalInt() ?? 0
        // Pollen is modelled for Europe only; elsewhere the values are null and left out.
        var pollen: [PollenType: Double] = [:]
        for type in PollenType.allCases {
            if let count = try current["\(type.rawValue)_pollen"].optionalDouble() { pollen[type] = count }
        }
        let forecastStart = cut < times.count ? Timestamp.parse(times[cut], utcOffsetSeconds: offset) : nil
        // Each value's hour, for the history; nil when a time does not parse (no guessing).
        let hourTexts = times.prefix(cut) + (currentAppended ? currentTime.map { [$0] } ?? [] : [])
        let hourlyTimes = hourTexts.map { Timestamp.parse($0, utcOffsetSeconds: offset) }
        return Pollution(
            source: ProviderID.openMeteo.rawValue,
            observedAt: currentTime.flatMap { Timestamp.parse($0, utcOffsetSeconds: offset) },
            hourly: HourlySeries(series), pollen: pollen.isEmpty ? nil : pollen,
            forecast: forecastStart.flatMap { ahead.isEmpty ? nil : HourlyForecast(start: $0, series: HourlySeries(ahead)) },
            pollenHourly: try decodePollenHourly(json, times: times, offset: offset),
            uv: try decodeUV(json, times: times, offset: offset),
            hourlyTimes: hourlyTimes.contains(nil) ? nil : hourlyTimes.compactMap { $0 })
    }
}
