import BreatherHTTP
import BreatherJSON
import BreatherModel

/// A sensor on the home network that answers a plain HTTP request with its latest reading:
/// no cloud, no key, no quota. As an air source (`[sources] air`) it gives the particles it
/// measured; the pollutants it lacks come from the next source (`ConditionsFetcher`).
public protocol LocalSensor: AirQualityProvider {
    /// The sensor's latest reading, refused as bad data when no real air could have given it.
    func reading() async throws(ProviderFailure) -> SensorReading
}

extension LocalSensor {
    /// The particles the sensor measured, as a one-hour series (`SensorReading.pollution`);
    /// the location is the sensor's own, whatever the configured place.
    public func airQuality(at location: Location) async throws(ProviderFailure) -> Pollution {
        try Self.pollution(of: try await reading(), id)
    }

    /// `reading`'s particles as air-quality data; a reply without any is bad data.
    static func pollution(of reading: SensorReading, _ id: ProviderID) throws(ProviderFailure) -> Pollution {
        guard let pollution = reading.pollution else {
            throw ProviderFailure(provider: id, part: .air, kind: .badData, message: "the reply has no PM2.5 or PM10 value")
        }
        return pollution
    }
}

/// The request every local sensor makes: `base` + `path`, a short connect timeout (a LAN
/// device answers in milliseconds or not at all) and a small body cap (their replies are
/// under 2 KB).
enum SensorRequest {
    /// Seconds to connect: long enough for an mDNS name to resolve, short enough to fall back at once.
    static let connectTimeoutSeconds = 3.0
    /// The whole exchange; the configured `timeout` still bounds it (`TimeLimitedHTTPClient`).
    static let totalTimeoutSeconds = 10.0
    static let maxBodyBytes = 64 << 10

    static func make(_ base: String, _ path: String) -> HTTPRequest {
        HTTPRequest(url: makeURL(base, path, []), connectTimeoutSeconds: connectTimeoutSeconds,
                    totalTimeoutSeconds: totalTimeoutSeconds, maxBodyBytes: maxBodyBytes)
    }
}

extension SensorReading: PlausibilityChecked {
    var emptiness: String? {
        [pm1, pm2_5, pm10, co2PPM].contains { $0 != nil } ? nil : "no particle or CO2 value in the reply"
    }

    var implausibility: String? {
        typealias P = Plausibility
        return P.problem("pm2_5", pm2_5, P.sensorParticles, "µg/m³")
            ?? P.problem("pm10", pm10, P.sensorParticles, "µg/m³")
            ?? P.problem("pm1", pm1, P.sensorParticles, "µg/m³")
            ?? P.problem("co2", co2PPM, P.co2PPM, "ppm")
            ?? P.problem("temperature_c", temperatureC, P.temperatureC, "°C")
            ?? P.problem("humidity", humidity, P.humidityPercent, "%")
            ?? P.problem("pressure_hpa", pressureHPa, P.pressureHPa, "hPa")
            ?? P.problem("voc", voc, vocUnit == "ppb" ? P.tvocPPB : P.sensirionIndex, vocUnit == "ppb" ? "ppb" : "")
            ?? P.problem("nox_index", noxIndex, P.sensirionIndex)
            ?? P.problem("score", score, P.score)
    }
}
