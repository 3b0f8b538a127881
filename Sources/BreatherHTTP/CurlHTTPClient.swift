import CCurl
#if canImport(Glibc)
import Glibc
#endif

/// libcurl's global state, initialised once before the first handle (a global `let` is lazy and thread-safe).
let curlGlobalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

/// The libcurl-backed `HTTPClient`: one easy handle per request, performed on its own thread.
///
/// `curl_easy_perform` blocks, so it must not run on Swift's cooperative pool (or on
/// `DispatchQueue.global()`): on two cores that starves everything else in the process.
public struct CurlHTTPClient: HTTPClient {
    let userAgent: String
    let allowFileScheme: Bool

    /// - Parameter allowFileScheme: also accept `file://` URLs (tests only; providers never need it).
    public init(userAgent: String, allowFileScheme: Bool = false) {
        self.userAgent = userAgent
        self.allowFileScheme = allowFileScheme
    }

    /// Performs `request` with libcurl on a thread of its own (redirects followed, TLS verified).
    public func get(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let transfer = CurlTransfer(request: request, userAgent: userAgent, allowFileScheme: allowFileScheme)
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>) in
            BlockingThread.run { continuation.resume(returning: transfer.perform()) }
        }
        return try result.get()
    }
}

/// Runs a blocking closure on a new detached POSIX thread.
enum BlockingThread {
    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    static func run(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        if started == 0 {
            pthread_detach(thread)
        } else {
            // No thread to be had: run it here rather than never.
            Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()
        }
    }
}
