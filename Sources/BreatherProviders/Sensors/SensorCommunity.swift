import BreatherHTTP
import BreatherJSON
import BreatherModel

/// A Sensor.Community (formerly luftdaten.info) node running the airRohr firmware, through
/// its local `/data.json`.
///
/// Docs: the firmware's source (github.com/opendata-stuttgart/sensors-software,
/// `airrohr-firmware`, `webserver_data_json`): the values it last sent, as
/// `{"software_version", "age", "sensordatavalues": [{"value_type", "value"}]}` with every
/// value a string, each named after the sensor that measured it: `SDS_P1` PM10 and `SDS_P2`
/// PM2.5 µg/m³ from an SDS011 (`_P0` PM1 where the sensor has it), `BME280_temperature` °C,
/// `BME280_humidity` %, `BME280_pressure` Pa, and the same for the other sensors the firmware
/// supports (`particleSensors`, `temperatureFields`, …). Until its first send the list is empty
/// and `age` counts down to it (`firstSendIn`).
///
/// The node's ESP8266 serves one thing at a time: while it sends its measurements to the
/// cloud APIs (a few seconds every 145 s by default) it answers late; the request waits, within
/// a sensor's 10 s (`SensorRequest.totalTimeoutSeconds`). A connection that fails at once (the
/// node restarting, a name not yet resolved) is made once more after `retryPause`, before the
/// sensor counts as failed; a request that timed out has had its time and is not.
public struct SensorCommunity: LocalSensor {
    /// `sensor-community`.
    public let id = ProviderID.sensorCommunity
    /// The node's base URL, e.g. `http://192.168.1.70` or `http://airrohr-1234567.local`.
    public var url: String
    /// The wait before the one retry of a connection that failed.
    public var retryPause: Duration
    let http: any HTTPClient

    /// A client of the node at `url`.
    public init(url: String, retryPause: Duration = .seconds(2), http: any HTTPClient) {
        self.url = url
        self.retryPause = retryPause
        self.http = http
    }

    /// The values the node last sent.
    public func reading() async throws(ProviderFailure) -> SensorReading {
        let request = ProviderRequest(provider: id, part: .air, http: http)
        let get = SensorRequest.make(url, "/data.json")
        let json: JSONCursor
        do {
            json = try await request.getJSON(get)
        } catch where Self.isConnectionFailure(error) {
            try? await Task.sleep(for: retryPause)
            json = try await request.getJSON(get)
        }
        let decoded = try request.decode { () throws(JSONError) in try Self.decode(json) }
        if decoded.isWaitingForFirstSend {
            let when = decoded.firstSendIn.map { "in \($0) s" } ?? "soon"
            throw request.fail(.unavailable, "no measurement yet: the node sends its first \(when)")
        }
        return try request.decode { () throws(JSONError) in decoded.reading }
    }

    /// True for a connection that failed at once (refused, reset, a name that did not
    /// resolve). A timeout spent the sensor's time, and a reply the node did give (an HTTP
    /// error, bad JSON) is its answer: neither is retried.
    static func isConnectionFailure(_ failure: ProviderFailure) -> Bool {
        failure.kind == .unavailable && !failure.message.hasPrefix("HTTP ")
    }

    /// The particle sensors the firmware supports, by the prefix of their values: SDS011,
    /// Plantower PMS, Sensirion SPS30, Honeywell HPM, Tera NextPM, Piera IPS-7100. Each names
    /// PM1 `_P0`, PM10 `_P1` and PM2.5 `_P2` (µg/m³); the first one present gives the reading.
    /// The PPD42NS's bare `P1`/`P2` are particle counts, not µg/m³, and are not read.
    static let particleSensors = ["SDS", "PMS", "SPS30", "HPM", "NPM", "IPS"]
    /// Temperature (°C) by sensor, first found wins: BME280, SHT3x, DHT11/22 (bare `temperature`),
    /// HTU21D, BMP280, BMP180 (`BMP_`), SCD30, DS18B20.
    static let temperatureFields = ["BME280_temperature", "SHT3X_temperature", "temperature", "HTU21D_temperature",
                                    "BMP280_temperature", "BMP_temperature", "SCD30_temperature", "DS18B20_temperature"]
    /// Relative humidity (%) by sensor, first found wins: BME280, SHT3x, DHT11/22, HTU21D, SCD30.
    static let humidityFields = ["BME280_humidity", "SHT3X_humidity", "humidity", "HTU21D_humidity", "SCD30_humidity"]
    /// Air pressure (Pa) by sensor, first found wins: BME280, BMP280, BMP180.
    static let pressureFields = ["BME280_pressure", "BMP280_pressure", "BMP_pressure"]

    /// The reading, or, before the node's first send, that it has none yet and when it will.
    struct Decoded {
        var reading: SensorReading
        /// True when the node has sent nothing yet since it started (an empty list).
        var isWaitingForFirstSend: Bool
        /// Seconds until that first send, when `age` gives them.
        var firstSendIn: Int?
    }

    /// Seconds until the first send from the `age` the firmware gives before it: the firmware
    /// works out `0 - remaining` milliseconds in an unsigned 32-bit `long` (ESP8266, ESP32), so
    /// a node says "4294850" (2³² ms, in seconds, less the wait) where a reading of the code
    /// would expect "-117"; both are read. Nil for anything else.
    static func secondsUntilFirstSend(age: Int) -> Int? {
        let wrapped = Int(UInt32.max / 1000)  // 4294967
        if age < 0 { return -age }
        if age > wrapped - 24 * 3600, age <= wrapped { return wrapped - age }
        return nil
    }

    static func decode(_ json: JSONCursor) throws(JSONError) -> Decoded {
        var entries: [String: JSONCursor] = [:]
        for entry in try json["sensordatavalues"].array() {
            entries[try entry["value_type"].string()] = entry["value"]
        }
        /// A value Breather uses: a number in a string ("2.97"), or a bare number should a firmware send one.
        func number(_ type: String) throws(JSONError) -> Double? {
            guard let value = entries[type] else { return nil }
            guard let text = try? value.string() else { return try value.double() }
            guard let number = Double(text) else { throw .typeMismatch(path: value.path, expected: "a number in a string", found: "\"\(text)\"") }
            return number
        }
        /// The first of `types` the node sent.
        func first(_ types: [String]) throws(JSONError) -> Double? {
            guard let type = types.first(where: { entries[$0] != nil }) else { return nil }
            return try number(type)
        }
        let particles = particleSensors.first { entries["\($0)_P2"] != nil || entries["\($0)_P1"] != nil }
        let reading = SensorReading(
            source: ProviderID.sensorCommunity.rawValue,
            pm1: try particles.flatMap { p throws(JSONError) in try number("\(p)_P0") },
            pm2_5: try particles.flatMap { p throws(JSONError) in try number("\(p)_P2") },
            pm10: try particles.flatMap { p throws(JSONError) in try number("\(p)_P1") },
            co2PPM: try number("SCD30_co2_ppm"),
            temperatureC: try first(temperatureFields), humidity: try first(humidityFields),
            pressureHPa: try first(pressureFields).map { $0 / 100 })
        // Before its first send the firmware gives an empty list and an `age` counting down.
        let age = (try? json["age"].string()).flatMap { Int($0) }
        return Decoded(reading: reading, isWaitingForFirstSend: entries.isEmpty,
                       firstSendIn: entries.isEmpty ? age.flatMap(secondsUntilFirstSend) : nil)
    }
}
