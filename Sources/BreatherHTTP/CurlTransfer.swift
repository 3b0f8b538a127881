import CCurl
#if canImport(Glibc)
import Glibc
#endif

/// One request's easy handle and the buffers its callbacks fill. Lives on one thread only.
final class CurlTransfer: @unchecked Sendable {
    let request: HTTPRequest
    let userAgent: String
    let allowFileScheme: Bool
    private var body: [UInt8] = []
    private var headers: [String: String] = [:]
    private var bodyTooLarge = false

    init(request: HTTPRequest, userAgent: String, allowFileScheme: Bool) {
        self.request = request
        self.userAgent = userAgent
        self.allowFileScheme = allowFileScheme
    }

    /// Performs the request (blocking) and returns the reply or a typed error.
    func perform() -> Result<HTTPResponse, HTTPError> {
        let shownURL = redactingSecrets(request.url)
        let scheme = request.url.prefix(while: { $0 != ":" }).lowercased()
        guard scheme == "http" || scheme == "https" || (allowFileScheme && scheme == "file") else {
            return .failure(.unsupportedScheme(shownURL))
        }
        guard curlGlobalInit == CURLE_OK, let handle = curl_easy_init() else {
            return .failure(.transport(url: shownURL, detail: "libcurl could not start"))
        }
        defer { curl_easy_cleanup(handle) }
        // curl writes its message here during perform; it must outlive the call.
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        defer { errorBuffer.deallocate() }
        var headerList: UnsafeMutablePointer<curl_slist>?
        for (name, value) in request.headers { headerList = curl_slist_append(headerList, "\(name): \(value)") }
        defer { curl_slist_free_all(headerList) }

        let code: CURLcode = withExtendedLifetime(self) {
            configure(handle, errorBuffer: errorBuffer, headerList: headerList)
            return curl_easy_perform(handle)
        }
        guard code == CURLE_OK else {
            let detail = String(cString: errorBuffer)
            return .failure(error(for: code, detail: detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail, url: shownURL))
        }
        var status = 0
        ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return .success(HTTPResponse(status: status, headers: headers, body: body,
                                     retryAfterSeconds: headers["retry-after"].flatMap(RetryAfter.seconds)))
    }

    private func configure(_ handle: UnsafeMutableRawPointer, errorBuffer: UnsafeMutablePointer<CChar>,
                           headerList: UnsafeMutablePointer<curl_slist>?) {
        let protocols = allowFileScheme ? "http,https,file" : "http,https"
        ccurl_setopt_string(handle, CURLOPT_URL, request.url)
        ccurl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, protocols)
        ccurl_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)  // timeouts without SIGALRM: we are multi-threaded
        ccurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1)
        ccurl_setopt_long(handle, CURLOPT_MAXREDIRS, 5)
        ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1)
        ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2)
        // At least 1 ms: to libcurl 0 means "no limit", and a hung provider must not hang Breather.
        ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, max(1, Int(request.connectTimeoutSeconds * 1000)))
        ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, max(1, Int(request.totalTimeoutSeconds * 1000)))
        ccurl_setopt_string(handle, CURLOPT_USERAGENT, userAgent)
        ccurl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")  // any encoding curl can decode
        ccurl_setopt_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxBodyBytes))  // refuses early on Content-Length
        ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        ccurl_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList)
        let context = Unmanaged.passUnretained(self).toOpaque()
        ccurl_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
            return transfer.receiveBody(data, size * count)
        }
        ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
        ccurl_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
            return transfer.receiveHeader(data, size * count)
        }
        ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
    }

    /// Appends body bytes; returning less than `count` makes curl abort (the size cap).
    private func receiveBody(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let data else { return 0 }
        if body.count + count > request.maxBodyBytes {
            bodyTooLarge = true
            return 0
        }
        data.withMemoryRebound(to: UInt8.self, capacity: count) { body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count)) }
        return count
    }

    private func receiveHeader(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let data else { return 0 }
        let line = data.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
        if line.hasPrefix("HTTP/") {
            headers = [:]  // a new response (after a redirect or 100-continue) starts over
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].lowercased()
            let value = Self.fieldValue(line[line.index(after: colon)...])
            headers[name] = value
        }
        return count
    }

    private func error(for code: CURLcode, detail: String, url: String) -> HTTPError {
        let detail = redactingSecrets(detail)
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
    /// A header line's value without the optional white space around it and the line's CRLF
    /// (RFC 9110 §5.5). `isWhitespace`, not a list of characters: "\r\n" is one Character,
    /// equal to neither "\r" nor "\n". This is the one trim BreatherModel's
    /// `trimmingWhitespace()` cannot serve: HTTP sits below the model and must not import it.
    static func fieldValue(_ raw: Substring) -> String {
        guard let first = raw.firstIndex(where: { !$0.isWhitespace }),
              let last = raw.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(raw[first...last])
    }
}

/// `Retry-After` parsing: delta-seconds or an HTTP-date (RFC 9110 §10.2.3).
enum RetryAfter {
    static func seconds(_ value: String) -> Int? {
        if let delta = Int(value), delta >= 0 { return delta }
        let date = curl_getdate(value, nil)  // libcurl parses RFC 1123/850/asctime dates
        guard date >= 0 else { return nil }
        return max(0, Int(date) - Int(time(nil)))
    }
}
