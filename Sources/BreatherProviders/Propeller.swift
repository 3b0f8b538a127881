import BreatherHTTP
import BreatherJSON
import BreatherModel

/// "Air by Propeller" asthma forecast, the seed app's source. Keyless; probably retired, so
/// every failure is an ordinary `ProviderFailure` that leaves the rest of the line intact.
public struct Propeller: AsthmaProvider {
    /// `propeller`.
    public let id = ProviderID.propeller
    let baseURL: String
    let http: any HTTPClient

    /// A client of `baseURL` (`…/prod`); keyless.
    public init(baseURL: String, http: any HTTPClient) {
        self.baseURL = baseURL
        self.http = http
    }

    /// Propeller's risk and probability from `/forecast`; `pollution` is not used.
    public func asthma(at location: Location, pollution: Pollution?) async throws(ProviderFailure) -> Asthma {
        let request = ProviderRequest(provider: id, part: .asthma, http: http)
        let url = makeURL(baseURL, "/forecast", [
            ("latitude", coordinate(location.latitude)), ("longitude", coordinate(location.longitude)),
        ])
        let json = try await request.getJSON(url, errorBody: { status, body in
            // API-Gateway style bodies: {"message": "..."} (or "description").
            guard let text = (try? body?["message"].string()) ?? (try? body?["description"].string()) else { return nil }
            return status == 429 ? request.fail(.rateLimited, "rate limited: \(text)") : request.fail(.unavailable, "HTTP \(status): \(text)")
        })
        return try request.decode { () throws(JSONError) in try Self.decode(json) }
    }

    /// `properties.code` is low/medium/high; `properties.value` the probability 0…1.
    static func decode(_ json: JSONCursor) throws(JSONError) -> Asthma {
        let properties = json["properties"]
        let code = try properties["code"].string()
        guard let risk = AsthmaRisk(rawValue: code) ?? (code == "very high" ? .veryHigh : nil) else {
            throw JSONError.typeMismatch(path: properties["code"].path, expected: "low, medium, high or very_high", found: "\"\(code)\"")
        }
        let value = try properties["value"].optionalDouble()
        return Asthma(risk: risk, probability: value.map { min(max($0, 0), 1) }, source: ProviderID.propeller.rawValue)
    }
}
