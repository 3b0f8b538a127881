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
        #expect(await waitUntil { ((try? broker.retainedMessages("homeassistant/binary_sensor/+/+/config")) ?? []).count == 2 }, "\(daemon.stderr)")
        let state = try #require(jsonObject(try broker.retained("breather/advice/state")))
        let advice = try #require(state["advice"] as? [String: Any], "\(state)")
        #expect(advice["action"] as? String == "ventilate_briefly" && advice["smoke"] as? Bool == true, "\(advice)")
        func config(_ filter: String, _ object: String) throws -> [String: Any]? {
            try broker.retainedMessages(filter).first { $0.split(separator: " ")[0].hasSuffix("/\(object)/config") }
                .flatMap { line in jsonObject(String(line.drop { $0 != " " }.dropFirst())) }
        }
        let sensor = try #require(try config("homeassistant/sensor/+/+/config", "advice"))
        #expect(sensor["device_class"] as? String == "enum")
        #expect(sensor["options"] as? [String] == ["ventilate", "keep_closed", "purifier", "ventilate_briefly", "unknown"])
        #expect(sensor["unit_of_measurement"] == nil && sensor["state_class"] == nil)
        #expect(sensor["value_template"] as? String == "{{ value_json.advice.action if value_json.advice else 'unknown' }}")
        #expect((sensor["unique_id"] as? String)?.hasSuffix("_advice") == true && sensor["state_topic"] as? String == "breather/advice/state")
        let smoke = try #require(try config("homeassistant/binary_sensor/+/+/config", "smoke"))
        #expect(smoke["device_class"] as? String == "smoke" && smoke["payload_on"] as? String == "ON" && smoke["payload_off"] as? String == "OFF")
        #expect(smoke["unit_of_measurement"] == nil && smoke["state_class"] == nil)
        let ventilate = try #require(try config("homeassistant/binary_sensor/+/+/config", "ventilate"))
        #expect(ventilate["device_class"] == nil && ventilate["name"] as? String == "Ventilate")
        #expect((ventilate["value_template"] as? String)?.contains("value_json.advice.action == 'ventilate'") == true)
        // No advice entity is announced as a plain sensor twice.
        #expect(try config("homeassistant/sensor/+/+/config", "smoke") == nil)
    }
}
