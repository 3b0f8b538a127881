import BreatherConfig
import Testing

@Suite("config [mqtt]")
struct MQTTConfigTests {
    @Test("defaults: port 1883, keepalive 60, breather/<node>, discovery on under homeassistant")
    func defaults() throws {
        let mqtt = try #require(try loadConfig("[mqtt]\nurl = \"mqtt://homeserver\"\n").mqtt)
        let node = MQTTSettings.localNode
        #expect(mqtt.broker == MQTTURL("mqtt://homeserver:1883"))
        #expect(mqtt.broker.description == "mqtt://homeserver:1883" && !mqtt.broker.tls)
        #expect(mqtt.keepaliveSeconds == 60 && mqtt.discovery && mqtt.discoveryPrefix == "homeassistant")
        #expect(mqtt.topicPrefix == "breather/\(node)" && mqtt.clientID.hasPrefix("breather-") && mqtt.clientID.utf8.count <= 23)
        #expect(mqtt.username == nil && mqtt.passwordFile == nil && mqtt.caFile == nil)
        #expect(try loadConfig("").mqtt == nil)
    }

    @Test("ids per publisher: another topic_prefix, another client id and Home Assistant id; the same on every load")
    func idsPerPublisher() throws {
        let node = MQTTSettings.localNode
        let plain = try #require(try loadConfig("[mqtt]\nurl = \"mqtt://homeserver\"\n").mqtt)
        let work = try #require(try loadConfig("[mqtt]\nurl = \"mqtt://homeserver\"\ntopic_prefix = \"breather/work\"\n").mqtt)
        let again = try #require(try loadConfig("[mqtt]\nurl = \"mqtt://homeserver\"\ntopic_prefix = \"breather/work\"\n").mqtt)
        #expect(plain.publisherID == "breather_\(node)" && work.publisherID == "breather_\(node)_work")
        #expect(work.clientID != plain.clientID && work.clientID == again.clientID && work.clientID.utf8.count <= 23, "\(work.clientID)")
        let named = try #require(try loadConfig("[mqtt]\nurl = \"mqtt://homeserver\"\ntopic_prefix = \"x/y\"\nclient_id = \"mine\"\n").mqtt)
        #expect(named.clientID == "mine", "a client_id given wins")
        // On a host called homeserver (what the docs show).
        var settings = MQTTSettings(broker: plain.broker, node: "homeserver")
        #expect(settings.clientID == "breather-homeserver" && settings.publisherID == "breather_homeserver")
        for (prefix, id) in [("breather/work", "breather_homeserver_work"), ("breather/homeserver/attic", "breather_homeserver_attic"),
                             ("Home/Air Quality", "breather_homeserver_home_air_quality")] {
            settings.topicPrefix = prefix
            #expect(settings.publisherID == id)
            let client = MQTTSettings.defaultClientID(node: "homeserver", topicPrefix: prefix)
            #expect(client.hasPrefix("breather-homes-") && client.utf8.count == 23 && client != "breather-homeserver", "\(client)")
        }
        #expect(MQTTSettings.defaultClientID(node: "homeserver", topicPrefix: "breather/work")
                != MQTTSettings.defaultClientID(node: "homeserver", topicPrefix: "breather/home"))
    }

    @Test("every key read", arguments: [true, false])
    func everyKey(discovery: Bool) throws {
        let mqtt = try #require(try loadConfig("""
            [mqtt]
            url = "mqtts://[fd00::1]:8884"
            ca_file = "/etc/breather/ca.crt"
            username = "breather"
            password_file = "/etc/breather/mqtt.password"
            client_id = "living-room"
            keepalive = 30
            topic_prefix = "home/air"
            discovery = \(discovery)
            discovery_prefix = "ha"
            """).mqtt)
        #expect(mqtt.broker.host == "fd00::1" && mqtt.broker.port == 8884 && mqtt.broker.tls)
        #expect(mqtt.caFile == "/etc/breather/ca.crt" && mqtt.username == "breather" && mqtt.passwordFile == "/etc/breather/mqtt.password")
        #expect(mqtt.clientID == "living-room" && mqtt.keepaliveSeconds == 30 && mqtt.topicPrefix == "home/air")
        #expect(mqtt.discovery == discovery && mqtt.discoveryPrefix == "ha")
    }

    @Test("bad values: one line naming the key and the accepted form", arguments: [
        ("url = \"http://homeserver\"", "mqtt.url: must be mqtt://host[:port] or mqtts://host[:port] (got \"http://homeserver\")"),
        ("url = \"mqtt://:1883\"", "mqtt.url: needs a host name (got \"mqtt://:1883\")"),
        ("url = \"mqtt://host:70000\"", "mqtt.url: port must be from 1 to 65535 (got \"mqtt://host:70000\")"),
        ("url = \"mqtt://user:pw@host\"", "mqtt.url: must be mqtt://host[:port] or mqtts://host[:port] (got \"mqtt://user:pw@host\")"),
        ("url = \"mqtt://host/some/prefix\"", "mqtt.url: must be mqtt://host[:port] without a path (got \"mqtt://host/some/prefix\")"),
        ("url = \"mqtt://host\"\nkeepalive = 1", "mqtt.keepalive: must be a whole number of seconds from 5 to 3600 (got 1)"),
        ("url = \"mqtt://host\"\ntopic_prefix = \"breather/#\"", "mqtt.topic_prefix: must not contain the wildcards + or #"),
        ("url = \"mqtt://host\"\ndiscovery_prefix = \"/ha\"", "mqtt.discovery_prefix: must not start or end with / or have empty levels"),
        ("url = \"mqtt://host\"\nca_file = \"/ca.crt\"", "mqtt.ca_file: needs an mqtts:// url (TLS)"),
        ("url = \"mqtt://host\"\npassword = \"hunter2\"", "mqtt.password: unknown key \"password\" in [mqtt]; allowed: url, ca_file, username, password_file, client_id, keepalive, topic_prefix, discovery, discovery_prefix"),
        ("username = \"breather\"", "mqtt: [mqtt] needs url, like \"mqtt://homeserver:1883\""),
        ("url = \"mqtt://host\"\nclient_id = \"a-client-id-longer-than-23\"", "mqtt.client_id: must be 1 to 23 bytes without spaces (MQTT 3.1.1)"),
    ])
    func invalid(body: String, reason: String) throws {
        let error = try #require(configError { () throws(ConfigError) in try loadConfig("[mqtt]\n" + body + "\n") })
        #expect(error.reason == reason)
        #expect(error.line != nil)
    }

    @Test("node names from host names are topic-safe", arguments: [
        ("homeserver", "homeserver"), ("Living-Room.local", "living-room_local"), ("pi 4", "pi_4"), ("", "breather"),
    ])
    func node(host: String, node: String) {
        #expect(MQTTSettings.node(hostName: host) == node)
    }

    @Test("a --source URL keeps its topic prefix")
    func sourceURL() {
        let url = MQTTURL("mqtt://homeserver/breather/kitchen")
        #expect(url?.host == "homeserver" && url?.port == 1883 && url?.path == "breather/kitchen")
        #expect(MQTTURL("mqtts://homeserver:8883/breather/kitchen/")?.path == "breather/kitchen")
    }

    @Test("[sources] state: a publisher's broker and topic prefix; providers listed beside it earn a warning")
    func stateSource() throws {
        let settings = try loadConfig("[sources]\nstate = \"mqtts://homeserver/breather/kitchen\"\n")
        #expect(settings.sources.state == MQTTURL("mqtts://homeserver:8883/breather/kitchen"))
        #expect(settings.warnings.isEmpty)
        #expect(try loadConfig("").sources.state == nil)
        let both = try loadConfig("[sources]\nstate = \"mqtt://homeserver/breather/kitchen\"\nair = [\"open-meteo\"]\n")
        #expect(both.warnings == ["[sources] state is set: air are not asked (the published state has every reading)"])
    }

    @Test("[sources] state that names no topic prefix, or a wildcard: one line with the accepted form",
          arguments: ["mqtt://homeserver", "mqtt://homeserver/breather/#", "http://homeserver/breather/kitchen"])
    func invalidStateSource(url: String) throws {
        let error = try #require(configError { () throws(ConfigError) in try loadConfig("[sources]\nstate = \"\(url)\"\n") })
        #expect(error.reason == "sources.state: must be mqtt://HOST[:PORT]/TOPIC_PREFIX or mqtts://…, like \"mqtt://homeserver/breather/kitchen\" (got \"\(url)\")")
    }
}
