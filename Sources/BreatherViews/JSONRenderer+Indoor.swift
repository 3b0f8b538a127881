import BreatherJSON
import BreatherViewModel

extension JSONRenderer {
    /// The `indoor` object: the indoor sensor's reading (CO2 in ppm, PM in µg/m³), its PM index
    /// under the standard shown (a 1-hour value: one reading), and `stale` when the latest
    /// refresh could not read the sensor and this is its last good reading.
    func indoor(_ indoor: OutputData.IndoorValues) -> JSONValue {
        func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return .object([
            "source": .string(indoor.source), "aqi": indoor.aqi.map { .integer(Int64($0)) } ?? .null,
            "category": text(indoor.category), "category_id": text(indoor.categoryID),
            "pm2_5": number(indoor.pm2_5), "pm10": number(indoor.pm10), "pm1": number(indoor.pm1),
            "co2_ppm": number(indoor.co2PPM), "temperature_c": number(indoor.temperatureC), "humidity": number(indoor.humidity),
            "voc": number(indoor.voc), "voc_unit": text(indoor.vocUnit), "nox_index": number(indoor.noxIndex),
            "score": number(indoor.score), "correction": text(indoor.correction), "observed_at": text(indoor.observedAt),
            "stale": .bool(indoor.stale),
        ])
    }
}
