import BreatherConfig
import BreatherJSON

/// Home Assistant MQTT discovery: one retained config per reading under
/// `<discovery_prefix>/sensor/breather_<node>/<object>/config`, all reading the one state
/// document, all in one device, all going unavailable with the availability topic or when no
/// state arrived for `expire_after` (two poll intervals and a minute).
struct HomeAssistantDiscovery {
    let settings: MQTTSettings
    let version: String

    /// How each object id of `MQTTStateDocument.sensors` appears in Home Assistant.
    struct Kind {
        let name: String
        let deviceClass: String?
        let unit: String?
    }

    static let kinds: [String: Kind] = [
        "aqi": Kind(name: "Air quality index", deviceClass: "aqi", unit: nil),
        "pm2_5": Kind(name: "PM2.5", deviceClass: "pm25", unit: "µg/m³"),
        "pm10": Kind(name: "PM10", deviceClass: "pm10", unit: "µg/m³"),
        "o3": Kind(name: "Ozone", deviceClass: "ozone", unit: "µg/m³"),
        "no2": Kind(name: "Nitrogen dioxide", deviceClass: "nitrogen_dioxide", unit: "µg/m³"),
        "so2": Kind(name: "Sulphur dioxide", deviceClass: "sulphur_dioxide", unit: "µg/m³"),
        "co": Kind(name: "Carbon monoxide", deviceClass: "carbon_monoxide", unit: "ppm"),
        "temperature": Kind(name: "Temperature", deviceClass: "temperature", unit: "°C"),
        "humidity": Kind(name: "Humidity", deviceClass: "humidity", unit: "%"),
        "pressure": Kind(name: "Pressure", deviceClass: "atmospheric_pressure", unit: "hPa"),
        "wind_speed": Kind(name: "Wind speed", deviceClass: "wind_speed", unit: "m/s"),
        "asthma_probability": Kind(name: "Asthma probability", deviceClass: nil, unit: "%"),
        // Home Assistant has no device class for UV (its sensor device classes name none), so
        // a plain measurement with the unit its own integrations (OpenUV, AccuWeather) show.
        "uv_index": Kind(name: "UV index", deviceClass: nil, unit: "UV index"),
        // The indoor sensor (`[sources] indoor`); its index is of particles alone.
        "indoor_aqi": Kind(name: "Indoor air quality index", deviceClass: "aqi", unit: nil),
        "indoor_pm2_5": Kind(name: "Indoor PM2.5", deviceClass: "pm25", unit: "µg/m³"),
        "indoor_pm10": Kind(name: "Indoor PM10", deviceClass: "pm10", unit: "µg/m³"),
        "indoor_co2": Kind(name: "Indoor CO₂", deviceClass: "carbon_dioxide", unit: "ppm"),
        "indoor_temperature": Kind(name: "Indoor temperature", deviceClass: "temperature", unit: "°C"),
        "indoor_humidity": Kind(name: "Indoor humidity", deviceClass: "humidity", unit: "%"),
    ]
    // Pollen (`pollen_<species>`) takes the default below: Home Assistant has no pollen device
    // class either; its integrations publish counts as plain measurements with a unit, as here.

    var stateTopic: String { "\(settings.topicPrefix)/state" }
    var availabilityTopic: String { "\(settings.topicPrefix)/availability" }
    var deviceID: String { "breather_\(settings.node)" }
    /// Where Home Assistant says `online` when it (re)starts: every config is sent again.
    var statusTopic: String { "\(settings.discoveryPrefix)/status" }
    /// Every config this node may have left retained, this run or an earlier one.
    var configFilter: String { "\(settings.discoveryPrefix)/sensor/\(deviceID)/+/config" }

    func configTopic(_ object: String) -> String { "\(settings.discoveryPrefix)/\(Self.component(object))/\(deviceID)/\(object)/config" }

    /// The object id a config topic of this node names, nil for any other topic.
    func object(inConfigTopic topic: String) -> String? {
        let component = topic.hasPrefix("\(settings.discoveryPrefix)/binary_sensor/") ? "binary_sensor" : "sensor"
        let prefix = "\(settings.discoveryPrefix)/\(component)/\(deviceID)/", suffix = "/config"
        guard topic.hasPrefix(prefix), topic.hasSuffix(suffix), topic.count > prefix.count + suffix.count else { return nil }
        return String(topic.dropFirst(prefix.count).dropLast(suffix.count))
    }

    /// The config payload announcing `object` (an id of `MQTTStateDocument.sensors`, or
    /// `aqi_category` / `asthma_risk`, the two text sensors) for a daemon polling every `pollSeconds`.
    func config(_ object: String, pollSeconds: Int) -> [UInt8] {
        var config: JSONObject = ["unique_id": .string("\(deviceID)_\(object)"), "object_id": .string("\(deviceID)_\(object)"),
                                  "state_topic": .string(stateTopic), "availability_topic": .string(availabilityTopic),
                                  "payload_available": "online", "payload_not_available": "offline",
                                  "expire_after": .integer(Int64(2 * pollSeconds + 60))]
        switch object {
        case _ where Self.adviceObjects.contains(object):
            for (key, value) in Self.adviceConfig(object) ?? [:] { config[key] = value }
        case "aqi_category":
            config["name"] = "Air quality"
            config["value_template"] = "{{ value_json.air_quality.category }}"
            config["icon"] = "mdi:air-filter"
        case "asthma_risk":
            config["name"] = "Asthma risk"
            config["value_template"] = "{{ value_json.asthma.risk }}"
            config["icon"] = "mdi:lungs"
        default:
            // Pollen (`pollen_<species>`) in grains/m³; any other id without a kind gets no unit
            // rather than a wrong one.
            let kind = Self.kinds[object] ?? Kind(name: String(object.map { $0 == "_" ? " " : $0 }).capitalized, deviceClass: nil,
                                                  unit: object.hasPrefix("pollen_") ? "grains/m³" : nil)
            config["name"] = .string(kind.name)
            config["value_template"] = .string("{{ value_json.sensors.\(object) }}")
            config["state_class"] = "measurement"
            if let deviceClass = kind.deviceClass { config["device_class"] = .string(deviceClass) }
            if let unit = kind.unit { config["unit_of_measurement"] = .string(unit) }
            if object.hasPrefix("indoor_") {
                // The indoor sensor's last reading stays in the state when the sensor stops
                // answering (json `indoor.stale`): its entities go unavailable then, not stale but current.
                config["availability_topic"] = nil
                config["payload_available"] = nil
                config["payload_not_available"] = nil
                config["availability"] = .array([
                    ["topic": .string(availabilityTopic), "payload_available": "online", "payload_not_available": "offline"],
                    ["topic": .string(stateTopic), "payload_available": "online", "payload_not_available": "offline",
                     "value_template": "{{ 'offline' if value_json.indoor is none or value_json.indoor.stale else 'online' }}"],
                ])
                config["availability_mode"] = "all"
            }
        }
        config["device"] = .object(["identifiers": .array([.string(deviceID)]), "name": .string("Breather \(settings.node)"),
                                    "manufacturer": "Breather", "model": "Air quality, weather and asthma risk",
                                    "sw_version": .string(version)])
        return Array(JSON.serialize(.object(config)).utf8)
    }
}

private extension String {
    var capitalized: String { prefix(1).uppercased() + dropFirst() }
}
