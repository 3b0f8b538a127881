/// One GET request with the limits that keep a bad provider from hanging or flooding Breather.
public struct HTTPRequest: Sendable {
    /// An absolute http(s) URL; any secret in it is redacted from errors.
    public var url: String
    /// Extra request headers.
    public var headers: [String: String]
    /// The limit for establishing the connection (DNS, TCP and TLS).
    public var connectTimeoutSeconds: Double
    /// The limit for the whole exchange; a hung provider must not hang the command.
    public var totalTimeoutSeconds: Double
    /// Replies larger than this are refused while streaming, never buffered whole.
    public var maxBodyBytes: Int

    /// A GET of `url` with the default limits: 10 s to connect, 60 s in all, 8 MiB of body.
    /// Breather's configured `timeout` (`Settings.timeoutRange`: at most 30 s) is smaller, so
    /// it decides; a request that needs less (a sensor on the home network) sets its own.
    public init(url: String, headers: [String: String] = [:], connectTimeoutSeconds: Double = 10,
                totalTimeoutSeconds: Double = 60, maxBodyBytes: Int = 8 << 20) {
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
    /// The HTTP status code, e.g. 200 or 503.
    public var status: Int
    /// Header names lowercased; the last value wins.
    public var headers: [String: String]
    /// The raw body, at most the request's `maxBodyBytes`.
    public var body: [UInt8]
    /// `Retry-After` as seconds from now (delta-seconds or an HTTP-date), if sent.
    public var retryAfterSeconds: Int?

    /// True for a 2xx status.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// A reply as a test double or a client builds it.
    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = [], retryAfterSeconds: Int? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.retryAfterSeconds = retryAfterSeconds
    }
}

/// Why a request got no HTTP reply. Every URL inside has its secrets redacted.
public enum HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL could not be parsed (the payload is the URL, secrets redacted).
    case invalidURL(String)
    /// Not http or https (`file://` only where a test allows it).
    case unsupportedScheme(String)
    /// No reply within `seconds`: the connect or the total limit passed.
    case timeout(url: String, seconds: Double)
    /// Cut short (or never sent) because the whole fetch's time limit ran out; `seconds` is that limit.
    case fetchDeadline(url: String, seconds: Double)
    /// DNS gave no address for `host`.
    case cannotResolve(host: String)
    /// The host refused or could not be reached.
    case cannotConnect(url: String)
    /// Certificate or handshake failure; `detail` is libcurl's message.
    case tls(url: String, detail: String)
    /// The body passed `limit` bytes; the transfer was stopped there.
    case bodyTooLarge(url: String, limit: Int)
    /// Any other libcurl failure; `detail` is its message.
    case transport(url: String, detail: String)
    /// The calling task was cancelled before the reply came; the transfer was stopped.
    case cancelled(url: String)

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
        case .cancelled(let url): "cancelled (\(url))"
        }
    }

    /// The failure without its URL, for what a person reads ("timed out after 25 s", "cannot
    /// connect"): the URL is long and only helps debugging, so it goes to the debug log alone.
    public var reason: String {
        switch self {
        case .invalidURL: "invalid URL"
        case .unsupportedScheme: "only http and https are allowed"
        case .timeout(_, let seconds): "timed out after \(Self.seconds(seconds))"
        case .fetchDeadline(_, let seconds): "stopped: the \(Self.seconds(seconds)) limit for the whole fetch ran out"
        case .cannotResolve(let host): "cannot resolve host \(host)"
        case .cannotConnect: "cannot connect"
        case .tls(_, let detail): "TLS error: \(detail)"
        case .bodyTooLarge(_, let limit): "reply too large: over \(Self.size(limit))"
        case .transport(_, let detail): detail
        case .cancelled: "cancelled"
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
    /// The reply to `request`, whatever its status; throws only when there is no reply (DNS, connection, TLS, timeout, size limit).
    func get(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse
}
