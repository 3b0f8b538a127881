import BreatherModel

extension OutputData {
    /// The indoor sensor's numbers (`[sources] indoor`), for json `indoor` and Prometheus.
    public struct IndoorValues: Sendable, Equatable {
        /// The sensor's provider id (`airgradient`, …).
        public var source: String
        /// Its PM index under the standard shown (one reading: a 1-hour value); nil without particles.
        public var aqi: Int?
        /// That index's category name and id; nil without an index.
        public var category: String?
        /// The category's id.
        public var categoryID: String?
        /// µg/m³; nil when the sensor has no such value (likewise below).
        public var pm2_5: Double?
        /// µg/m³.
        public var pm10: Double?
        /// µg/m³.
        public var pm1: Double?
        /// ppm.
        public var co2PPM: Double?
        /// °C.
        public var temperatureC: Double?
        /// Relative humidity, %.
        public var humidity: Double?
        /// A VOC index or TVOC in ppb (`vocUnit`).
        public var voc: Double?
        /// `index` or `ppb`.
        public var vocUnit: String?
        /// Sensirion NOx index.
        public var noxIndex: Double?
        /// The maker's 0–100 score (Awair).
        public var score: Double?
        /// The PM2.5 correction applied, in words.
        public var correction: String?
        /// When the sensor took the reading, RFC 3339 with the local offset; nil if it did not say.
        public var observedAt: String?
        /// True when the latest refresh could not read the sensor and this is its last reading.
        public var stale: Bool
    }

    /// The indoor values of `conditions` under `standard`; nil without an indoor reading.
    static func indoor(_ conditions: CityConditions?, standard: AQIStandard, localTime: LocalTime) -> IndoorValues? {
        guard let conditions, let reading = conditions.indoor else { return nil }
        let index = (try? reading.pollution?.report(for: standard))?.index
        return IndoorValues(
            source: reading.source, aqi: index?.value, category: index?.category.name, categoryID: index?.category.id,
            pm2_5: reading.pm2_5, pm10: reading.pm10, pm1: reading.pm1, co2PPM: reading.co2PPM,
            temperatureC: reading.temperatureC, humidity: reading.humidity, voc: reading.voc, vocUnit: reading.vocUnit,
            noxIndex: reading.noxIndex, score: reading.score, correction: reading.correction.map(Sanitized.line),
            observedAt: reading.observedAt.map(localTime.rfc3339),
            stale: conditions.failures.contains { $0.part == .indoor })
    }
}
