#if canImport(Glibc)
import Glibc
#endif
import BreatherLocale

/// `[mqtt]`: publish the state for Home Assistant and other machines' bars.
public struct MQTTSettings: Sendable, Equatable {
    /// The broker, `mqtt://host[:port]` (1883) or `mqtts://host[:port]` (8883, TLS).
    public var broker: MQTTURL
    /// `ca_file`: PEM file of the CA that signed the broker's certificate; nil: the system's store.
    public var caFile: String?
    /// `username`; nil connects anonymously.
    public var username: String?
    /// `password_file`, with `~/` expanded: one line, the password (or env
    /// `BREATHER_MQTT_PASSWORD`, or `$CREDENTIALS_DIRECTORY/mqtt.password`). Never a flag.
    public var passwordFile: String?
    /// `client_id`: unique per broker; default `defaultClientID(node:topicPrefix:)`, which
    /// differs for each `topic_prefix` (two publishers on one host must not share one: the
    /// broker drops the older connection whenever the other connects).
    public var clientID: String
    /// `keepalive` in seconds (default 60, 5…3600): the broker sends the last will after 1.5
    /// times this without a word, and it is the idle connection's only wakeup.
    public var keepaliveSeconds = 60
    /// `topic_prefix`: default `breather/<node>`; the state is `<prefix>/state`.
    public var topicPrefix: String
    /// `discovery`: Home Assistant MQTT discovery configs (default true).
    public var discovery = true
    /// `discovery_prefix`: Home Assistant's discovery topic root (default `homeassistant`).
    public var discoveryPrefix = "homeassistant"
    /// This machine's name in topics and entity ids: the host name, lowercased, with every
    /// character outside `a-z 0-9 _ -` turned into `_`.
    public var node: String

    /// Defaults for `broker` on a machine called `node`.
    public init(broker: MQTTURL, node: String) {
        self.broker = broker
        self.node = node
        topicPrefix = "breather/\(node)"
        clientID = Self.defaultClientID(node: node, topicPrefix: "breather/\(node)")
    }

    /// `breather-<node>` for the default topic prefix (when it fits MQTT 3.1.1's 23 bytes),
    /// else `breather-` + the node's first 5 characters + `-` + 8 hex digits of the prefix's
    /// FNV-1a hash: the same on every start, and another for every other prefix.
    public static func defaultClientID(node: String, topicPrefix: String) -> String {
        let plain = "breather-\(node)"
        if topicPrefix == "breather/\(node)", plain.utf8.count <= 23 { return plain }
        return "breather-\(node.prefix(5))-\(hex(fnv1a(topicPrefix)))"
    }

    /// The publisher's id in Home Assistant (device identifier, unique ids, discovery node
    /// id, entity ids): `breather_<node>` for the default topic prefix, else
    /// `breather_<node>_<rest>`, where rest is the prefix without a leading `breather/<node>/`
    /// or `breather/`, lowercased, every character outside `a-z 0-9 _ -` turned into `_`.
    /// Two publishers on one broker have two topic prefixes, hence two ids; the id depends
    /// only on the config, so it is the same after every restart.
    public var publisherID: String {
        if topicPrefix == "breather/\(node)" { return "breather_\(node)" }
        var rest = Substring(topicPrefix)
        if rest.hasPrefix("breather/\(node)/") { rest = rest.dropFirst("breather/\(node)/".count) } else if rest.hasPrefix("breather/") { rest = rest.dropFirst(9) }
        return "breather_\(node)_\(Self.node(hostName: String(rest)))"
    }

    private static func fnv1a(_ text: String) -> UInt32 {
        text.utf8.reduce(2_166_136_261 as UInt32) { ($0 ^ UInt32($1)) &* 16_777_619 }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// The host name as a topic-safe node name ("Living Room.local" → "living_room_local").
    public static func node(hostName: String) -> String {
        let safe = hostName.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" }
        return safe.isEmpty ? "breather" : String(safe)
    }

    /// This machine's host name (gethostname), as `node(hostName:)` makes it safe.
    public static var localNode: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "breather" }
        return node(hostName: String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Why `prefix` cannot be a topic prefix (wildcards, empty levels), or nil when it can.
    public static func topicProblem(_ prefix: String) -> String? {
        if prefix.isEmpty { return tr("must not be empty") }
        // Characters and split, not String.contains(String): that one is _StringProcessing's,
        // which the release binary must not link (scripts/check-binary.sh).
        if prefix.contains(where: { $0 == "+" || $0 == "#" }) { return tr("must not contain the wildcards + or #") }
        if prefix.split(separator: "/", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            return tr("must not start or end with / or have empty levels")
        }
        if prefix.hasPrefix("$") { return tr("must not start with $ (reserved by brokers)") }
        return nil
    }
}

/// `mqtt://host[:port][/path]` or `mqtts://…`: a broker, and for `--source` the topic prefix.
public struct MQTTURL: Sendable, Equatable, CustomStringConvertible {
    /// The host name or address (an IPv6 literal without its brackets).
    public var host: String
    /// The port: given, or 1883 (`mqtt`) / 8883 (`mqtts`).
    public var port: Int
    /// `mqtts`: TLS with certificate and host name checks.
    public var tls: Bool
    /// The path without its leading `/` (a topic prefix for `--source`); empty when none.
    public var path: String

    /// Parses `text`; nil with `problem(text)` saying why.
    public init?(_ text: String) {
        guard Self.problem(text) == nil, let parsed = Self.parse(text) else { return nil }
        self = parsed
    }

    private init(host: String, port: Int, tls: Bool, path: String) {
        self.host = host
        self.port = port
        self.tls = tls
        self.path = path
    }

    /// The URL as written back: `mqtt://host:port[/path]`.
    public var description: String {
        let shownHost = host.contains(where: { $0 == ":" }) ? "[\(host)]" : host
        return "\(tls ? "mqtts" : "mqtt")://\(shownHost):\(port)" + (path.isEmpty ? "" : "/\(path)")
    }

    /// Why `text` is no broker URL, or nil when it is one.
    public static func problem(_ text: String) -> String? {
        guard let parsed = parse(text) else {
            return tr("must be mqtt://host[:port] or mqtts://host[:port] (got %s)").filled("\"\(text)\"")
        }
        if parsed.host.isEmpty { return tr("needs a host name (got %s)").filled("\"\(text)\"") }
        if !(1...65_535).contains(parsed.port) { return tr("port must be from 1 to 65535 (got %s)").filled("\"\(text)\"") }
        return nil
    }

    private static func parse(_ text: String) -> MQTTURL? {
        let tls: Bool
        var rest: Substring
        if text.hasPrefix("mqtt://") { tls = false; rest = text.dropFirst(7) } else if text.hasPrefix("mqtts://") { tls = true; rest = text.dropFirst(8) } else { return nil }
        if rest.contains(where: { $0 == "@" || $0 == "?" || $0 == " " }) { return nil }  // no credentials or options in a URL
        let slash = rest.firstIndex(of: "/")
        let authority = slash.map { rest[..<$0] } ?? rest
        let path = slash.map { String(rest[rest.index(after: $0)...]) } ?? ""
        rest = authority
        var host = Substring(rest)
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        }
        let port: Int
        if let portText {
            guard let value = Int(portText) else { return nil }
            port = value
        } else {
            port = tls ? 8883 : 1883
        }
        return MQTTURL(host: String(host), port: port, tls: tls, path: path.hasSuffix("/") ? String(path.dropLast()) : path)
    }
}
