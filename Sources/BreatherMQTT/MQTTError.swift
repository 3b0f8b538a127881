/// Why a connection to the broker failed or could not be set up: one line for the user, never
/// the password.
public enum MQTTError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libmosquitto could not be loaded (the package is missing).
    case libraryUnavailable(String)
    /// The settings cannot make a client (an empty host, a CA file libmosquitto rejects, …).
    case invalidSettings(String)
    /// The broker refused the username or password, or this client (CONNACK 4 or 5).
    case notAuthorized(String)
    /// The broker refused the connection for another reason (protocol version, client id, busy).
    case refused(String)
    /// The TLS handshake failed: an untrusted certificate, a host name that does not match it,
    /// or a broker that does not speak TLS.
    case tls(String)
    /// The broker could not be reached or the connection broke: refused, unreachable, unknown host.
    case unreachable(String)

    /// One line naming the cause.
    public var description: String {
        switch self {
        case .libraryUnavailable(let reason), .invalidSettings(let reason), .notAuthorized(let reason),
             .refused(let reason), .tls(let reason), .unreachable(let reason):
            reason
        }
    }

    /// True for problems a retry cannot mend without a change of settings (credentials, TLS,
    /// the settings themselves): a one-shot reports them as configuration errors.
    public var isConfiguration: Bool {
        switch self {
        case .libraryUnavailable, .invalidSettings, .notAuthorized, .tls: true
        case .refused, .unreachable: false
        }
    }
}
