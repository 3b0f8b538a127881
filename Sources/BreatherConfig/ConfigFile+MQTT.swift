import BreatherLocale

/// `[mqtt]`: the broker the daemon publishes to.
extension ConfigFile {
    /// Reads `[mqtt]` into `settings.mqtt`; `url` is required, every other key has a default.
    func applyMQTT(to settings: inout Settings) throws(ConfigError) {
        guard let table = try table("mqtt", in: root) else { return }
        try checkKeys(table, section: "mqtt", allowed: ["url", "ca_file", "username", "password_file", "client_id", "keepalive",
                                                        "topic_prefix", "discovery", "discovery_prefix"])
        guard let url = try string("url", in: table, section: "mqtt") else {
            throw error("mqtt", nil, tr("[mqtt] needs url, like %s").filled("\"mqtt://homeserver:1883\""))
        }
        guard let broker = MQTTURL(url), broker.path.isEmpty else {
            throw error("url", "mqtt", MQTTURL.problem(url) ?? tr("must be mqtt://host[:port] without a path (got %s)").filled("\"\(url)\""))
        }
        var mqtt = MQTTSettings(broker: broker, node: MQTTSettings.localNode)
        mark(&settings, "mqtt.url")
        if let file = try string("ca_file", in: table, section: "mqtt") {
            guard broker.tls else { throw error("ca_file", "mqtt", tr("needs an mqtts:// url (TLS)")) }
            mqtt.caFile = expandHome(file)
            mark(&settings, "mqtt.ca_file")
        }
        if let username = try string("username", in: table, section: "mqtt") {
            guard !username.isEmpty else { throw error("username", "mqtt", tr("must not be empty (leave it out to connect anonymously)")) }
            mqtt.username = username
            mark(&settings, "mqtt.username")
        }
        if let file = try string("password_file", in: table, section: "mqtt") {
            mqtt.passwordFile = expandHome(file)
            mark(&settings, "mqtt.password_file")
        }
        if let id = try string("client_id", in: table, section: "mqtt") {
            guard (1...23).contains(id.utf8.count), !id.contains(where: { $0 == " " }) else {
                throw error("client_id", "mqtt", tr("must be 1 to 23 bytes without spaces (MQTT 3.1.1)"))
            }
            mqtt.clientID = id
            mark(&settings, "mqtt.client_id")
        }
        if let value = table["keepalive"] {
            guard let seconds = value.int, (5...3600).contains(seconds) else {
                throw error("keepalive", "mqtt", tr("must be a whole number of seconds from 5 to 3600 (got %s)").filled(value.debugDescription))
            }
            mqtt.keepaliveSeconds = Int(seconds)
            mark(&settings, "mqtt.keepalive")
        }
        for (key, path) in [("topic_prefix", \MQTTSettings.topicPrefix), ("discovery_prefix", \MQTTSettings.discoveryPrefix)] {
            guard let prefix = try string(key, in: table, section: "mqtt") else { continue }
            if let problem = MQTTSettings.topicProblem(prefix) { throw error(key, "mqtt", problem) }
            mqtt[keyPath: path] = prefix
            mark(&settings, "mqtt.\(key)")
        }
        if table["client_id"] == nil { mqtt.clientID = MQTTSettings.defaultClientID(node: mqtt.node, topicPrefix: mqtt.topicPrefix) }
        if let value = table["discovery"] {
            guard let on = value.bool else { throw error("discovery", "mqtt", tr("must be true or false")) }
            mqtt.discovery = on
            mark(&settings, "mqtt.discovery")
        }
        settings.mqtt = mqtt
    }
}
