import BreatherJSON
import BreatherModel

/// An indoor sensor's reading in the conditions store, every field of `SensorReading`.
extension ConditionsJSON {
    static func sensorReading(_ r: SensorReading) -> JSONValue {
        func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
        return .object([
            "source": .string(r.source),
            "observed_at_unix": r.observedAt.map { .number($0.timeIntervalSince1970) } ?? .null,
            "pm1": number(r.pm1), "pm2_5": number(r.pm2_5), "pm10": number(r.pm10), "co2_ppm": number(r.co2PPM),
            "temperature_c": number(r.temperatureC), "humidity": number(r.humidity), "pressure_hpa": number(r.pressureHPa),
            "voc": number(r.voc), "voc_unit": r.vocUnit.map(JSONValue.string) ?? .null, "nox_index": number(r.noxIndex),
            "score": number(r.score), "correction": r.correction.map(JSONValue.string) ?? .null,
        ])
    }

    static func sensorReading(_ c: JSONCursor) throws(JSONError) -> SensorReading {
        SensorReading(
            source: try c["source"].text(),
            observedAt: try c["observed_at_unix"].optionalDouble().map { Timestamp(timeIntervalSince1970: $0) },
            pm1: try c["pm1"].optionalDouble(), pm2_5: try c["pm2_5"].optionalDouble(), pm10: try c["pm10"].optionalDouble(),
            co2PPM: try c["co2_ppm"].optionalDouble(), temperatureC: try c["temperature_c"].optionalDouble(),
            humidity: try c["humidity"].optionalDouble(), pressureHPa: try c["pressure_hpa"].optionalDouble(),
            voc: try c["voc"].optionalDouble(), vocUnit: try c["voc_unit"].optionalText(), noxIndex: try c["nox_index"].optionalDouble(),
            score: try c["score"].optionalDouble(), correction: try c["correction"].optionalText())
    }
}
