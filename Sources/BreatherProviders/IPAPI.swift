import BreatherHTTP
import BreatherJSON
import BreatherModel

/// ipapi.co: keyless IP geolocation, used only when no location is configured.
/// Its answer is cached for a day by the caller so a bar does not ask on every refresh.
public struct IPAPI: IPLocator {
    let baseURL: String
    let http: any HTTPClient

    /// A client of `baseURL` (`https://ipapi.co` unless configured).
    public init(baseURL: String, http: any HTTPClient) {
        self.baseURL = baseURL
        self.http = http
    }

    /// The machine's approximate coordinates and city from `/json/`.
    public func locateByIP() async throws(ProviderFailure) -> Location {
        let request = ProviderRequest(provider: ProviderID.ipapi, part: .location, http: http)
        let json = try await request.getJSON(makeURL(baseURL, "/json/", []), errorBody: { status, body in
            guard let reason = try? body?["reason"].string() else { return nil }
            return status == 429 || reason == "RateLimited"
                ? request.fail(.rateLimited, "rate limited (\(reason))")
                : request.fail(.unavailable, "HTTP \(status): \(reason)")
        })
        // ipapi.co reports some failures with HTTP 200 and {"error": true, "reason": "..."}.
        if (try? json["error"].bool()) == true {
            let reason = (try? json["reason"].string()) ?? "unknown error"
            throw request.fail(reason == "RateLimited" ? .rateLimited : .unavailable, "could not locate this machine (\(reason))")
        }
        return try request.decode { () throws(JSONError) in
            Location(name: try json["city"].optionalString(),
                     latitude: try json["latitude"].double(),
                     longitude: try json["longitude"].double())
        }
    }
}
