import CCurl
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One request's easy handle and the buffers its callbacks fill. Made on the caller's task,
/// then used on `CurlEngine`'s thread only (`start`, the callbacks, `finish`).
final class CurlTransfer: @unchecked Sendable {
    let request: HTTPRequest
    let userAgent: String
    /// The URL as errors show it, secrets redacted.
    let shownURL: String
    /// Changes the options before they are set: tests use it to make libcurl refuse one.
    let adjustOptions: (@Sendable (inout [CurlOption]) -> Void)?
    private var handle: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// curl writes its message here during the transfer; it lives as long as the handle.
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    private var body: [UInt8] = []
    private var headers: [String: String] = [:]
    private var bodyTooLarge = false
    /// Set by `CurlEngine.cancel` from any thread; read by the engine's loop.
    let cancelled = Atomic<Bool>(false)
    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
    /// Connections this transfer had to open: 0 when it reused one (read by tests).
    private(set) var newConnections = 0

    init(request: HTTPRequest, userAgent: String,
         adjustOptions: (@Sendable (inout [CurlOption]) -> Void)? = nil) {
        self.request = request
        self.userAgent = userAgent
        self.shownURL = redactingSecrets(request.url)
        self.adjustOptions = adjustOptions
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit {
        // Both are nil when libcurl never loaded: its functions must not be called then.
        if let handle { ccurl_easy_cleanup(handle) }
        if let headerList { ccurl_slist_free_all(headerList) }
        errorBuffer.deallocate()
    }

    /// The refusal of a scheme other than http(s) (and file where a test allows it), checked
    /// before libcurl is even loaded.
    func schemeFailure() -> HTTPError? {
        let scheme = request.url.prefix(while: { $0 != ":" }).lowercased()
        guard scheme == "http" || scheme == "https" else {
            return .unsupportedScheme(shownURL)
        }
        return nil
    }

    /// Makes the easy handle with every option set, or the error that stops the request: an
    /// option libcurl refuses (say the protocol allow-list or TLS verification) means the
    /// request is not sent rather than sent without that protection.
    func start() -> Result<UnsafeMutableRawPointer, HTTPError> {
        guard let handle = ccurl_easy_init() else {
            return .failure(.transport(url: shownURL, detail: "libcurl could not start (curl_easy_init failed)"))
        }
        self.handle = handle
        for (name, value) in request.headers { headerList = ccurl_slist_append(headerList, "\(name): \(value)") }
        var options = CurlOption.standard(for: self, headerList: headerList, errorBuffer: errorBuffer)
        adjustOptions?(&options)
        for option in options {
            let code = option.set(on: handle)
            guard code == CURLE_OK else {
                let reason = String(cString: ccurl_easy_strerror(code))
                return .failure(.transport(url: shownURL, detail: "libcurl refused \(option.name) (\(reason)); request not sent"))
            }
        }
        return .success(handle)
    }

    /// The reply, or the typed error for libcurl's `code`.
    func finish(_ code: CURLcode) -> Result<HTTPResponse, HTTPError> {
        guard code == CURLE_OK, let handle else {
            let detail = String(cString: errorBuffer)
            return .failure(error(for: code, detail: detail.isEmpty ? String(cString: ccurl_easy_strerror(code)) : detail))
        }
        var connects = 0
        if ccurl_getinfo_long(handle, CURLINFO_NUM_CONNECTS, &connects) == CURLE_OK { newConnections = connects }
        var status = 0
        guard ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK else {
            return .failure(.transport(url: shownURL, detail: "libcurl gave no response status"))
        }
        return .success(HTTPResponse(status: status, headers: headers, body: body,
                                     retryAfterSeconds: headers["retry-after"].flatMap(RetryAfter.seconds)))
    }

    /// Appends body bytes; returning less than `count` makes curl abort (the size cap).
    func receiveBody(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let data else { return 0 }
        if body.count + count > request.maxBodyBytes {
            bodyTooLarge = true
            return 0
        }
        data.withMemoryRebound(to: UInt8.self, capacity: count) { body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count)) }
        return count
    }

    /// Keeps one header line, its name lower-cased. Works on the bytes: a name is ASCII, and
    /// the white space a value may have around it is spaces and tabs (RFC 9110 §5.5), then CRLF.
    func receiveHeader(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let data else { return 0 }
        let line = UnsafeRawBufferPointer(start: data, count: count)
        if line.starts(with: "HTTP/".utf8) {
            headers = [:]  // a new response (after a redirect or 100-continue) starts over
        } else if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            let name = line[..<colon].map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
            headers[String(decoding: name, as: UTF8.self)] = Self.fieldValue(line[(colon + 1)...])
        }
        return count
    }

    private func error(for code: CURLcode, detail: String) -> HTTPError {
        let detail = redactingSecrets(detail)
        let url = shownURL
        switch code {
        case CURLE_OPERATION_TIMEDOUT: return .timeout(url: url, seconds: request.totalTimeoutSeconds)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return .cannotResolve(host: Self.host(of: url))
        case CURLE_COULDNT_CONNECT: return .cannotConnect(url: url)
        case CURLE_FILESIZE_EXCEEDED: return .bodyTooLarge(url: url, limit: request.maxBodyBytes)
        case CURLE_WRITE_ERROR where bodyTooLarge: return .bodyTooLarge(url: url, limit: request.maxBodyBytes)
        case CURLE_UNSUPPORTED_PROTOCOL: return .unsupportedScheme(url)
        case CURLE_URL_MALFORMAT: return .invalidURL(url)
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_CRL_BADFILE:
            return .tls(url: url, detail: detail)
        default: return .transport(url: url, detail: detail)
        }
    }

    static func host(of url: String) -> String {
        let parts = url.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0].hasSuffix(":"), parts[1].isEmpty else { return url }
        let rest = parts[2]
        let authority = rest.prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" })
        let hostPort = authority.split(separator: "@").last.map(String.init) ?? String(authority)
        if hostPort.hasPrefix("[") { return String(hostPort.prefix(while: { $0 != "]" })) + "]" }
        return String(hostPort.prefix(while: { $0 != ":" }))
    }
}

extension CurlTransfer {
    /// A header line's value without the spaces and tabs around it and the line's CRLF.
    static func fieldValue(_ raw: Slice<UnsafeRawBufferPointer>) -> String {
        let isPadding = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        guard let first = raw.firstIndex(where: { !isPadding($0) }), let last = raw.lastIndex(where: { !isPadding($0) }) else { return "" }
        return String(decoding: raw[first...last], as: UTF8.self)
    }
}

/// `Retry-After` parsing: delta-seconds or an HTTP-date (RFC 9110 §10.2.3).
enum RetryAfter {
    static func seconds(_ value: String) -> Int? {
        if let delta = Int(value), delta >= 0 { return delta }
        let date = ccurl_getdate(value)  // libcurl parses RFC 1123/850/asctime dates
        guard date >= 0 else { return nil }
        return max(0, Int(date) - Int(time(nil)))
    }
}
