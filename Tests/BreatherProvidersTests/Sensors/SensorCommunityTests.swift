import BreatherHTTP
import BreatherModel
@testable import BreatherProviders
import Testing

@Suite("Sensor.Community airRohr node: /data.json")
struct SensorCommunityTests {
    static let url = "http://192.168.1.70/data.json"

    func node(_ http: any HTTPClient) -> SensorCommunity {
        SensorCommunity(url: "http://192.168.1.70", retryPause: .milliseconds(1), http: http)
    }

    /// The node's reading when it serves `fixture` (under sensor-community/).
    func reading(_ fixture: String) async throws -> SensorReading {
        try await node(FakeHTTP(["/data.json": FakeHTTP.fixture("sensor-community/\(fixture)")])).reading()
    }

    @Test("SDS_P2 PM2.5 and SDS_P1 PM10 from strings; BME280 temperature, humidity, pressure Pa → hPa")
    func reading() async throws {
        let http = FakeHTTP(["/data.json": FakeHTTP.fixture("sensor-community/data.sds011_bme280.json")])
        let reading = try await node(http).reading()
        #expect(http.requested == [Self.url])
        #expect(reading.source == "sensor-community")
        #expect(reading.pm2_5 == 11.2)
        #expect(reading.pm10 == 18.73)
        #expect(reading.temperatureC == 6.42)
        #expect(reading.humidity == 83.97)
        #expect(close(reading.pressureHPa, 1013.1856))
    }

    @Test("the classic kit: SDS011 particles, a DHT22's bare temperature and humidity")
    func dht22() async throws {
        let reading = try await reading("data.sds011_dht22.json")
        #expect(reading.pm2_5 == 4.83)
        #expect(reading.pm10 == 9.4)
        #expect(reading.pm1 == nil)
        #expect(reading.temperatureC == 11.9)
        #expect(reading.humidity == 71.1)
        #expect(reading.pressureHPa == nil)
    }

    @Test("a Plantower node with an SHT3x and a BMP280: PM1 from PMS_P0, the SHT3x's temperature, the BMP280's pressure")
    func plantower() async throws {
        let reading = try await reading("data.pms_sht3x_bmp280.json")
        #expect(reading.pm1 == 14)
        #expect(reading.pm2_5 == 21)
        #expect(reading.pm10 == 27)
        #expect(reading.temperatureC == -3.2)
        #expect(reading.humidity == 92.4)
        #expect(close(reading.pressureHPa, 998.1225))
    }

    @Test("an SPS30 (SPS30_P1 is PM10, P4 is not read) and an SCD30's CO2")
    func sps30() async throws {
        let reading = try await reading("data.sps30_scd30.json")
        #expect(reading.pm1 == 3.12)
        #expect(reading.pm2_5 == 4.05)
        #expect(reading.pm10 == 4.58)
        #expect(reading.co2PPM == 1187)
        #expect(reading.temperatureC == 22.41)
        #expect(reading.humidity == 44.2)
    }

    /// A node whose particle values are named `<prefix>P1` (PM10) and `<prefix>P2` (PM2.5), with a DHT's temperature.
    static func node(particlesPrefix prefix: String) -> FakeHTTP {
        let body = "{\"software_version\": \"NRZ-2020-133\", \"age\":\"40\", \"sensordatavalues\":[{\"value_type\":\"\(prefix)P1\",\"value\":\"20.00\"},"
            + "{\"value_type\":\"\(prefix)P2\",\"value\":\"12.50\"},{\"value_type\":\"temperature\",\"value\":\"8.00\"}]}"
        return FakeHTTP(["/data.json": FakeHTTP.body(body)])
    }

    @Test("Honeywell HPM, Tera NextPM and Piera IPS particles: _P2 PM2.5, _P1 PM10", arguments: ["HPM_", "NPM_", "IPS_"])
    func otherParticleSensors(prefix: String) async throws {
        let reading = try await node(Self.node(particlesPrefix: prefix)).reading()
        #expect(reading.pm2_5 == 12.5)
        #expect(reading.pm10 == 20)
        #expect(reading.temperatureC == 8)
    }

    @Test("a PPD42NS's bare P1/P2 are particle counts, not µg/m³: with nothing else the reply has no particles")
    func ppd42ns() async {
        let failure = await sensorFailure { () throws(ProviderFailure) in try await node(Self.node(particlesPrefix: "")).reading() }
        #expect(failure?.kind == .badData)
        #expect(failure?.message == "no particle or CO2 value in the reply")
    }

    @Test("a node whose connection failed at once (restarting) is asked once more, and its reply is used")
    func retriedOnce() async throws {
        let http = SequenceHTTP([.failure(.cannotConnect(url: Self.url)), FakeHTTP.fixture("sensor-community/data.sds011_bme280.json")])
        let reading = try await node(http).reading()
        #expect(http.requested == [Self.url, Self.url])
        #expect(http.limits == [10, 10], "each try has a sensor's 10 s")
        #expect(reading.pm2_5 == 11.2)
    }

    @Test("a node that timed out has had its time: not asked again, so a hung node costs 10 s as any sensor")
    func timeoutNotRetried() async {
        let http = SequenceHTTP([.failure(.timeout(url: Self.url, seconds: 10)), FakeHTTP.fixture("sensor-community/data.sds011_bme280.json")])
        let failure = await sensorFailure { () throws(ProviderFailure) in try await node(http).reading() }
        #expect(http.requested == [Self.url])
        #expect(failure?.kind == .timeout)
    }

    @Test("a node that stays silent fails after the one retry")
    func retryFails() async {
        let http = SequenceHTTP([.failure(.cannotConnect(url: Self.url))])
        let failure = await sensorFailure { () throws(ProviderFailure) in try await node(http).reading() }
        #expect(http.requested.count == 2)
        #expect(failure?.kind == .unavailable)
        #expect(failure?.provider == "sensor-community")
    }

    @Test("a reply it did give is not retried (an HTTP error, garbage)", arguments: [
        FakeHTTP.body("", status: 500), FakeHTTP.body("not json"),
    ])
    func answersNotRetried(reply: FakeHTTP.Reply) async {
        let http = SequenceHTTP([reply, FakeHTTP.fixture("sensor-community/data.sds011_bme280.json")])
        let failure = await sensorFailure { () throws(ProviderFailure) in try await node(http).reading() }
        #expect(http.requested.count == 1)
        #expect(failure != nil)
    }

    @Test("before its first send the node has no measurement yet, and says when")
    func firstCycle() async {
        let http = FakeHTTP(["/data.json": FakeHTTP.fixture("sensor-community/data.first_cycle.json")])
        let failure = await sensorFailure { () throws(ProviderFailure) in try await node(http).reading() }
        #expect(failure?.kind == .unavailable)
        #expect(failure?.message == "no measurement yet: the node sends its first in 117 s")
        let noAge = FakeHTTP(["/data.json": FakeHTTP.body(#"{"software_version": "NRZ-2024-135", "sensordatavalues": []}"#)])
        let soon = await sensorFailure { () throws(ProviderFailure) in try await node(noAge).reading() }
        #expect(soon?.kind == .unavailable)
        #expect(soon?.message == "no measurement yet: the node sends its first soon")
    }

    @Test("the seconds to the first send: the firmware's unsigned wrap and a plain negative age; an ordinary age is none",
          arguments: [(4_294_850, 117), (4_294_967, 0), (-117, 117), (12, nil), (145, nil)] as [(Int, Int?)])
    func firstSendSeconds(age: Int, seconds: Int?) {
        #expect(SensorCommunity.secondsUntilFirstSend(age: age) == seconds)
    }

    @Test("PM2.5 over 5,000 µg/m³ is refused")
    func overRange() async {
        let http = FakeHTTP(["/data.json": FakeHTTP.fixture("sensor-community/data.pm_over_5000.json")])
        let failure = await sensorFailure { () throws(ProviderFailure) in try await node(http).reading() }
        #expect(failure?.kind == .badData)
        #expect(failure?.message == "implausible value: pm2_5 9999.9 µg/m³ (expected 0 to 5000 µg/m³)")
    }

    @Test("a value that is not a number names its path; an unused one (GPS date) is ignored")
    func values() async throws {
        let bad = fixture("sensor-community/data.sds011_bme280.json", replacing: "\"value\":\"11.20\"", with: "\"value\":\"n/a\"")
        let failure = await sensorFailure { () throws(ProviderFailure) in try await node(FakeHTTP(["/data.json": bad])).reading() }
        #expect(failure?.kind == .badData)
        #expect(failure?.message.contains("sensordatavalues") == true, "\(failure?.message ?? "")")
        let gps = fixture("sensor-community/data.sds011_bme280.json", replacing: "{\"value_type\":\"signal\"",
                          with: "{\"value_type\":\"GPS_date\",\"value\":\"11/20/2026\"},{\"value_type\":\"signal\"")
        #expect(try await node(FakeHTTP(["/data.json": gps])).reading().pm2_5 == 11.2)
    }
}
