/// One GET request with the limits that keep a bad provider from hanging or flooding Breather.
public struct HTTPRequest: Sendable {
    public var url: String
    /// Extra request headers.
    public var headers: [String: String]
    public var connectTimeoutSeconds: Double
    /// The limit for the whole exchange; a hung provider must not hang the command.
    public var totalTimeoutSeconds: Double
    /// Replies larger than this are refused while streaming, never buffered whole.
    public var maxBodyBytes: Int

    public init(url: String, headers: [String: String] = [:], connectTimeoutSeconds: Double = 10,
                totalTimeoutSeconds: Double = 25, maxBodyBytes: Int = 8 << 20) {
        self.url = url
        self.headers = headers
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.totalTimeoutSeconds = totalTimeoutSeconds
        self.maxBodyBytes = maxBodyBytes
    }
}

/// A reply with any HTTP status: callers map 4xx/5xx themselves, because providers document
/// their errors in the body.
public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header names lowercased; the last value wins.
    public var headers: [String: String]
    public var body: [UInt8]
    /// `Retry-After` as seconds from now (delta-seconds or an HTTP-date), if sent.
    public var retryAfterSeconds: Int?

    public var isSuccess: Bool { (200..<300).contains(status) }

    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = [], retryAfterSeconds: Int? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.retryAfterSeconds = retryAfterSeconds
    }
}

/// Why a request got no HTTP reply. Every URL inside has its secrets redacted.
public enum HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidURL(String)
    case unsupportedScheme(String)
    case timeout(url: String, seconds: Double)
    /// Cut short (or never sent) because the whole fetch's time limit ran out; `seconds` is that limit.
    case fetchDeadline(url: String, seconds: Double)
    case cannotResolve(host: String)
    case cannotConnect(url: String)
    case tls(url: String, detail: String)
    case bodyTooLarge(url: String, limit: Int)
    case transport(url: String, detail: String)

    public var description: String {
        switch self {
        case .invalidURL(let url): "invalid URL \(url)"
        case .unsupportedScheme(let url): "only http and https are allowed (\(url))"
        case .timeout(let url, let seconds): "timed out after \(Self.seconds(seconds)) (\(url))"
        case .fetchDeadline(let url, let seconds): "stopped: the \(Self.seconds(seconds)) limit for the whole fetch ran out (\(url))"
        case .cannotResolve(let host): "cannot resolve host \(host)"
        case .cannotConnect(let url): "cannot connect (\(url))"
        case .tls(let url, let detail): "TLS error: \(detail) (\(url))"
        case .bodyTooLarge(let url, let limit): "reply too large: over \(Self.size(limit)) (\(url))"
        case .transport(let url, let detail): "\(detail) (\(url))"
        }
    }

    /// Whole MB or KB when the limit is one, else bytes: a 1000-byte cap must not read "0 MB".
    private static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
        return "\(bytes) bytes"
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

/// Performs GET requests. Any HTTP status comes back as a response; only a missing reply throws.
public protocol HTTPClient: Sendable {
    func get(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse
}
