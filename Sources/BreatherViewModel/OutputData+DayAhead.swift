import BreatherModel

/// Pollen and UV as plain values: the ids, numbers and colours json, Prometheus and the
/// outlook print, worked out here once so no renderer reads a model type for them.
extension OutputData {
    /// One pollen species (json `pollen[]` and `outlook.days[].pollen[]`, Prometheus).
    public struct PollenValue: Sendable, Equatable {
        /// Species id: `alder birch grass mugwort olive ragweed`.
        public var species: String
        /// Grains per cubic metre.
        public var count: Double
        /// Level id on the AAAAI NAB scale: `none low moderate high very_high`.
        public var level: String
        /// The level as a number: 0 none … 4 very high (Prometheus).
        public var levelNumber: Int

        init(_ count: PollenCount) {
            species = count.type.rawValue
            self.count = count.count
            level = count.level.id
            levelNumber = count.level.rawValue
        }
    }

    /// UV now and today's peak (json `uv`, Prometheus).
    public struct UVValues: Sendable, Equatable {
        /// The index now (with clouds).
        public var index: Double
        /// The index now under a clear sky, when the provider gives it.
        public var clearSky: Double?
        /// WHO category id: `low moderate high very_high extreme`.
        public var category: String
        /// The category's WHO colour, `#RRGGBB`.
        public var color: String
        /// Today's highest hourly index (local day); nil without an hourly series.
        public var peak: Double?
        /// The peak's hour for people, "13:00"; "" without a peak.
        public var peakHour: String
        /// The peak's hour, RFC 3339 with the local offset; "" without a peak.
        public var peakAt: String

        init(_ reading: UVReading) {
            index = reading.index
            clearSky = reading.clearSky
            category = reading.category.rawValue
            color = reading.category.color
            peak = reading.peak
            peakHour = reading.peakHour
            peakAt = reading.peakAt
        }
    }

    /// A day's UV peak in the outlook (json `outlook.days[].uv`).
    public struct UVPeakValue: Sendable, Equatable {
        /// The day's highest hourly index.
        public var peak: Double
        /// Its WHO category id.
        public var category: String
        /// Its hour, RFC 3339 with the local offset.
        public var at: String
    }

    /// This snapshot with pollen now (highest level first) and UV now.
    func with(pollen: [PollenCount], uv: UVReading?) -> OutputData {
        var copy = self
        copy.pollen = pollen.map(PollenValue.init)
        copy.uv = uv.map(UVValues.init)
        return copy
    }
}

extension OutlookDay {
    /// The day's pollen as plain values, highest level first.
    public var pollenValues: [OutputData.PollenValue] { pollen.map(OutputData.PollenValue.init) }

    /// The day's UV peak with its WHO category id; nil without UV for the day.
    public var uvPeakValue: OutputData.UVPeakValue? {
        uvPeak.map { OutputData.UVPeakValue(peak: $0.index, category: UVCategory(index: $0.index).rawValue, at: uvPeakAt) }
    }
}
