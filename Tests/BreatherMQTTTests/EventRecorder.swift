import BreatherLocale
import BreatherMQTT
import BreatherTestSupport
import Foundation

/// Collects a client's events (delivered on its network thread) for the tests to wait on.
final class EventRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [MQTTEvent] = []

    func record(_ event: MQTTEvent) { lock.withLock { recorded.append(event) } }

    var events: [MQTTEvent] { lock.withLock { recorded } }

    var connections: Int { events.filter { $0 == .connected }.count }
    var failures: [MQTTError] {
        events.compactMap { if case .disconnected(let error, _) = $0 { error } else { nil } }
    }
    var messages: [MQTTMessage] {
        events.compactMap { if case .message(let message) = $0 { message } else { nil } }
    }

    /// Waits (off the cooperative pool) until `condition` holds; false after `timeout` seconds.
    func wait(timeout: Double = 15, _ condition: @escaping @Sendable (EventRecorder) -> Bool) async -> Bool {
        await waitUntil(timeout: timeout) { condition(self) }
    }
}

/// A client of the test broker with the right password unless told otherwise.
func makeClient(_ broker: MosquittoBroker, port: Int? = nil, password: String = MosquittoBroker.password, tls: Bool = false,
                caFile: String? = nil, availability: String? = nil, keepalive: Int = 60, language: Language = .english,
                _ recorder: EventRecorder) throws -> MQTTClient {
    var configuration = MQTTConfiguration(host: "127.0.0.1", port: port ?? broker.port, tls: tls, caFile: caFile,
                                          username: MosquittoBroker.username, password: password,
                                          clientID: "test-\(UUID().uuidString.prefix(8))", keepaliveSeconds: keepalive,
                                          availabilityTopic: availability)
    configuration.firstRetrySeconds = 0.2
    configuration.maxRetrySeconds = 1
    configuration.language = language
    return try MQTTClient(configuration) { recorder.record($0) }
}
