import BreatherLocale
import BreatherMQTT
import Testing

/// What libmosquitto refuses before any connection (a client id, a username, an availability
/// topic), in the people's language (issue 46): Breather's sentence translated, the value and
/// libmosquitto's own words as they are; English unchanged. No broker: the client is only made.
@Suite("MQTT settings libmosquitto refuses at start, in the people's language")
struct MQTTStartErrorLanguageTests {
    /// The line `MQTTClient` throws for these settings in `language`; nil when it accepts them.
    static func refusal(clientID: String = "breather-test", username: String? = nil, availability: String? = nil,
                        in language: Language) -> String? {
        var configuration = MQTTConfiguration(host: "127.0.0.1", port: 1883, username: username, password: username.map { _ in "secret" },
                                              clientID: clientID, availabilityTopic: availability)
        configuration.language = language
        do {
            _ = try MQTTClient(configuration) { _ in }
            return nil
        } catch {
            return error.description
        }
    }

    @Test("a client id with a control character: French and Chinese sentences, the id quoted as it is; English unchanged")
    func clientID() {
        let id = "bad\u{1}id"
        #expect(Self.refusal(clientID: id, in: .english) == "mqtt: libmosquitto refused the client id \"\(id)\"")
        #expect(Self.refusal(clientID: id, in: .french) == "mqtt: libmosquitto a refusé l'identifiant client \"\(id)\"")
        #expect(Self.refusal(clientID: id, in: .chinese) == "mqtt: libmosquitto 拒绝了客户端 id \"\(id)\"")
        #expect(Self.refusal(clientID: "breather-fine", in: .french) == nil, "a good id makes a client")
    }

    @Test("a username libmosquitto refuses: German 'Benutzername', libmosquitto's words after it as in English; no password")
    func username() throws {
        let name = "user\u{1}name"
        let english = try #require(Self.refusal(username: name, in: .english))
        #expect(english.hasPrefix("mqtt: username: ") && english.count > "mqtt: username: ".count, "\(english)")
        let words = english.dropFirst("mqtt: username: ".count)
        #expect(Self.refusal(username: name, in: .german) == "mqtt: Benutzername: \(words)")
        #expect(!english.contains("secret"))
    }

    @Test("an availability topic with a wildcard: French sentence, the topic and libmosquitto's words verbatim; English unchanged")
    func availabilityTopic() throws {
        let english = try #require(Self.refusal(availability: "home/#", in: .english))
        let start = "mqtt: availability topic \"home/#\": "
        #expect(english.hasPrefix(start) && english.count > start.count, "\(english)")
        let words = english.dropFirst(start.count)
        #expect(Self.refusal(availability: "home/#", in: .french) == "mqtt: sujet de disponibilité \"home/#\" : \(words)")
        #expect(Self.refusal(availability: "home/#", in: .german) == "mqtt: Verfügbarkeits-Topic \"home/#\": \(words)")
    }
}
