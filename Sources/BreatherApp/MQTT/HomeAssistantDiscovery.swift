import BreatherConfig
import BreatherJSON
import BreatherModel
import BreatherViewModel

/// Home Assistant MQTT discovery: one retained config per entity of `HomeAssistantEntity.table`
/// under `<discovery_prefix>/<component>/<publisher id>/<object>/config`, all reading the one
/// state document, all in one device. An entity is unavailable when the daemon is offline
/// (availability topic), when no state arrived for `expire_after` (two poll intervals and a
/// minute), and when its reading is missing from the latest state or its part is stale (a
/// template over the state topic): `availability_mode: all`. The rules the configs follow are
/// Home Assistant 2026.2.3's (Tests/Fixtures/homeassistant).
struct HomeAssistantDiscovery {
    let settings: MQTTSettings
    let version: String
    /// Another `[[place]]`'s name: its own state topic (`<topic_prefix>/places/<name>/state`)
    /// and device (`<publisher id>_<name>`, keyed on the name, so a new `short` label keeps
    /// every id); nil: the place shown, as with one place.
    var place: String?

    var stateTopic: String { place.map { "\(settings.topicPrefix)/places/\($0)/state" } ?? "\(settings.topicPrefix)/state" }
    var availabilityTopic: String { "\(settings.topicPrefix)/availability" }
    /// Notifications of `[alerts]`, not retained (docs/MQTT.md: for automations).
    var alertTopic: String { "\(settings.topicPrefix)/alert" }
    /// The device identifier, the discovery node id and the start of every unique and entity id.
    var deviceID: String {
        // Entity ids take letters, digits and _ only.
        place.map { "\(settings.publisherID)_\(String($0.map { $0 == "-" ? "_" : $0 }))" } ?? settings.publisherID
    }
    /// Where Home Assistant says `online` when it (re)starts: every config is sent again.
    var statusTopic: String { "\(settings.discoveryPrefix)/status" }
    /// Every config this publisher may have left retained, this run or an earlier one.
    var configFilters: [String] {
        [HomeAssistantEntity.Component.sensor, .binarySensor].map { "\(settings.discoveryPrefix)/\($0.rawValue)/\(deviceID)/+/config" }
    }

    func configTopic(_ entity: HomeAssistantEntity) -> String {
        "\(settings.discoveryPrefix)/\(entity.component.rawValue)/\(deviceID)/\(entity.id)/config"
    }

    /// True for a config topic of this publisher (either component).
    func isConfigTopic(_ topic: String) -> Bool {
        configFilters.contains { filter in
            let parts = filter.split(separator: "/", omittingEmptySubsequences: false)
            let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count == levels.count && zip(parts, levels).allSatisfy { $0 == "+" ? !$1.isEmpty : $0 == $1 }
        }
    }

    /// The config payload announcing `entity` for a daemon polling every `pollSeconds` that
    /// shows `standard`.
    func config(_ entity: HomeAssistantEntity, standard: AQIStandard, pollSeconds: Int) -> [UInt8] {
        let name = entity.namesStandard ? "\(entity.name) (\(Format.indexName(standard)))" : entity.name
        let key = entity.documentKey
        var config: JSONObject = [
            "name": .string(name), "unique_id": .string("\(deviceID)_\(entity.id)"),
            "default_entity_id": .string("\(entity.domain).\(deviceID)_\(entity.id)"),
            "state_topic": .string(stateTopic), "value_template": .string("{{ value_json.\(key).\(entity.id) }}"),
            "availability": .array([
                ["topic": .string(availabilityTopic), "payload_available": "online", "payload_not_available": "offline"],
                ["topic": .string(stateTopic), "payload_available": "online", "payload_not_available": "offline",
                 "value_template": .string("{{ 'online' if '\(entity.id)' in value_json.\(key)\(Self.fresh(entity.source)) else 'offline' }}")],
            ]),
            "availability_mode": "all", "expire_after": .integer(Int64(2 * pollSeconds + 60)),
            "origin": .object(["name": "Breather", "sw_version": .string(version)]),
            "device": .object(["identifiers": .array([.string(deviceID)]), "name": .string(deviceName),
                               "manufacturer": "Breather", "model": "Air quality, weather and asthma risk", "sw_version": .string(version)]),
        ]
        if let deviceClass = entity.deviceClass { config["device_class"] = .string(deviceClass) }
        if let unit = entity.unit { config["unit_of_measurement"] = .string(unit) }
        if entity.component == .sensor, let stateClass = entity.stateClass { config["state_class"] = .string(stateClass) }
        if let decimals = entity.decimals { config["suggested_display_precision"] = .integer(Int64(decimals)) }
        if let icon = entity.icon { config["icon"] = .string(icon) }
        if let options = entity.options { config["options"] = .array(options(standard).map(JSONValue.string)) }
        if let attributes = entity.attributes {
            config["json_attributes_topic"] = .string(stateTopic)
            config["json_attributes_template"] = .string(attributes)
        }
        return Array(JSON.serialize(.object(config)).utf8)
    }

    /// "Breather homeserver", and the topic prefix when it is not the default one: two
    /// publishers on one host are two devices with two names.
    var deviceName: String {
        let name = settings.topicPrefix == "breather/\(settings.node)" ? "Breather \(settings.node)" : "Breather \(settings.node) (\(settings.topicPrefix))"
        return place.map { "\(name) \($0)" } ?? name
    }

    /// The rest of the availability template: the reading's part is current (json `stale_parts`,
    /// `indoor.stale`), not carried over from an earlier fetch.
    static func fresh(_ source: HomeAssistantEntity.Source) -> String {
        switch source {
        case .air, .weather, .asthma: " and '\(source.rawValue)' not in value_json.stale_parts"
        // Pollen and UV are stale with the air, and on their own beside a sensor's fresh particles.
        case .pollen, .uv: " and 'air' not in value_json.stale_parts and '\(source.rawValue)' not in value_json.stale_parts"
        case .indoor: " and value_json.indoor is not none and not value_json.indoor.stale"
        case .alerts: ""
        }
    }

    /// The configs `input` asks for, topic → payload: `present`, the entities with a reading;
    /// `outage`, those without one whose part failed this time (kept when already announced:
    /// they read unavailable until the part answers again).
    func plan(_ input: EntityInput, pollSeconds: Int) -> (present: [String: [UInt8]], outage: [String: [UInt8]]) {
        var present: [String: [UInt8]] = [:], outage: [String: [UInt8]] = [:]
        for entity in HomeAssistantEntity.table {
            if Self.reading(entity, input) != nil {
                present[configTopic(entity)] = config(entity, standard: input.output.standard, pollSeconds: pollSeconds)
            } else if Self.failed(entity.source, in: input.output) {
                outage[configTopic(entity)] = config(entity, standard: input.output.standard, pollSeconds: pollSeconds)
            }
        }
        return (present, outage)
    }

    /// True when `source`'s part failed in the refresh behind `output`, or is shown stale
    /// (carried over from an earlier fetch; pollen and UV also beside a sensor's fresh
    /// particles, `Output.isDayAheadStale`). Alerts never fail: they follow `[alerts]`.
    static func failed(_ source: HomeAssistantEntity.Source, in output: Output) -> Bool {
        if source == .pollen || source == .uv, output.isDayAheadStale { return true }
        let part: ProviderFailure.Part? = switch source {
        case .air, .pollen, .uv: .air
        case .weather: .weather
        case .asthma: .asthma
        case .indoor: .indoor
        case .alerts: nil
        }
        guard let part else { return false }
        return output.failures.contains { $0.part == part || $0.part == .location } || output.staleParts.contains(part)
    }

    /// `entity`'s reading in `input`, nil when it has none (or not a finite number).
    static func reading(_ entity: HomeAssistantEntity, _ input: EntityInput) -> EntityValue? {
        switch entity.value(input) {
        case .number(let number)? where !number.isFinite: nil
        case let value: value
        }
    }

    /// The readings of `input` for the state document: `sensors` (numbers, rounded to each
    /// entity's decimals; indices and whole counts as integers) and `states` (text, enum
    /// states, timestamps, `ON`/`OFF`).
    static func readings(_ input: EntityInput) -> (sensors: JSONObject, states: JSONObject) {
        var sensors: JSONObject = [:], states: JSONObject = [:]
        for entity in HomeAssistantEntity.table {
            guard let value = reading(entity, input) else { continue }
            switch value {
            case .integer(let number): sensors[entity.id] = .integer(Int64(number))
            case .number(let number):
                let decimals = entity.decimals ?? 3
                if decimals == 0 { sensors[entity.id] = .integer(Int64(number.rounded())); continue }
                let scale = (0..<decimals).reduce(1.0) { value, _ in value * 10 }
                sensors[entity.id] = .number((number * scale).rounded() / scale)
            case .text(let text): states[entity.id] = .string(text)
            case .on(let on): states[entity.id] = .string(on ? "ON" : "OFF")
            }
        }
        return (sensors, states)
    }
}
