#if canImport(Glibc)
import Glibc
#endif

/// The libcurl-backed `HTTPClient`: one easy handle per request, all driven concurrently by
/// the process's one `CurlEngine` (a multi handle on a thread of its own, connections reused).
///
/// libcurl itself is loaded at the first request (`CurlLibrary`); making a client costs nothing.
public struct CurlHTTPClient: HTTPClient {
    let userAgent: String

    /// A client sending `userAgent`; only http and https URLs are ever fetched.
    public init(userAgent: String) {
        self.userAgent = userAgent
    }

    /// Performs `request` with libcurl (redirects followed, TLS verified), concurrently with
    /// any other request in flight; throws `.cancelled` as soon as the calling task is cancelled.
    public func get(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let transfer = CurlTransfer(request: request, userAgent: userAgent)
        // A cancelled task (a daemon reloading or stopping) stops its transfer at once rather
        // than waiting for the reply or the time limit.
        return try await withTaskCancellationHandler {
            await CurlEngine.shared.perform(transfer)
        } onCancel: {
            CurlEngine.shared.cancel(transfer)
        }.get()
    }
}

