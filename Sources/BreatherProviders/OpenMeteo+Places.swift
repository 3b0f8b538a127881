import BreatherHTTP
import BreatherJSON
import BreatherModel

/// Several places in one request per endpoint: Open-Meteo's forecast and air-quality APIs take
/// comma-separated `latitude`/`longitude` lists and answer with a list of the usual objects, in
/// the order asked. `prefetch` asks once for every place and keeps each place's reply (or the
/// failure they share) in the `OpenMeteoBatch`; each place's `weather(at:)` and `airQuality(at:)`
/// then take theirs instead of asking. A list the provider refuses (a 4xx other than 429), or
/// a reply that does not match the places asked, is kept for no place: each then asks alone,
/// so one bad place cannot blank the others.
extension OpenMeteo {
    /// Asks for the weather at `weatherAt` and the air at `airAt`, each list in one request when
    /// it holds two places or more (one place asks as it always has: nothing is prefetched).
    /// Places whose air needs past days (`backfillDays`) ask alone.
    public func prefetch(weatherAt: [Location], airAt: [Location]) async {
        guard let batch else { return }
        var airPlaces: [Location] = []
        for location in airAt where await backfillDays(location) == nil { airPlaces.append(location) }
        async let weather: Void = prefetchWeather(weatherAt, into: batch)
        async let air: Void = prefetchAir(airPlaces, into: batch)
        _ = await (weather, air)
    }

    private func prefetchWeather(_ locations: [Location], into batch: OpenMeteoBatch) async {
        guard locations.count > 1 else { return }
        let request = ProviderRequest(provider: id, part: .weather, http: http)
        let url = makeURL(forecastURL, "/forecast", Self.coordinateLists(locations) + Self.weatherQuery)
        let replies = await Self.list(request, url, locations) { json throws(ProviderFailure) in
            try request.decode { () throws(JSONError) in try Self.decodeWeather(json) }
        }
        await batch.keepWeather(replies, at: locations)
    }

    private func prefetchAir(_ locations: [Location], into batch: OpenMeteoBatch) async {
        guard locations.count > 1 else { return }
        let request = ProviderRequest(provider: id, part: .air, http: http)
        let url = makeURL(airQualityURL, "/air-quality", Self.coordinateLists(locations) + Self.airQuery(past: ("past_hours", "24")))
        let replies = await Self.list(request, url, locations) { json throws(ProviderFailure) in
            try request.decode { () throws(JSONError) in try Self.decodeAirQuality(json) }
        }
        await batch.keepAir(replies, at: locations)
    }

    static func coordinateLists(_ locations: [Location]) -> [(String, String)] {
        [("latitude", locations.map { coordinate($0.latitude) }.joined(separator: ",")),
         ("longitude", locations.map { coordinate($0.longitude) }.joined(separator: ","))]
    }

    /// One list request's outcome for each place, in order; nil when each place must ask alone
    /// (the list refused, or a reply that is not one object per place where it was asked).
    static func list<T: Sendable>(_ request: ProviderRequest, _ url: String, _ locations: [Location],
                                  decode: (JSONCursor) throws(ProviderFailure) -> T) async -> [Result<T, ProviderFailure>]? {
        var status = 0
        let json: JSONCursor
        do {
            json = try await request.getJSON(url) { code, body in
                status = code
                return errorBody(request)(code, body)
            }
        } catch {
            // Refused (bad coordinates, too many places): each place asks alone. A 429, a 5xx or
            // a timeout would meet every place the same way: they share it.
            if (400..<500).contains(status) && status != 429 { return nil }
            return locations.map { _ in .failure(error) }
        }
        guard let items = try? json.array(), items.count == locations.count else { return nil }
        var replies: [Result<T, ProviderFailure>] = []
        for (index, item) in items.enumerated() {
            guard let latitude = try? item["latitude"].double(), let longitude = try? item["longitude"].double(),
                  isReply(latitude, longitude, for: index, of: locations) else { return nil }
            do throws(ProviderFailure) { replies.append(.success(try decode(item))) } catch { replies.append(.failure(error)) }
        }
        return replies
    }

    /// Whether a list item at `latitude`/`longitude` (the model's grid point) answers place
    /// `index`: within a degree of it, and not clearly nearer another place asked (a reply in
    /// another order).
    static func isReply(_ latitude: Double, _ longitude: Double, for index: Int, of locations: [Location]) -> Bool {
        func distance(_ location: Location) -> Double {
            max(abs(location.latitude - latitude), abs(location.longitude - longitude))
        }
        let own = distance(locations[index])
        return own <= 1 && locations.allSatisfy { distance($0) + 0.5 >= own }
    }
}

/// What one `OpenMeteo.prefetch` brought for each place, taken once by that place's fetch.
public actor OpenMeteoBatch {
    private var weather: [String: Result<Weather, ProviderFailure>] = [:]
    private var air: [String: Result<Pollution, ProviderFailure>] = [:]

    /// An empty batch: every place asks alone until a prefetch fills it.
    public init() {}

    func keepWeather(_ replies: [Result<Weather, ProviderFailure>]?, at locations: [Location]) {
        guard let replies else { return }
        for (location, reply) in zip(locations, replies) { weather[Self.key(location)] = reply }
    }

    func keepAir(_ replies: [Result<Pollution, ProviderFailure>]?, at locations: [Location]) {
        guard let replies else { return }
        for (location, reply) in zip(locations, replies) { air[Self.key(location)] = reply }
    }

    /// Forgets every reply no place took: the next poll asks again.
    public func clear() {
        weather = [:]
        air = [:]
    }

    func takeWeather(at location: Location) -> Result<Weather, ProviderFailure>? {
        weather.removeValue(forKey: Self.key(location))
    }

    func takeAir(at location: Location) -> Result<Pollution, ProviderFailure>? {
        air.removeValue(forKey: Self.key(location))
    }

    /// Places are matched by the coordinates sent (4 decimals).
    static func key(_ location: Location) -> String { "\(coordinate(location.latitude)),\(coordinate(location.longitude))" }
}
