import BreatherHTTP
import BreatherJSON
import BreatherModel

/// An AirGradient monitor (ONE indoors, Open Air outdoors) through its local server API.
///
/// Docs: github.com/airgradienthq/arduino `docs/local-server.md` (firmware 3.0.10 and later):
/// `GET /measures/current`, reachable as `http://airgradient_<serial>.local`. PM2.5 is
/// `pm02Compensated` when the firmware sends it (3.1.4 and later: the correction configured on
/// the monitor applied), else `pm02`; temperature and humidity likewise prefer the
/// `…Compensated` values (only the Open Air corrects them). A part the model lacks (no CO2
/// sensor in some Open Air models) is absent from the reply and stays nil here.
public struct AirGradient: LocalSensor {
    /// `airgradient`.
    public let id = ProviderID.airGradient
    /// The monitor's base URL, e.g. `http://airgradient_ecda3b1eaaaf.local`.
    public var url: String
    let http: any HTTPClient

    /// A client of the monitor at `url`.
    public init(url: String, http: any HTTPClient) {
        self.url = url
        self.http = http
    }

    /// The monitor's current measures.
    public func reading() async throws(ProviderFailure) -> SensorReading {
        let request = ProviderRequest(provider: id, part: .air, http: http)
        let json = try await request.getJSON(SensorRequest.make(url, "/measures/current"))
        return try request.decode { () throws(JSONError) in try Self.decode(json) }
    }

    static func decode(_ json: JSONCursor) throws(JSONError) -> SensorReading {
        _ = try json.object()
        func value(_ preferred: String, _ fallback: String? = nil) throws(JSONError) -> Double? {
            if let value = try json[preferred].optionalDouble() { return value }
            return try fallback.flatMap { name throws(JSONError) in try json[name].optionalDouble() }
        }
        return SensorReading(
            source: ProviderID.airGradient.rawValue,
            pm1: try value("pm01"), pm2_5: try value("pm02Compensated", "pm02"), pm10: try value("pm10"),
            co2PPM: try value("rco2"),
            temperatureC: try value("atmpCompensated", "atmp"), humidity: try value("rhumCompensated", "rhum"),
            voc: try value("tvocIndex"), vocUnit: "index", noxIndex: try value("noxIndex"),
            correction: try json["pm02Compensated"].optionalDouble() == nil ? nil : "AirGradient (pm02Compensated, as set on the monitor)")
    }
}
