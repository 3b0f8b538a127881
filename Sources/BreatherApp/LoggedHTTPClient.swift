import BreatherHTTP
import Logging

/// Every request's URL, secrets redacted, and its outcome in the log at debug level: the one
/// place a request URL is written. Provider failures name the cause without it (`HTTPError.reason`),
/// so bars, stderr lines and json stay short and free of URLs.
struct LoggedHTTPClient: HTTPClient {
    let inner: any HTTPClient
    let logger: Logger

    func get(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        do {
            let response = try await inner.get(request)
            logger.log(.debug, "GET \(redactingSecrets(request.url)): HTTP \(response.status)")
            return response
        } catch {
            logger.log(.debug, "GET \(redactingSecrets(request.url)): \(error.reason)")
            throw error
        }
    }
}
