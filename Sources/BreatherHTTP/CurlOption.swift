import CCurl

/// One `curl_easy_setopt` call, named for errors, so every option's return code is checked
/// in one place (`CurlTransfer.start`).
struct CurlOption: Sendable {
    /// The typed value; each case maps to one typed setter of the C shim.
    enum Value: @unchecked Sendable {
        case long(Int)
        case string(String)
        case pointer(UnsafeMutableRawPointer?)
        case offset(Int64)
        case callback(ccurl_data_callback)
    }

    let option: CURLoption
    /// The option's name in libcurl's documentation, e.g. "CURLOPT_PROTOCOLS_STR".
    let name: String
    var value: Value

    func set(on handle: UnsafeMutableRawPointer) -> CURLcode {
        switch value {
        case .long(let number): ccurl_setopt_long(handle, option, number)
        case .string(let text): ccurl_setopt_string(handle, option, text)  // libcurl copies strings
        case .pointer(let pointer): ccurl_setopt_pointer(handle, option, pointer)
        case .offset(let number): ccurl_setopt_off_t(handle, option, curl_off_t(number))
        case .callback(let function): ccurl_setopt_data_callback(handle, option, function)
        }
    }

    /// Everything a Breather request sets: protocols limited to http(s) (file only where a test
    /// allows it), TLS verified, timeouts, a User-Agent, a body-size cap, no signals.
    static func standard(for transfer: CurlTransfer, headerList: UnsafeMutablePointer<curl_slist>?,
                         errorBuffer: UnsafeMutablePointer<CChar>) -> [CurlOption] {
        let request = transfer.request
        let context = Unmanaged.passUnretained(transfer).toOpaque()
        return [
            CurlOption(option: CURLOPT_PROTOCOLS_STR, name: "CURLOPT_PROTOCOLS_STR",
                       value: .string("http,https")),
            CurlOption(option: CURLOPT_REDIR_PROTOCOLS_STR, name: "CURLOPT_REDIR_PROTOCOLS_STR", value: .string("http,https")),
            CurlOption(option: CURLOPT_SSL_VERIFYPEER, name: "CURLOPT_SSL_VERIFYPEER", value: .long(1)),
            CurlOption(option: CURLOPT_SSL_VERIFYHOST, name: "CURLOPT_SSL_VERIFYHOST", value: .long(2)),
            // TLS 1.2 at least: every provider supports it, and older versions are broken.
            CurlOption(option: CURLOPT_SSLVERSION, name: "CURLOPT_SSLVERSION", value: .long(Int(CURL_SSLVERSION_TLSv1_2))),
            CurlOption(option: CURLOPT_URL, name: "CURLOPT_URL", value: .string(request.url)),
            // Timeouts without SIGALRM: the process is multi-threaded.
            CurlOption(option: CURLOPT_NOSIGNAL, name: "CURLOPT_NOSIGNAL", value: .long(1)),
            CurlOption(option: CURLOPT_FOLLOWLOCATION, name: "CURLOPT_FOLLOWLOCATION", value: .long(1)),
            CurlOption(option: CURLOPT_MAXREDIRS, name: "CURLOPT_MAXREDIRS", value: .long(5)),
            // At least 1 ms: to libcurl 0 means "no limit", and a hung provider must not hang Breather.
            CurlOption(option: CURLOPT_CONNECTTIMEOUT_MS, name: "CURLOPT_CONNECTTIMEOUT_MS",
                       value: .long(max(1, Int(request.connectTimeoutSeconds * 1000)))),
            CurlOption(option: CURLOPT_TIMEOUT_MS, name: "CURLOPT_TIMEOUT_MS", value: .long(max(1, Int(request.totalTimeoutSeconds * 1000)))),
            CurlOption(option: CURLOPT_USERAGENT, name: "CURLOPT_USERAGENT", value: .string(transfer.userAgent)),
            // Any encoding curl can decode.
            CurlOption(option: CURLOPT_ACCEPT_ENCODING, name: "CURLOPT_ACCEPT_ENCODING", value: .string("")),
            // Refuses early on Content-Length; the write callback caps what comes without one.
            CurlOption(option: CURLOPT_MAXFILESIZE_LARGE, name: "CURLOPT_MAXFILESIZE_LARGE", value: .offset(Int64(request.maxBodyBytes))),
            CurlOption(option: CURLOPT_ERRORBUFFER, name: "CURLOPT_ERRORBUFFER", value: .pointer(UnsafeMutableRawPointer(errorBuffer))),
            CurlOption(option: CURLOPT_HTTPHEADER, name: "CURLOPT_HTTPHEADER", value: .pointer(UnsafeMutableRawPointer(headerList))),
            CurlOption(option: CURLOPT_WRITEFUNCTION, name: "CURLOPT_WRITEFUNCTION", value: .callback { data, size, count, context in
                Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().receiveBody(data, size * count)
            }),
            CurlOption(option: CURLOPT_WRITEDATA, name: "CURLOPT_WRITEDATA", value: .pointer(context)),
            CurlOption(option: CURLOPT_HEADERFUNCTION, name: "CURLOPT_HEADERFUNCTION", value: .callback { data, size, count, context in
                Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().receiveHeader(data, size * count)
            }),
            CurlOption(option: CURLOPT_HEADERDATA, name: "CURLOPT_HEADERDATA", value: .pointer(context)),
        ]
    }
}
