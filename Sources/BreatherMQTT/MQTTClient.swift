#if canImport(Glibc)
import Glibc
#endif
import CMosquitto
import Synchronization
import BreatherLocale

/// One connection to an MQTT broker, owned: libmosquitto's client and its network thread live
/// exactly as long as this object, and nothing of theirs escapes (messages are copied out).
///
/// `start()` connects in the background and keeps reconnecting with a doubling backoff (1 s up
/// to 30 s by default); nothing here blocks the caller. Retained publishes and subscriptions
/// are remembered and renewed after every connect, so a broker restarted without persistence
/// gets the state back. Events arrive on the network thread: hand them on, do not block there.
public final class MQTTClient: Sendable {
    /// Larger incoming payloads are dropped (a state document is a few KiB).
    public static let maximumPayload = 256 * 1024

    private let core: Core

    /// Loads libmosquitto (first use only) and makes the client; nothing is sent before `start`.
    public init(_ configuration: MQTTConfiguration, events: @escaping @Sendable (MQTTEvent) -> Void) throws(MQTTError) {
        if let reason = MosquittoLibrary.loadError { throw .libraryUnavailable(reason) }
        guard !configuration.host.isEmpty, (1...65_535).contains(configuration.port) else {
            throw .invalidSettings("mqtt: " + L10n.$language.withValue(configuration.language) { tr("a broker host and a port from 1 to 65535 are needed") })
        }
        guard (5...65_535).contains(configuration.keepaliveSeconds) else {
            throw .invalidSettings("mqtt: " + L10n.$language.withValue(configuration.language) { tr("keepalive must be from 5 to 65535 seconds") })
        }
        core = try Core(configuration, events: events)
    }

    deinit { core.stop(sayingOffline: true) }

    /// Connects in the background; idempotent.
    public func start() { core.start() }

    /// Publishes `payload` on `topic` at QoS 1. A retained one is remembered and published again
    /// after every reconnect; an empty retained payload deletes what the broker kept.
    public func publish(_ topic: String, _ payload: [UInt8], retain: Bool) { core.publish(topic, payload, retain: retain) }

    /// Subscribes to `filter` (QoS 1) now if connected and after every reconnect.
    public func subscribe(_ filter: String) { core.subscribe(filter) }

    /// Publishes `offline` on the availability topic (unless `sayingOffline` is false: a
    /// client replaced by another one under new settings leaves the word to it), disconnects
    /// cleanly and ends the network thread (at most ~2 s when the broker is silent).
    /// Idempotent; `deinit` calls it too.
    public func stop(sayingOffline: Bool = true) { core.stop(sayingOffline: sayingOffline) }
}

/// The libmosquitto handle and what must be renewed on every connect; the C callbacks' context.
/// @unchecked: `client` is set once and libmosquitto's threaded mode makes publish and subscribe
/// safe from any thread; everything else mutable is in `state`.
private final class Core: @unchecked Sendable {
    private let client: OpaquePointer
    private let configuration: MQTTConfiguration
    private let events: @Sendable (MQTTEvent) -> Void
    private struct State {
        var runner: OpaquePointer?
        var stopped = false
        /// Retained messages by topic, in first-publish order, republished after every connect.
        var retained: [(topic: String, payload: [UInt8])] = []
        var subscriptions: [String] = []
        /// What the last CONNACK refused, for the failure that follows it.
        var refusal: MQTTError?
        /// libmosquitto's last error log line (OpenSSL's reason for a failed handshake).
        var lastErrorLog: String?
    }
    private let state = Mutex(State())

    init(_ configuration: MQTTConfiguration, events: @escaping @Sendable (MQTTEvent) -> Void) throws(MQTTError) {
        self.configuration = configuration
        self.events = events
        guard let client = cmosq_new(configuration.clientID) else {
            throw .invalidSettings("mqtt: " + L10n.$language.withValue(configuration.language) {
                tr("libmosquitto refused the client id %s").filled("\"\(configuration.clientID)\"")
            })
        }
        self.client = client
        if let username = configuration.username {
            let rc = cmosq_username_pw_set(client, username, configuration.password)
            guard rc == 0 else {
                throw .invalidSettings("mqtt: " + L10n.$language.withValue(configuration.language) { tr("username: %s").filled(MosquittoLibrary.describe(rc)) })
            }
        }
        if let topic = configuration.availabilityTopic {
            let rc = Self.offline.withUnsafeBytes { cmosq_will_set(client, topic, Int32($0.count), $0.baseAddress, 1, true) }
            guard rc == 0 else {
                throw .invalidSettings("mqtt: " + L10n.$language.withValue(configuration.language) {
                    tr("availability topic %s: %s").filled("\"\(topic)\"", MosquittoLibrary.describe(rc))
                })
            }
        }
        if configuration.tls {
            if let file = configuration.caFile, access(file, R_OK) != 0 {
                let reason = String(cString: strerror(errno))
                throw .invalidSettings("mqtt: " + L10n.$language.withValue(configuration.language) { tr("cannot read ca_file %s (%s)").filled(file, reason) })
            }
            let rc = cmosq_tls_set(client, configuration.caFile)
            guard rc == 0 else {
                let message = L10n.$language.withValue(configuration.language) {
                    tr("cannot use %s for TLS (%s)").filled(configuration.caFile.map { "ca_file \($0)" } ?? tr("the system CA store"), MosquittoLibrary.describe(rc))
                }
                throw .invalidSettings("mqtt: " + message)
            }
        }
        cmosq_set_context(client, Unmanaged.passUnretained(self).toOpaque())
        cmosq_set_callbacks(client, { _, context, reason in Core.from(context)?.connected(reason: reason) },
                            { _, _, _ in },
                            { _, context, message in
                                guard let message else { return }
                                Core.from(context)?.received(message.pointee)
                            },
                            { _, context, level, text in
                                guard level & Int32(MOSQ_LOG_ERR) != 0, let text else { return }
                                let line = String(cString: text)
                                Core.from(context)?.state.withLock { $0.lastErrorLog = line }
                            })
    }

    deinit { cmosq_destroy(client) }

    static let online = Array("online".utf8)
    static let offline = Array("offline".utf8)

    static func from(_ context: UnsafeMutableRawPointer?) -> Core? {
        context.map { Unmanaged<Core>.fromOpaque($0).takeUnretainedValue() }
    }

    func start() {
        state.withLock { state in
            guard state.runner == nil, !state.stopped else { return }
            let context = Unmanaged.passUnretained(self).toOpaque()
            state.runner = cmosq_runner_start(client, configuration.host, Int32(configuration.port), Int32(configuration.keepaliveSeconds),
                                              configuration.firstRetrySeconds, configuration.maxRetrySeconds,
                                              { context, rc, errorNumber, retry in
                                                  Core.from(context)?.failed(rc: rc, errorNumber: errorNumber, retrySeconds: retry)
                                              }, context)
        }
    }

    func publish(_ topic: String, _ payload: [UInt8], retain: Bool) {
        // Under the lock, so a reconnect's republish cannot overtake a newer payload.
        state.withLock { state in
            if retain {
                if let index = state.retained.firstIndex(where: { $0.topic == topic }) {
                    state.retained[index].payload = payload
                } else {
                    state.retained.append((topic, payload))
                }
            }
            guard state.runner != nil, !state.stopped else { return }
            send(topic, payload, retain: retain)
        }
    }

    func subscribe(_ filter: String) {
        state.withLock { state in
            guard !state.subscriptions.contains(filter) else { return }
            state.subscriptions.append(filter)
            guard state.runner != nil, !state.stopped else { return }
            _ = cmosq_subscribe(client, filter, 1)
        }
    }

    func stop(sayingOffline: Bool) {
        let runner: OpaquePointer? = state.withLock { state in
            defer { state.runner = nil; state.stopped = true }
            guard let runner = state.runner, !state.stopped else { return nil }
            // A clean disconnect sends no will: say `offline` first, as the will would.
            if sayingOffline, let topic = configuration.availabilityTopic { send(topic, Self.offline, retain: true) }
            return runner
        }
        // Not under the lock: the network thread's last callbacks take it.
        if let runner { cmosq_runner_stop(runner) }
    }

    private func send(_ topic: String, _ payload: [UInt8], retain: Bool) {
        // Not connected: libmosquitto refuses, and the next connect republishes what is retained.
        _ = payload.withUnsafeBytes { cmosq_publish(client, topic, Int32($0.count), $0.baseAddress, 1, retain) }
    }

    // MARK: On the network thread

    private func connected(reason: Int32) {
        guard reason == 0 else {
            let words = String(cString: cmosq_connack_string(reason))
            let broker = "\(configuration.host):\(configuration.port)"
            let error: MQTTError = L10n.$language.withValue(configuration.language) {
                reason == 4 || reason == 5
                    ? .notAuthorized("mqtt: " + tr("%s refused the login: %s").filled(broker, words))
                    : .refused("mqtt: " + tr("%s refused the connection: %s").filled(broker, words))
            }
            state.withLock { $0.refusal = error }
            return
        }
        state.withLock { state in
            if let runner = state.runner { cmosq_runner_connected(runner) }
            state.refusal = nil
            state.lastErrorLog = nil
            if let topic = configuration.availabilityTopic { send(topic, Self.online, retain: true) }
            for filter in state.subscriptions { _ = cmosq_subscribe(client, filter, 1) }
            for (topic, payload) in state.retained { send(topic, payload, retain: true) }
        }
        events(.connected)
    }

    private func received(_ message: mosquitto_message) {
        guard let topic = message.topic, message.payloadlen >= 0 else { return }
        guard Int(message.payloadlen) <= MQTTClient.maximumPayload else {
            events(.oversized(topic: String(cString: topic), bytes: Int(message.payloadlen)))
            return
        }
        let payload = message.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(message.payloadlen))) } ?? []
        events(.message(MQTTMessage(topic: String(cString: topic), payload: payload, retained: message.retain)))
    }

    private func failed(rc: Int32, errorNumber: Int32, retrySeconds: Double) {
        let (refusal, log) = state.withLock { state in
            defer { state.refusal = nil; state.lastErrorLog = nil }
            return (state.refusal, state.lastErrorLog)
        }
        events(.disconnected(refusal ?? describe(rc: rc, errorNumber: errorNumber, log: log), retrySeconds: retrySeconds))
    }

    /// Why the connection failed, in `configuration.language`.
    private func describe(rc: Int32, errorNumber: Int32, log: String?) -> MQTTError {
        L10n.$language.withValue(configuration.language) { describeInLanguage(rc: rc, errorNumber: errorNumber, log: log) }
    }

    private func describeInLanguage(rc: Int32, errorNumber: Int32, log: String?) -> MQTTError {
        let broker = "\(configuration.host):\(configuration.port)"
        switch rc {
        case Int32(MOSQ_ERR_TLS.rawValue):
            let detail = log.map { " (\($0))" } ?? ""
            return .tls("mqtt: " + tr("TLS handshake with %s failed: its certificate is not trusted or not issued for %s, or it does not speak TLS")
                .filled(broker, "\"\(configuration.host)\"") + detail)
        case Int32(MOSQ_ERR_ERRNO.rawValue):
            return .unreachable("mqtt: " + tr("cannot reach %s: %s").filled(broker, String(cString: strerror(errorNumber))))
        case Int32(MOSQ_ERR_EAI.rawValue):
            return .unreachable("mqtt: " + tr("cannot resolve the broker's host name %s").filled("\"\(configuration.host)\""))
        case Int32(MOSQ_ERR_CONN_LOST.rawValue), MOSQ_ERR_NO_CONN.rawValue:
            return .unreachable("mqtt: " + tr("lost the connection to %s").filled(broker))
        case Int32(MOSQ_ERR_CONN_REFUSED.rawValue):
            return .refused("mqtt: " + tr("%s refused the connection").filled(broker))
        default:
            return .unreachable("mqtt: \(broker): \(MosquittoLibrary.describe(rc))")
        }
    }
}
