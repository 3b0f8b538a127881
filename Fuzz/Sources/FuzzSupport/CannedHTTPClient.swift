import BreatherHTTP

/// Answers every request with the fuzzer's bytes, so a provider's whole reply path (status
/// mapping, JSON parsing, decoding, plausibility) runs on them exactly as on a real reply.
struct CannedHTTPClient: HTTPClient {
    let status: Int
    let body: [UInt8]

    func get(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        HTTPResponse(status: status, body: body, retryAfterSeconds: status == 429 ? 60 : nil)
    }
}

/// The statuses each reply is tried with: a success, and the error paths that read the body.
let fuzzedStatuses = [200, 400, 429, 503]

/// A base URL no request leaves the process for (the client is canned).
let cannedBase = "http://fuzz.invalid/v1"
