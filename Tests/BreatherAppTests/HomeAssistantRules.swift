#if canImport(Glibc)
import Glibc
#endif
import BreatherJSON

/// Home Assistant's MQTT discovery rules as Tests/Fixtures/homeassistant writes them down (read
/// from HA 2026.2.3; provenance in its README.md): `problems(topic:payload:)` lists every rule a
/// published config breaks, and `stateProblems` every entity whose state Home Assistant would
/// refuse or drop.
struct HomeAssistantRules {
    let deviceClasses: JSONObject
    let stateClasses: [String]
    let sensorSchema: JSONObject
    let binarySensorSchema: JSONObject

    /// The fixtures, read from the repository this file is in.
    static func load() throws -> HomeAssistantRules {
        func object(_ file: String) throws -> JSONObject {
            let folder = String(#filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(2).joined(separator: "/"))
            guard case .object(let object) = try JSON.parse(try read("\(folder)/Fixtures/homeassistant/\(file)")) else {
                throw RulesError.unreadable(file)
            }
            return object
        }
        let units = try object("device_class_units.json")
        guard case .object(let classes)? = units["device_classes"], case .array(let states)? = units["state_classes"] else {
            throw RulesError.unreadable("device_class_units.json")
        }
        return HomeAssistantRules(deviceClasses: classes, stateClasses: states.compactMap(\.string),
                                  sensorSchema: try object("mqtt_sensor_schema.json"), binarySensorSchema: try object("mqtt_binary_sensor_schema.json"))
    }

    enum RulesError: Error { case unreadable(String) }

    static func read(_ path: String) throws -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw RulesError.unreadable(path) }
        defer { fclose(file) }
        var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }

    /// Every rule the config `payload` published on `topic` breaks (README rules 1–21), one line each.
    func problems(topic: String, payload: [UInt8]) -> [String] {
        var problems: [String] = []
        let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
        let safe = { (level: Substring) in !level.isEmpty && level.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") } }
        guard levels.count == 5, levels[4] == "config", safe(levels[2]), safe(levels[3]) else { return ["\(topic): not <prefix>/<component>/<node_id>/<object_id>/config"] }
        let component = String(levels[1])
        guard let schema = component == "sensor" ? sensorSchema : component == "binary_sensor" ? binarySensorSchema : nil else {
            return ["\(topic): component \(component) is neither sensor nor binary_sensor"]
        }
        guard case .object(let config)? = try? JSON.parse(payload) else { return ["\(topic): not a JSON object"] }
        guard case .object(let keys)? = schema["keys"] else { return ["schema without keys"] }
        for key in config.keys where keys[key] == nil { problems.append("unknown key \(key) (rule 11)") }
        if config["object_id"] != nil { problems.append("object_id (rule 13)") }
        if config["state_topic"]?.string?.isEmpty != false { problems.append("no state_topic (rule 12)") }
        // Rule 13: default_entity_id is `<domain>.<object id>`.
        if let id = config["default_entity_id"]?.string {
            let parts = id.split(separator: ".", maxSplits: 1)
            if parts.count != 2 || parts[0] != component || !parts[1].allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }) {
                problems.append("default_entity_id \(id) is not \(component).<lowercase id>")
            }
        } else {
            problems.append("no default_entity_id (rule 13)")
        }
        if config["unique_id"]?.string?.isEmpty != false { problems.append("no unique_id (rule 14)") }
        problems += originProblems(config["origin"], schema) + deviceProblems(config["device"], schema) + availabilityProblems(config, schema)
        for key in ["expire_after", "suggested_display_precision"] {
            if let value = config[key], !(value.integer.map { $0 >= 0 } ?? false) { problems.append("\(key) is not an integer ≥ 0 (rule 18)") }
        }
        if let category = config["entity_category"], category.string != "diagnostic" { problems.append("entity_category must be diagnostic (rule 19)") }
        if component == "sensor" { problems += sensorProblems(config) } else { problems += binaryProblems(config) }
        return problems.map { "\(topic): \($0)" }
    }

    private func sensorProblems(_ config: JSONObject) -> [String] {
        var problems: [String] = []
        let unit = config["unit_of_measurement"]?.string, stateClass = config["state_class"]?.string
        if let stateClass, !stateClasses.contains(stateClass) { problems.append("unknown state_class \(stateClass)") }
        if config["options"] != nil {
            if config["device_class"]?.string != "enum" { problems.append("options without device_class enum (rule 8)") }
            if config["options"]?.array?.isEmpty != false { problems.append("options empty or not a list (rule 8)") }
        }
        guard let deviceClass = config["device_class"]?.string else { return problems }
        guard case .object(let rules)? = deviceClasses[deviceClass] else { return problems + ["unknown device_class \(deviceClass) (rule 1)"] }
        let units = rules["units"]?.array?.compactMap(\.string) ?? []
        if let unit {
            // Byte for byte: "µg/m³" (U+00B5) is not "μg/m³" (U+03BC).
            if !units.contains(where: { Array($0.utf8) == Array(unit.utf8) }) {
                problems.append("unit \(unit) [\(unit.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " "))] not allowed for \(deviceClass) (rules 2, 3, 5)")
            }
        } else if rules["no_unit_allowed"] != .bool(true) {
            problems.append("\(deviceClass) needs a unit (rule 4)")
        }
        let allowed = rules["state_classes"]?.array?.compactMap(\.string) ?? []
        if let stateClass, !allowed.contains(stateClass) { problems.append("state_class \(stateClass) not allowed for \(deviceClass) (rule 6)") }
        if deviceClass == "enum" {
            if config["options"] == nil { problems.append("enum without options (rule 10, issue 47)") }
            if unit != nil || stateClass != nil { problems.append("enum with a unit or a state_class (rule 9)") }
        }
        return problems
    }

    private func binaryProblems(_ config: JSONObject) -> [String] {
        guard let deviceClass = config["device_class"]?.string else { return [] }
        guard case .object(let keys)? = binarySensorSchema["keys"], case .object(let entry)? = keys["device_class"],
              let values = entry["values"]?.array?.compactMap(\.string), values.contains(deviceClass) else {
            return ["unknown binary_sensor device_class \(deviceClass) (rule 1)"]
        }
        return []
    }

    private func nestedKeys(_ schema: JSONObject, _ block: String) -> [String] {
        guard case .object(let nested)? = schema["nested"], case .object(let entry)? = nested[block], case .object(let keys)? = entry["keys"] else { return [] }
        return keys.keys
    }

    private func originProblems(_ origin: JSONValue?, _ schema: JSONObject) -> [String] {
        guard case .object(let origin)? = origin else { return ["no origin (rule 15)"] }
        let allowed = nestedKeys(schema, "origin")
        return (origin["name"]?.string?.isEmpty == false ? [] : ["origin without name (rule 15)"])
            + origin.keys.filter { !allowed.contains($0) }.map { "unknown origin key \($0) (rule 15)" }
    }

    private func deviceProblems(_ device: JSONValue?, _ schema: JSONObject) -> [String] {
        guard case .object(let device)? = device else { return ["no device (rule 16)"] }
        let allowed = nestedKeys(schema, "device")
        var problems = device.keys.filter { !allowed.contains($0) }.map { "unknown device key \($0) (rule 11)" }
        if (device["identifiers"]?.array ?? []).isEmpty, (device["connections"]?.array ?? []).isEmpty { problems.append("device without identifiers (rule 16)") }
        if device["name"]?.string?.isEmpty != false { problems.append("device without name (rule 16)") }
        return problems
    }

    private func availabilityProblems(_ config: JSONObject, _ schema: JSONObject) -> [String] {
        var problems: [String] = []
        if config["availability"] != nil, config["availability_topic"] != nil { problems.append("availability and availability_topic (rule 17)") }
        if let mode = config["availability_mode"], !["all", "any", "latest"].contains(mode.string ?? "") { problems.append("availability_mode \(mode) (rule 17)") }
        let allowed = nestedKeys(schema, "availability_item")
        for item in config["availability"]?.array ?? [] {
            guard case .object(let item) = item, item["topic"]?.string?.isEmpty == false else { problems.append("availability item without topic"); continue }
            problems += item.keys.filter { !allowed.contains($0) }.map { "unknown availability key \($0)" }
        }
        return problems
    }

    /// What Home Assistant would do with the state `document` for the entity `config`
    /// announces: a problem when the value template (`{{ value_json.a.b }}`) yields nothing,
    /// a number that is not finite for a numeric entity, an enum state outside its options,
    /// a binary state other than ON/OFF, or text over 255 characters (rules 7, 10, 22, 23).
    func stateProblem(config payload: [UInt8], document: JSONValue, binary: Bool) -> String? {
        guard case .object(let config)? = try? JSON.parse(payload), let template = config["value_template"]?.string else { return "no value template" }
        guard template.hasPrefix("{{ value_json."), template.hasSuffix(" }}") else { return "template \(template) not of the form {{ value_json.a.b }}" }
        var value: JSONValue? = document
        for key in template.dropFirst(14).dropLast(3).split(separator: ".") {
            guard case .object(let object)? = value else { value = nil; break }
            value = object[String(key)]
        }
        guard let value else { return "\(template): no value in the state" }
        let numeric = config["state_class"] != nil || config["unit_of_measurement"] != nil || config["suggested_display_precision"] != nil
            || (config["device_class"]?.string).map { deviceClasses[$0].flatMap { $0.object?["numeric_state"] } == .bool(true) } == true
        if numeric {
            switch value {
            case .integer: return nil
            case .number(let number): return number.isFinite ? nil : "\(template): \(number) is not finite"
            default: return "\(template): \(value) is not a number"
            }
        }
        guard let text = value.string else { return "\(template): \(value) is not text" }
        if binary { return ["ON", "OFF"].contains(text) ? nil : "\(template): \(text) is neither ON nor OFF" }
        if config["device_class"]?.string == "enum", !(config["options"]?.array ?? []).contains(.string(text)) { return "\(template): \(text) not among the options" }
        if text.unicodeScalars.count > 255 { return "\(template): over 255 characters" }
        return nil
    }
}

extension JSONValue {
    var string: String? { if case .string(let text) = self { text } else { nil } }
    var integer: Int64? { if case .integer(let value) = self { value } else { nil } }
    var array: [JSONValue]? { if case .array(let items) = self { items } else { nil } }
    var object: JSONObject? { if case .object(let object) = self { object } else { nil } }
}
