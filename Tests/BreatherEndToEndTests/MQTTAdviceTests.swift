import BreatherTestSupport
import Foundation
import Testing

@Suite("MQTT: the advice in Home Assistant")
struct MQTTAdviceTests {
    /// The indoor fixture (CO2 1520 ppm) beside outdoor PM2.5 40 µg/m³ that is all of PM10 (10):
    /// smoke likely, so the advice is `ventilate_briefly`. Home Assistant's MQTT discovery rules
    /// (home-assistant.io/integrations/sensor.mqtt, binary_sensor.mqtt, and the sensor entity's
    /// enum device class): an `enum` sensor lists its `options` and has neither a unit nor a
    /// state class; a binary_sensor's state is its `payload_on`/`payload_off`; `smoke` is one of
    /// the binary_sensor device classes.
    @Test("an enum sensor for the advice and binary sensors for ventilate and smoke, each as Home Assistant's schema wants")
    func adviceEntities() async throws {
        let broker = try await MosquittoBroker.start()
        let server = try await FixtureServer.start(routes: indoorRoutes())
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, sources: indoorTables(server, extra: "interval = \"1s\"")
                                      + "\n" + sandbox.mqttTable(broker, prefix: "breather/advice"))
        let daemon = try DaemonProcess(sandbox: sandbox)
        defer { daemon.send(SIGKILL) }
        #expect(await waitUntil { ((try? await broker.retainedMessages("homeassistant/binary_sensor/+/+/config")) ?? []).count >= 2 }, "\(daemon.stderr)")
        let state = try #require(jsonObject(try await broker.retained("breather/advice/state")))
        let advice = try #require(state["advice"] as? [String: Any], "\(state)")
        #expect(advice["action"] as? String == "ventilate_briefly" && advice["smoke"] as? Bool == true, "\(advice)")
        // What the entities read (the state's `states`, issue 47's table).
        let states = try #require(state["states"] as? [String: Any], "\(state)")
        #expect(states["advice"] as? String == "ventilate_briefly" && states["smoke"] as? String == "ON" && states["ventilate"] as? String == "OFF",
                "\(states)")
        func config(_ filter: String, _ object: String) async throws -> [String: Any]? {
            try await broker.retainedMessages(filter).first { $0.split(separator: " ")[0].hasSuffix("/\(object)/config") }
                .flatMap { line in jsonObject(String(line.drop { $0 != " " }.dropFirst())) }
        }
        let sensor = try #require(try await config("homeassistant/sensor/+/+/config", "advice"))
        #expect(sensor["device_class"] as? String == "enum")
        #expect(sensor["options"] as? [String] == ["ventilate", "keep_closed", "purifier", "ventilate_briefly", "unknown"])
        #expect(sensor["unit_of_measurement"] == nil && sensor["state_class"] == nil)
        #expect(sensor["value_template"] as? String == "{{ value_json.states.advice }}")
        #expect((sensor["unique_id"] as? String)?.hasSuffix("_advice") == true && sensor["state_topic"] as? String == "breather/advice/state")
        let smoke = try #require(try await config("homeassistant/binary_sensor/+/+/config", "smoke"))
        // ON/OFF are the binary_sensor's default payloads.
        #expect(smoke["device_class"] as? String == "smoke" && smoke["value_template"] as? String == "{{ value_json.states.smoke }}")
        #expect(smoke["unit_of_measurement"] == nil && smoke["state_class"] == nil)
        let ventilate = try #require(try await config("homeassistant/binary_sensor/+/+/config", "ventilate"))
        #expect(ventilate["device_class"] == nil && ventilate["name"] as? String == "Ventilate")
        #expect(ventilate["value_template"] as? String == "{{ value_json.states.ventilate }}")
        // No advice entity is announced as a plain sensor twice.
        #expect(try await config("homeassistant/sensor/+/+/config", "smoke") == nil)
        // Against Home Assistant's rules as test data (Tests/Fixtures/homeassistant, HA 2026.2.3):
        // every key known to its platform, device classes known, the enum with no unit or state class.
        func fixture(_ name: String) throws -> [String: Any] {
            let url = SupportPaths.repository.appendingPathComponent("Tests/Fixtures/homeassistant/\(name)")
            return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        }
        let sensorKeys = Set(try #require(try fixture("mqtt_sensor_schema.json")["keys"] as? [String: Any]).keys)
        let binaryKeys = try #require(try fixture("mqtt_binary_sensor_schema.json")["keys"] as? [String: Any])
        let binaryClasses = try #require((binaryKeys["device_class"] as? [String: Any])?["values"] as? [String])
        let enumClass = try #require((try fixture("device_class_units.json")["device_classes"] as? [String: Any])?["enum"] as? [String: Any])
        #expect(Set(sensor.keys).subtracting(sensorKeys).isEmpty, "\(Set(sensor.keys).subtracting(sensorKeys))")
        #expect((enumClass["units"] as? [Any])?.isEmpty == true && (enumClass["state_classes"] as? [Any])?.isEmpty == true)
        for entity in [smoke, ventilate] {
            #expect(Set(entity.keys).subtracting(binaryKeys.keys).isEmpty, "\(Set(entity.keys).subtracting(binaryKeys.keys))")
            #expect(!(entity["availability"] != nil && entity["availability_topic"] != nil))
        }
        #expect(binaryClasses.contains("smoke"))
    }
}
