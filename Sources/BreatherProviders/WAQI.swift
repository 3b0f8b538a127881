import BreatherHTTP
import BreatherJSON
import BreatherModel

/// World Air Quality Index project (aqicn.org) `feed/geo:{lat};{lon}/`.
///
/// WAQI gives an index, never concentrations: `aqi` and `iaqi.<pollutant>.v` are values on
/// its own US-EPA-like scale, so they are shown as given (`computed: false`) and never fed to
/// a standard's tables. `aqi` may be the string `"-"` (no index at this station): then this
/// source cannot serve and the next air source is asked. Its terms require crediting WAQI and
/// the originating agency, so `data.attributions` travels with the data.
/// Errors arrive as `{"status":"error","data":"<message>"}`, usually with HTTP 200.
public struct WAQI: AirQualityProvider {
    /// `waqi`.
    public let id = ProviderID.waqi
    let baseURL: String
    let token: String?
    let http: any HTTPClient

    /// A client of `baseURL` (`https://api.waqi.info`); with no `token`, each call fails as a configuration error without a request.
    public init(baseURL: String, token: String?, http: any HTTPClient) {
        self.baseURL = baseURL
        self.token = token
        self.http = http
    }

    /// The station's index as given, with its main pollutant, time and credits, from `feed/geo:`.
    public func airQuality(at location: Location) async throws(ProviderFailure) -> Pollution {
        let request = ProviderRequest(provider: id, part: .air, http: http)
        guard let token, !token.isEmpty else {
            throw request.fail(.configuration, "no API token: set BREATHER_WAQI_TOKEN or [providers.waqi] token_file")
        }
        let path = "/feed/geo:\(coordinate(location.latitude));\(coordinate(location.longitude))/"
        let url = makeURL(baseURL, path, [("token", token)])
        let json = try await request.getJSON(url, errorBody: { status, body in Self.errorBody(request, status, body) })
        if let failure = Self.errorBody(request, 200, json) { throw failure }
        return try request.decode { () throws(JSONError) in try Self.decodePollution(json) }
    }

    /// Maps WAQI's error messages; the body decides, not the HTTP status.
    static func errorBody(_ request: ProviderRequest, _ status: Int, _ body: JSONCursor?) -> ProviderFailure? {
        guard let body, (try? body["status"].string()) == "error" else { return nil }
        let message = (try? body["data"].string()) ?? (try? body["message"].string()) ?? "error"
        switch message.lowercased() {
        case "invalid key": return request.fail(.configuration, "token rejected (\(message))")
        case "over quota": return request.fail(.rateLimited, "rate limited (\(message))")
        case "unknown station", "no station": return request.fail(.notFound, "no data for this place (\(message))")
        default: return request.fail(.unavailable, message)
        }
    }

    /// WAQI's `dominentpol` (sic) and `iaqi` keys.
    static let pollutantKeys: [String: Pollutant] = ["pm25": .pm2_5, "pm10": .pm10, "o3": .o3, "no2": .no2, "so2": .so2, "co": .co]

    static func decodePollution(_ json: JSONCursor) throws(JSONError) -> Pollution {
        let data = json["data"]
        var reported: [ReportedIndex] = []
        // `aqi` is a number, or "-" when the station has no current index.
        if let aqi = try? data["aqi"].int() {
            let main = try data["dominentpol"].optionalString().flatMap { pollutantKeys[$0] }
            reported.append(ReportedIndex(standard: .us, value: aqi, mainPollutant: main, field: "aqi"))
        } else if (try? data["aqi"].string()) == nil {
            _ = try data["aqi"].int()  // neither a number nor a string: report the path
        }
        let attributions = data["attributions"].exists
            ? try data["attributions"].array().map { item throws(JSONError) in
                Attribution(name: try item["name"].string().trimmingWhitespace(), url: try item["url"].optionalString())
            }
            : []
        // `time.iso` carries the real offset; `time.v` is local wall-clock time posing as UTC.
        let observed = try data["time"]["iso"].optionalString().flatMap { Timestamp.parse($0) }
        return Pollution(source: ProviderID.waqi.rawValue, observedAt: observed, reported: reported, attributions: attributions)
    }
}
