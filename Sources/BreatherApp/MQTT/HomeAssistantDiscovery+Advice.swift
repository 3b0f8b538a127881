import BreatherJSON
import BreatherViewModel

/// The advice's entities (README "What to do now"): a `sensor` with the action as an enum
/// (`device_class: enum` and its `options`, so automations key on a state), and two
/// `binary_sensor`s, "Ventilate" (the advice is `ventilate`) and "Smoke likely" (`device_class:
/// smoke`). All read json `advice` in the one state document.
extension HomeAssistantDiscovery {
    /// The object ids announced as `binary_sensor` rather than `sensor`.
    static let binaryObjects: Set<String> = ["ventilate", "smoke"]
    /// Every advice object id, announced whenever the state has advice.
    static let adviceObjects: Set<String> = ["advice", "ventilate", "smoke"]

    /// The Home Assistant component of `object`: `binary_sensor` or `sensor`.
    static func component(_ object: String) -> String { binaryObjects.contains(object) ? "binary_sensor" : "sensor" }

    /// Every binary_sensor config this node may have left retained.
    var binaryConfigFilter: String { "\(settings.discoveryPrefix)/binary_sensor/\(deviceID)/+/config" }

    /// The advice entity's keys, nil for any other object id.
    static func adviceConfig(_ object: String) -> JSONObject? {
        switch object {
        case "advice":
            return ["name": "Advice", "icon": "mdi:window-open-variant", "device_class": "enum",
                    "options": .array(Advice.Action.allCases.map { .string($0.rawValue) }),
                    "value_template": "{{ value_json.advice.action if value_json.advice else 'unknown' }}"]
        case "ventilate":
            return ["name": "Ventilate", "icon": "mdi:window-open-variant", "payload_on": "ON", "payload_off": "OFF",
                    "value_template": "{{ 'ON' if value_json.advice and value_json.advice.action == 'ventilate' else 'OFF' }}"]
        case "smoke":
            return ["name": "Smoke likely", "device_class": "smoke", "payload_on": "ON", "payload_off": "OFF",
                    "value_template": "{{ 'ON' if value_json.advice and value_json.advice.smoke else 'OFF' }}"]
        default:
            return nil
        }
    }
}
