import BreatherLocale
import BreatherMQTT
import BreatherTestSupport
import Foundation
import Testing

/// The client against Debian's real `mosquitto` on loopback (Tests/Support/MosquittoBroker.swift).
@Suite("MQTT client against a real mosquitto")
struct MQTTClientTests {
    @Test("publish, subscribe and a retained message: a round trip through the broker")
    func roundTrip() async throws {
        let broker = try await MosquittoBroker.start()
        let publisher = EventRecorder(), subscriber = EventRecorder()
        let a = try makeClient(broker, availability: "t/availability", publisher)
        a.start()
        #expect(await publisher.wait { $0.connections == 1 })
        a.publish("t/state", Array("{\"aqi\":57}".utf8), retain: true)
        // Retained: the broker keeps it for a subscriber that comes later.
        #expect(await waitUntil(timeout: 10) { (try? await broker.retained("t/state")) == "{\"aqi\":57}" })
        #expect(try await broker.retained("t/availability") == "online")
        let b = try makeClient(broker, subscriber)
        b.subscribe("t/state")
        b.start()
        #expect(await subscriber.wait { $0.messages.contains { $0.topic == "t/state" && $0.retained && $0.payload == Array("{\"aqi\":57}".utf8) } })
        // A live publish reaches the subscriber, not marked retained.
        a.publish("t/state", Array("{\"aqi\":60}".utf8), retain: true)
        #expect(await subscriber.wait { $0.messages.contains { $0.payload == Array("{\"aqi\":60}".utf8) && !$0.retained } })
        // A clean stop says `offline` on the availability topic, as the will would.
        a.stop()
        #expect(try await broker.retained("t/availability") == "offline")
        b.stop()
    }

    @Test("a wrong password is a typed, clear error without the password, retried with backoff")
    func wrongPassword() async throws {
        let broker = try await MosquittoBroker.start()
        let recorder = EventRecorder()
        let client = try makeClient(broker, password: "not-the-password", recorder)
        client.start()
        #expect(await recorder.wait { $0.failures.count >= 2 }, "the refusal is retried")
        client.stop()
        let failure = try #require(recorder.failures.first)
        #expect(failure == .notAuthorized("mqtt: 127.0.0.1:\(broker.port) refused the login: Connection Refused: not authorised."))
        #expect(failure.isConfiguration)
        #expect(!failure.description.contains("not-the-password"))
        #expect(recorder.connections == 0)
    }

    @Test("broker down at start: retried until it is up, then connected")
    func brokerDownAtStart() async throws {
        let broker = try await MosquittoBroker.start()
        broker.stop()
        let recorder = EventRecorder()
        let client = try makeClient(broker, recorder)
        client.start()
        #expect(await recorder.wait { $0.failures.count >= 2 })
        #expect(recorder.failures.first == .unreachable("mqtt: cannot reach 127.0.0.1:\(broker.port): Connection refused"))
        try await offThePool { try broker.start() }
        #expect(await recorder.wait { $0.connections == 1 })
        client.stop()
    }

    @Test("broker restarted: the client reconnects, renews its subscription and republishes what it retains")
    func brokerRestarted() async throws {
        let broker = try await MosquittoBroker.start()
        let recorder = EventRecorder()
        let client = try makeClient(broker, availability: "r/availability", recorder)
        client.subscribe("r/command")
        client.start()
        #expect(await recorder.wait { $0.connections == 1 })
        client.publish("r/state", Array("kept".utf8), retain: true)
        #expect(await waitUntil(timeout: 10) { (try? await broker.retained("r/state")) == "kept" })
        broker.stop()  // no persistence: the broker forgets every retained message
        #expect(await recorder.wait { $0.failures.contains(.unreachable("mqtt: lost the connection to 127.0.0.1:\(broker.port)")) })
        try await offThePool { try broker.start() }
        #expect(await recorder.wait { $0.connections == 2 })
        #expect(await waitUntil(timeout: 10) { (try? await broker.retained("r/state")) == "kept" })
        #expect(try await broker.retained("r/availability") == "online")
        // The subscription was renewed on the new connection.
        try broker.publish("r/command", "refresh")
        #expect(await recorder.wait { $0.messages.contains { $0.topic == "r/command" && $0.payload == Array("refresh".utf8) } })
        client.stop()
    }

    @Test("TLS with the test CA connects; a certificate for another host name is a clear TLS error")
    func tls() async throws {
        let broker = try await MosquittoBroker.start(tls: true)
        let good = EventRecorder(), wrongName = EventRecorder(), untrusted = EventRecorder()
        let a = try makeClient(broker, port: broker.tlsPort, tls: true, caFile: broker.caFile, good)
        let b = try makeClient(broker, port: broker.wrongNamePort, tls: true, caFile: broker.caFile, wrongName)
        // The system CA store does not trust the test CA.
        let c = try makeClient(broker, port: broker.tlsPort, tls: true, untrusted)
        [a, b, c].forEach { $0.start() }
        #expect(await good.wait { $0.connections == 1 })
        a.publish("tls/state", Array("secure".utf8), retain: true)
        #expect(await waitUntil(timeout: 10) { (try? await broker.retained("tls/state")) == "secure" })
        #expect(await wrongName.wait { !$0.failures.isEmpty })
        #expect(await untrusted.wait { !$0.failures.isEmpty })
        [a, b, c].forEach { $0.stop() }
        for failure in [wrongName.failures.first, untrusted.failures.first] {
            guard case .tls(let message) = failure else {
                Issue.record("expected a TLS error, got \(String(describing: failure))")
                continue
            }
            #expect(message.hasPrefix("mqtt: TLS handshake with 127.0.0.1:"))
            #expect(message.contains("certificate verify failed"), "OpenSSL's reason is kept: \(message)")
        }
        #expect(wrongName.connections == 0 && untrusted.connections == 0)
        #expect(throws: MQTTError.invalidSettings("mqtt: cannot read ca_file /nonexistent/ca.crt (No such file or directory)")) {
            _ = try makeClient(broker, port: broker.tlsPort, tls: true, caFile: "/nonexistent/ca.crt", EventRecorder())
        }
    }

    @Test("stop ends the network thread promptly even while it waits out a backoff")
    func stopWhileRetrying() async throws {
        let broker = try await MosquittoBroker.start()
        broker.stop()
        let recorder = EventRecorder()
        var configuration = MQTTConfiguration(host: "127.0.0.1", port: broker.port, clientID: "stopper")
        configuration.firstRetrySeconds = 300
        let client = try MQTTClient(configuration) { recorder.record($0) }
        client.start()
        #expect(await recorder.wait { $0.failures.count == 1 })
        let started = Date()
        try await offThePool { client.stop() }
        // Bounded far below the 300 s backoff: a machine at load 50 took 17 s.
        #expect(Date().timeIntervalSince(started) < 60, "stop waited out the 300 s backoff")
    }
}

/// The broker's refusals in the language of the configuration (issue 46): the broker, the
/// library's own words and the system's reason as they are.
@Suite("MQTT client errors in the interface language")
struct MQTTClientLanguageTests {
    @Test("a wrong password in German, a broker down in French; the same kinds of error as in English")
    func refusals() async throws {
        let broker = try await MosquittoBroker.start()
        let german = EventRecorder()
        let client = try makeClient(broker, password: "not-the-password", language: .german, german)
        client.start()
        #expect(await german.wait { $0.failures.count >= 1 })
        client.stop()
        #expect(german.failures.first == .notAuthorized("mqtt: 127.0.0.1:\(broker.port) hat die Anmeldung abgelehnt: Connection Refused: not authorised."))
        broker.stop()
        let french = EventRecorder()
        let down = try makeClient(broker, language: .french, french)
        down.start()
        #expect(await french.wait { $0.failures.count >= 1 })
        down.stop()
        #expect(french.failures.first == .unreachable("mqtt: impossible de joindre 127.0.0.1:\(broker.port) : Connection refused"))
    }
}
