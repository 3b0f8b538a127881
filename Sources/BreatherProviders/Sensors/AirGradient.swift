import BreatherHTTP
import BreatherJSON
import BreatherModel

/// An AirGradient monitor (ONE indoors, Open Air outdoors) through its local server API.
///
/// Docs: github.com/airgradienthq/arduino `docs/local-server.md` (firmware 3.0.10 and later):
/// `GET /measures/current`, reachable as `http://airgradient_<serial>.local`. PM2.5 is
/// `pm02Compensated` when the firmware sends it (3.1.4 and later: `pm02` with the correction
/// chosen for the monitor on the AirGradient dashboard, the US EPA one among them). Without it
/// `pm02` is the Plantower PMS5003's raw reading, the counter a PurpleAir has, which reads
/// about 40 % high: Breather applies the US EPA correction a PurpleAir gets
/// (`PurpleAirCorrection.epa`), with the monitor's own humidity (`rhum`, as a PurpleAir's is
/// its own), so the same air reads the same index on both. Without any humidity the raw value
/// stays, and the reading says `uncorrected`. Temperature and humidity likewise prefer the
/// `…Compensated` values (only the Open Air corrects them). Firmware 3.1.1 sends a compensated
/// value of 0 beside a non-zero raw one when it computed none: that 0 is taken as absent (no
/// air is 0 °C and 0 % humid while the raw sensor reads 23 °C and 32 %). A part the model lacks (no CO2
/// sensor in some Open Air models) is absent from the reply and stays nil here. The VOC and NOx
/// indices are 0 for Sensirion's warm-up (the gas index algorithm's 45-s "initial blackout"
/// after a restart; the indices proper run from 1 to 500): no index yet, so nil.
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
        /// `preferred` (a compensated value) unless absent, or 0 beside a non-zero `fallback` (raw) value.
        func value(_ preferred: String, _ fallback: String? = nil) throws(JSONError) -> Double? {
            let raw = try fallback.flatMap { name throws(JSONError) in try json[name].optionalDouble() }
            if let value = try json[preferred].optionalDouble(), value != 0 || (raw ?? 0) == 0 { return value }
            return raw
        }
        /// A Sensirion gas index, nil while it warms up (0).
        func gasIndex(_ name: String) throws(JSONError) -> Double? {
            try json[name].optionalDouble().flatMap { $0 == 0 ? nil : $0 }
        }
        let rawPM = try json["pm02"].optionalDouble()
        let compensated = try json["pm02Compensated"].optionalDouble().map { $0 != 0 || (rawPM ?? 0) == 0 } ?? false
        let humidity = try value("rhumCompensated", "rhum")
        var pm2_5 = try value("pm02Compensated", "pm02")
        var correction: String?
        if compensated {
            correction = compensatedLabel
        } else if let raw = pm2_5, raw >= 0 {
            // Negative values are left to the plausibility check, which names them.
            if let rh = try json["rhum"].optionalDouble() ?? humidity, rh >= 0, rh <= 100 {
                pm2_5 = PurpleAirCorrection.epa(raw, humidity: rh)
                correction = correctedLabel
            } else {
                correction = uncorrectedLabel
            }
        }
        return SensorReading(
            source: ProviderID.airGradient.rawValue,
            pm1: try value("pm01"), pm2_5: pm2_5, pm10: try value("pm10"),
            co2PPM: try value("rco2"),
            temperatureC: try value("atmpCompensated", "atmp"), humidity: humidity,
            voc: try gasIndex("tvocIndex"), vocUnit: "index", noxIndex: try gasIndex("noxIndex"),
            correction: correction)
    }

    /// The monitor corrected PM2.5 itself (`pm02Compensated`).
    static let compensatedLabel = "AirGradient (pm02Compensated, as set on the monitor)"
    /// Breather corrected the raw `pm02` as it corrects a PurpleAir's.
    static let correctedLabel = "US EPA (Barkjohn et al. 2021) on pm02 with the monitor's humidity"
    /// Raw `pm02` with no humidity to correct it with.
    static let uncorrectedLabel = "uncorrected (pm02 as measured: no humidity for the US EPA correction)"
}
