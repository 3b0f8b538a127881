import BreatherHTTP
import BreatherJSON
import BreatherModel

/// An Awair monitor (Element, Omni, 2nd Edition) through its Local API.
///
/// Docs: Awair support, "Awair Element Local API Feature" (support.getawair.com, article
/// 360049221014): enable it in the Awair Home app (Device Settings → Developer Option → Enable
/// Local Sensors), then `GET /air-data/latest` answers `timestamp` (UTC), `score` (0–100),
/// `temp` °C, `humid` %, `co2` ppm, `voc` ppb (TVOC), `pm25` µg/m³, and estimates Breather
/// does not show (`co2_est`, `pm10_est`, baselines and raw gas readings).
public struct Awair: LocalSensor {
    /// `awair`.
    public let id = ProviderID.awair
    /// The monitor's base URL, e.g. `http://192.168.1.60`.
    public var url: String
    let http: any HTTPClient

    /// A client of the monitor at `url`.
    public init(url: String, http: any HTTPClient) {
        self.url = url
        self.http = http
    }

    /// The monitor's latest reading.
    public func reading() async throws(ProviderFailure) -> SensorReading {
        let request = ProviderRequest(provider: id, part: .air, http: http)
        let json = try await request.getJSON(SensorRequest.make(url, "/air-data/latest"))
        return try request.decode { () throws(JSONError) in try Self.decode(json) }
    }

    static func decode(_ json: JSONCursor) throws(JSONError) -> SensorReading {
        _ = try json.object()
        return SensorReading(
            source: ProviderID.awair.rawValue,
            observedAt: try json["timestamp"].optionalString().flatMap { Timestamp.parse($0) },
            pm2_5: try json["pm25"].optionalDouble(), co2PPM: try json["co2"].optionalDouble(),
            temperatureC: try json["temp"].optionalDouble(), humidity: try json["humid"].optionalDouble(),
            voc: try json["voc"].optionalDouble(), vocUnit: "ppb", score: try json["score"].optionalDouble())
    }
}
