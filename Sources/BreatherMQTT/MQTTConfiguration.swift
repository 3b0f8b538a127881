import BreatherLocale
/// What an `MQTTClient` connects to and how.
public struct MQTTConfiguration: Sendable, Equatable {
    /// The broker's host name or address.
    public var host: String
    /// The broker's TCP port (1883 for MQTT, 8883 for MQTT over TLS by convention).
    public var port: Int
    /// Speak TLS (`mqtts://`), verifying the broker's certificate and host name.
    public var tls: Bool
    /// PEM file of the CA that signed the broker's certificate; nil: the system's CA store.
    public var caFile: String?
    /// The MQTT username, or nil to connect anonymously.
    public var username: String?
    /// The password for `username`. Never logged or printed: `description`s leave it out.
    public var password: String?
    /// The client identifier the broker knows this connection by (unique per broker).
    public var clientID: String
    /// Seconds between keepalive pings; the broker declares the client gone (and sends its
    /// will) after 1.5 times this without a packet. It is also the idle loop's only wakeup.
    public var keepaliveSeconds: Int
    /// A topic holding `online` (retained) while connected and `offline` (the last will, also
    /// sent on a clean stop) otherwise; nil for none.
    public var availabilityTopic: String?
    /// The first wait before reconnecting after a failure; each further failure doubles it.
    public var firstRetrySeconds: Double = 1
    /// The longest wait between two attempts.
    public var maxRetrySeconds: Double = 30
    /// The language of the lines that say why the broker refused or could not be reached (the
    /// broker, host and the library's own words as they are).
    public var language: Language = .english

    /// A client for `host:port`; every other setting has a field of its own.
    public init(host: String, port: Int, tls: Bool = false, caFile: String? = nil, username: String? = nil, password: String? = nil,
                clientID: String, keepaliveSeconds: Int = 60, availabilityTopic: String? = nil) {
        self.host = host
        self.port = port
        self.tls = tls
        self.caFile = caFile
        self.username = username
        self.password = password
        self.clientID = clientID
        self.keepaliveSeconds = keepaliveSeconds
        self.availabilityTopic = availabilityTopic
    }
}

/// What an `MQTTClient` reports from its network thread.
public enum MQTTEvent: Sendable, Equatable {
    /// The broker accepted the connection (the first time, or again after a failure); the
    /// client has already published `online`, renewed its subscriptions and republished its
    /// retained messages.
    case connected
    /// A connection attempt failed or a connection ended; the next attempt is in `retrySeconds`.
    case disconnected(MQTTError, retrySeconds: Double)
    /// A message on a subscribed topic; `retained` when the broker kept it from before.
    case message(MQTTMessage)
    /// A message on a subscribed topic over `MQTTClient.maximumPayload`, dropped unread: its
    /// size in bytes, so the owner can say so (one line, not silence).
    case oversized(topic: String, bytes: Int)
}

/// One message received, copied out of libmosquitto's buffers.
public struct MQTTMessage: Sendable, Equatable {
    /// The topic it was published on.
    public var topic: String
    /// Its bytes (at most `MQTTClient.maximumPayload`).
    public var payload: [UInt8]
    /// True when the broker delivered a message it kept (retained), not a new publish.
    public var retained: Bool

    /// A message on `topic` with `payload`.
    public init(topic: String, payload: [UInt8], retained: Bool) {
        self.topic = topic
        self.payload = payload
        self.retained = retained
    }
}
