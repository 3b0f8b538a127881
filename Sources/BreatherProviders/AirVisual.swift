import BreatherHTTP
import BreatherJSON
import BreatherModel

/// IQAir AirVisual API v2 `nearest_city`: one call gives both air quality (as indices only on
/// the free plan: `aqius`/`mainus`, `aqicn`/`maincn`) and weather.
///
/// Docs: api-docs.iqair.com. Errors arrive as `{"status":"fail","data":{"message":"<code>"}}`
/// with undocumented HTTP statuses, so the body decides.
public final class AirVisual: AirQualityProvider, WeatherProvider {
    /// `airvisual`.
    public let id = ProviderID.airVisual
    let baseURL: String
    let key: String?
    let http: any HTTPClient
    /// One fetch serves both parts: the free plan allows 10,000 calls a month.
    private let memo = Memo()

    /// A client of `baseURL` (`…/v2`); with no `key`, each call fails as a configuration error without a request.
    public init(baseURL: String, key: String?, http: any HTTPClient) {
        self.baseURL = baseURL
        self.key = key
        self.http = http
    }

    /// The `aqius` and `aqicn` indices as given (no concentrations on the free plan), from the same call as `weather(at:)`.
    public func airQuality(at location: Location) async throws(ProviderFailure) -> Pollution {
        let data = try await nearestCity(location, part: .air)
        let request = ProviderRequest(provider: id, part: .air, http: http)
        return try request.decode { () throws(JSONError) in try Self.decodePollution(data) }
    }

    /// Temperature, humidity, pressure, wind and icon code from `nearest_city`, sharing one request with `airQuality(at:)`.
    public func weather(at location: Location) async throws(ProviderFailure) -> Weather {
        let data = try await nearestCity(location, part: .weather)
        let request = ProviderRequest(provider: id, part: .weather, http: http)
        return try request.decode { () throws(JSONError) in try Self.decodeWeather(data) }
    }

    private func nearestCity(_ location: Location, part: ProviderFailure.Part) async throws(ProviderFailure) -> JSONCursor {
        let request = ProviderRequest(provider: id, part: part, http: http)
        guard let key, !key.isEmpty else {
            throw request.fail(.configuration, "no API key: set BREATHER_AIRVISUAL_KEY or [providers.airvisual] key_file")
        }
        let url = makeURL(baseURL, "/nearest_city", [
            ("lat", coordinate(location.latitude)), ("lon", coordinate(location.longitude)), ("key", key),
        ])
        let result = await memo.value(for: url) { () async -> Result<JSONCursor, ProviderFailure> in
            do throws(ProviderFailure) {
                return .success(try await request.getJSON(url, errorBody: { status, body in Self.errorBody(request, status, body) }))
            } catch { return .failure(error) }
        }
        switch result {
        case .success(let json):
            if let failure = Self.errorBody(request, 200, json) { throw failure }
            return json
        case .failure(var failure):
            failure.part = part
            throw failure
        }
    }

    /// Maps IQAir's documented message codes (see fixtures/providers/README.md).
    static func errorBody(_ request: ProviderRequest, _ status: Int, _ body: JSONCursor?) -> ProviderFailure? {
        guard let body else { return nil }
        let message: String
        if let bare = try? body.string() {
            message = bare  // some errors come as a bare JSON string
        } else if (try? body["status"].string()) == "fail", let code = try? body["data"]["message"].string() {
            message = code
        } else {
            return nil
        }
        switch message {
        case "incorrect_api_key", "api_key_expired", "permission_denied", "Forbidden", "Payment Required", "feature_not_available":
            return request.fail(.configuration, "key rejected (\(message))")
        case "call_limit_reached", "call_per_minute_limit_reached", "too_many_requests":
            return request.fail(.rateLimited, "rate limited (\(message))")
        case "no_nearest_station", "city_not_found", "node not found", "ip_location_failed":
            return request.fail(.notFound, "no data for this place (\(message))")
        default:
            return status >= 500 ? request.fail(.unavailable, "HTTP \(status) (\(message))") : request.fail(.unavailable, message)
        }
    }

    /// IQAir main-pollutant codes.
    static let pollutantCodes: [String: Pollutant] = ["p2": .pm2_5, "p1": .pm10, "o3": .o3, "n2": .no2, "s2": .so2, "co": .co]

    static func decodePollution(_ json: JSONCursor) throws(JSONError) -> Pollution {
        let pollution = json["data"]["current"]["pollution"]
        let aqius = try pollution["aqius"].int()
        var reported = [ReportedIndex(standard: .us, value: aqius, mainPollutant: pollutantCodes[try pollution["mainus"].optionalString() ?? ""], field: "aqius")]
        if let aqicn = try pollution["aqicn"].optionalInt() {
            // IQAir does not say whether `aqicn` follows HJ 633-2012 or -2026; shown as given.
            reported.append(ReportedIndex(standard: .china, value: aqicn, mainPollutant: pollutantCodes[try pollution["maincn"].optionalString() ?? ""], field: "aqicn"))
        }
        return Pollution(source: ProviderID.airVisual.rawValue,
                         observedAt: try pollution["ts"].optionalString().flatMap { Timestamp.parse($0) },
                         reported: reported)
    }

    static func decodeWeather(_ json: JSONCursor) throws(JSONError) -> Weather {
        let weather = json["data"]["current"]["weather"]
        return Weather(
            temperatureC: try weather["tp"].double(),
            humidity: try weather["hu"].optionalDouble(),
            pressureHPa: try weather["pr"].optionalDouble(),
            windSpeedMS: try weather["ws"].optionalDouble(),
            windDirectionDeg: try weather["wd"].optionalDouble(),
            condition: try weather["ic"].optionalString().map(WeatherCondition.icon),
            observedAt: try weather["ts"].optionalString().flatMap { Timestamp.parse($0) },
            source: ProviderID.airVisual.rawValue)
    }
}

/// Shares one request per URL between the air and weather parts of the same refresh. A reply
/// is reused for a minute only, so a long-running daemon still fetches anew on every poll.
///
/// The first caller makes the request in its own task; the others wait for its result. No
/// unstructured `Task`: one would run on Swift's global pool, not on the caller's executor (the
/// daemon's `LoopExecutor`), and the global pool starts libdispatch's once-a-second monitor
/// that would wake an idle daemon for ever.
actor Memo {
    private static let lifetime = Duration.seconds(60)
    private struct Entry {
        var result: Result<JSONCursor, ProviderFailure>?
        var waiters: [CheckedContinuation<Result<JSONCursor, ProviderFailure>, Never>] = []
        let started: ContinuousClock.Instant
    }
    private var entries: [String: Entry] = [:]

    func value(for url: String, _ fetch: @Sendable () async -> Result<JSONCursor, ProviderFailure>) async -> Result<JSONCursor, ProviderFailure> {
        let now = ContinuousClock.now
        entries = entries.filter { $0.value.result == nil || now - $0.value.started < Self.lifetime }
        if let entry = entries[url] {
            if let result = entry.result { return result }
            return await withCheckedContinuation { entries[url]?.waiters.append($0) }
        }
        entries[url] = Entry(started: now)
        let result = await fetch()
        let waiters = entries[url]?.waiters ?? []
        entries[url]?.result = result
        entries[url]?.waiters = []
        waiters.forEach { $0.resume(returning: result) }
        return result
    }
}
