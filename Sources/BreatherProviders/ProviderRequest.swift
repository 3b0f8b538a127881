import BreatherHTTP
import BreatherJSON
import BreatherModel

/// Shared plumbing every provider uses: build a URL, GET it, map transport and HTTP failures
/// to `ProviderFailure`, and parse the body, all with the provider's name on every error.
struct ProviderRequest: Sendable {
    let provider: String
    let part: ProviderFailure.Part
    let http: any HTTPClient

    init(provider: String, part: ProviderFailure.Part, http: any HTTPClient) {
        self.provider = provider
        self.part = part
        self.http = http
    }

    init(provider: ProviderID, part: ProviderFailure.Part, http: any HTTPClient) {
        self.init(provider: provider.rawValue, part: part, http: http)
    }

    /// GETs `url` and returns the parsed JSON of a 2xx reply. Non-2xx replies are handed to
    /// `errorBody` first so a provider can turn its documented error body into a precise failure.
    func getJSON(_ url: String,
                 errorBody: (_ status: Int, _ body: JSONCursor?) -> ProviderFailure? = { _, _ in nil }) async throws(ProviderFailure) -> JSONCursor {
        try await getJSON(HTTPRequest(url: url), errorBody: errorBody)
    }

    /// `getJSON(_:errorBody:)` with the request's own limits (a LAN sensor's short connect timeout).
    func getJSON(_ request: HTTPRequest,
                 errorBody: (_ status: Int, _ body: JSONCursor?) -> ProviderFailure? = { _, _ in nil }) async throws(ProviderFailure) -> JSONCursor {
        let response: HTTPResponse
        do {
            response = try await http.get(request)
        } catch {
            throw failure(for: error)
        }
        // Parsed once, for the error body or the reply (a second parse of every reply was 0.2 ms
        // of a fetching one-shot run).
        let parsed = Result { () throws(JSONError) in try JSON.parse(response.body) }
        guard response.isSuccess else {
            var mapped = errorBody(response.status, try? JSONCursor(parsed.get()))
                ?? failure(status: response.status)
            mapped.retryAfterSeconds = mapped.retryAfterSeconds ?? response.retryAfterSeconds
            throw mapped
        }
        switch parsed {
        case .success(let json): return JSONCursor(json)
        case .failure(let error): throw fail(.badData, "unreadable reply: \(error)")
        }
    }

    /// Runs a decoder, turning JSON path errors into `badData` failures.
    func decode<T>(_ body: () throws(JSONError) -> T) throws(ProviderFailure) -> T {
        try run(body)
    }

    /// Runs a decoder of weather, air or a place, then refuses an empty reply and physically
    /// implausible values (`Plausibility`) as `badData`: the one check every provider's reply goes through.
    /// Overload resolution picks this over the unconstrained `decode` for those types.
    func decode<T: PlausibilityChecked>(_ body: () throws(JSONError) -> T) throws(ProviderFailure) -> T {
        let value = try run(body)
        if let empty = value.emptiness { throw fail(.badData, empty) }
        if let problem = value.implausibility { throw fail(.badData, "implausible value: \(problem)") }
        return value
    }

    private func run<T>(_ body: () throws(JSONError) -> T) throws(ProviderFailure) -> T {
        do { return try body() } catch { throw fail(.badData, "unexpected reply: \(error)") }
    }

    func fail(_ kind: FailureKind, _ message: String, retryAfter: Int? = nil) -> ProviderFailure {
        ProviderFailure(provider: provider, part: part, kind: kind, message: message, retryAfterSeconds: retryAfter)
    }

    /// The generic meaning of an HTTP status when the body says nothing more precise.
    func failure(status: Int) -> ProviderFailure {
        switch status {
        case 401, 403: fail(.configuration, "HTTP \(status): key rejected or access denied")
        case 429: fail(.rateLimited, "HTTP 429: rate limited")
        case 404: fail(.unavailable, "HTTP 404: endpoint not found")
        // Say what the server said: a 500 is its own bug, not "unavailable" (503).
        case 500: fail(.unavailable, "HTTP 500: internal server error")
        case 502: fail(.unavailable, "HTTP 502: bad gateway")
        case 503: fail(.unavailable, "HTTP 503: service unavailable")
        case 504: fail(.unavailable, "HTTP 504: gateway timeout")
        case 500...: fail(.unavailable, "HTTP \(status): server error")
        default: fail(.unavailable, "HTTP \(status)")
        }
    }

    func failure(for error: HTTPError) -> ProviderFailure {
        switch error {
        // `reason`, not `description`: the URL stays out of every output (the debug log has it).
        case .timeout, .fetchDeadline: fail(.timeout, error.reason)
        case .bodyTooLarge: fail(.badData, error.reason)
        case .invalidURL, .unsupportedScheme: fail(.configuration, error.reason)
        default: fail(.unavailable, error.reason)
        }
    }
}

/// Builds `base/path?query` with percent-encoded values. Bases come from config and may end in `/`.
func makeURL(_ base: String, _ path: String, _ query: [(String, String)]) -> String {
    var url = base.hasSuffix("/") ? String(base.dropLast()) : base
    url += path
    if !query.isEmpty {
        url += "?" + query.map { "\($0.0)=\(percentEncode($0.1))" }.joined(separator: "&")
    }
    return url
}

/// Percent-encodes a query value: everything outside RFC 3986's unreserved set, except `,`,
/// which Open-Meteo's variable lists use and RFC 3986 allows in a query.
func percentEncode(_ value: String) -> String {
    var out = ""
    for byte in value.utf8 {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ","):
            out.unicodeScalars.append(Unicode.Scalar(byte))
        default:
            let hex = Array("0123456789ABCDEF")
            out += "%\(hex[Int(byte >> 4)])\(hex[Int(byte & 0xF)])"
        }
    }
    return out
}

/// Coordinates as sent to providers: 4 decimals (~11 m) is plenty and keeps URLs stable for caching.
func coordinate(_ value: Double) -> String {
    let scaled = (value * 10_000).rounded() / 10_000
    return "\(scaled)"
}

/// Applies the configured per-request time limits to every request made through it, so one
/// `timeout` setting bounds every provider call; a request's own smaller limits stand (a
/// sensor on the home network answers within seconds or not at all). Inside a `FetchDeadline`
/// each request gets the smaller of that and the time left, and none is sent once the deadline
/// has passed.
public struct TimeLimitedHTTPClient: HTTPClient {
    let inner: any HTTPClient
    let totalSeconds: Double

    /// Wraps `inner`, giving every request at most `totalSeconds` in all and to connect.
    public init(_ inner: any HTTPClient, totalSeconds: Double) {
        self.inner = inner
        self.totalSeconds = totalSeconds
    }

    /// `request` through the inner client within the configured time limits.
    public func get(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        var limited = request
        limited.totalTimeoutSeconds = min(request.totalTimeoutSeconds, totalSeconds)
        limited.connectTimeoutSeconds = min(request.connectTimeoutSeconds, totalSeconds)
        guard let deadline = FetchDeadline.current else { return try await inner.get(limited) }
        // Checked first also because libcurl would read a limit under a millisecond as none.
        guard !deadline.hasPassed else { throw .fetchDeadline(url: redactingSecrets(request.url), seconds: deadline.seconds) }
        let left = deadline.remainingSeconds
        guard left < limited.totalTimeoutSeconds else { return try await inner.get(limited) }
        limited.totalTimeoutSeconds = left
        limited.connectTimeoutSeconds = min(limited.connectTimeoutSeconds, left)
        do {
            return try await inner.get(limited)
        } catch {
            // A timeout under the cut limit is the deadline's doing, not the provider's own limit.
            if case .timeout(let url, _) = error { throw .fetchDeadline(url: url, seconds: deadline.seconds) }
            throw error
        }
    }
}
