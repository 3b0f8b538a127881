import Testing
import BreatherCache
import BreatherJSON
import BreatherModel

/// A state document from a hostile MQTT publisher (or a tampered store) with terminal escapes
/// in every text field: decoding cleans them, as place names are cleaned, so none reaches a
/// terminal, a log line, json or a tooltip raw.
@Suite struct HostileTextTests {
    /// Every text field of the document filled in (the sample's, with a sensor and its sources).
    static func sample() -> CityConditions {
        var conditions = ConditionsCacheTests.sample()
        conditions.pollution?.pollutantSources = [.pm2_5: "purpleair", .o3: "open-meteo"]
        conditions.pollution?.filledFrom = "open-meteo"
        conditions.weather?.condition = .icon("04d")
        conditions.indoor = SensorReading(source: "airgradient", pm2_5: 4, vocUnit: "index", correction: "epa")
        return conditions
    }

    /// Keys whose values are ids read into an enum (a hostile one is refused, not cleaned).
    static let idKeys: Set<String> = ["part", "kind", "standard", "risk", "main_pollutant"]
    static let attack = "\u{1B}]0;owned\u{07}\u{1B}[2J\u{1B}[31m\u{9B}1m"

    static func poisoned(_ value: JSONValue, key: String? = nil) -> JSONValue {
        switch value {
        case .string(let text) where !idKeys.contains(key ?? ""): .string(attack + text + "\u{1B}[0m")
        case .array(let items): .array(items.map { poisoned($0, key: key) })
        case .object(let object): .object(JSONObject(object.map { ($0.key, poisoned($0.value, key: $0.key)) }))
        default: value
        }
    }

    static func strings(_ value: JSONValue) -> [String] {
        switch value {
        case .string(let text): [text]
        case .array(let items): items.flatMap(strings)
        case .object(let object): object.flatMap { strings($0.value) }
        default: []
        }
    }

    @Test func everyDecodedTextFieldIsCleaned() throws {
        let clean = ConditionsDocument.encode(Self.sample())
        let hostile = Self.poisoned(clean)
        #expect(Self.strings(hostile).filter { $0.hasPrefix("\u{1B}") }.count >= 15)  // the attack reached every text field
        let decoded = try ConditionsDocument.decode(hostile)
        let again = ConditionsDocument.encode(decoded)
        for text in Self.strings(again) {
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(text.debugDescription)")
        }
        #expect(decoded.failures.first?.provider == "open-meteo")
        #expect(decoded.asthma?.method == "AQHI")
        #expect(decoded == Self.sample())
    }
}
