/// European Air Quality Index (EEA), bands revised in 2024 (ETC HE Report 2024/17).
/// Reference: `aqi-standards.md` §3. Categorical: six bands, no numeric sub-index; the overall
/// band is the worst pollutant band. The index value is the band number 1–6.
enum EuropeanAQI {
    /// EEA band names and colours.
    static let bands: [CategoryBand] = [
        CategoryBand(1, 1, "Good", "#50F0E6"),
        CategoryBand(2, 2, "Fair", "#50CCAA"),
        CategoryBand(3, 3, "Moderate", "#F0E641"),
        CategoryBand(4, 4, "Poor", "#FF5050"),
        CategoryBand(5, 5, "Very poor", "#960032"),
        CategoryBand(6, 6, "Extremely poor", "#7D2181"),
    ]

    // 2024 bands, µg/m³, hourly concentrations for all five pollutants. Published as contiguous
    // ranges ("0–5, 5–15 …"); a value equal to an upper edge belongs to the lower band.
    static let pm25 = BreakpointTable([[0, 5, 1, 1], [5, 15, 2, 2], [15, 50, 3, 3], [50, 90, 4, 4], [90, 140, 5, 5], [140, nil, 6, 6]])
    static let pm10 = BreakpointTable([[0, 15, 1, 1], [15, 45, 2, 2], [45, 120, 3, 3], [120, 195, 4, 4], [195, 270, 5, 5], [270, nil, 6, 6]])
    static let no2 = BreakpointTable([[0, 10, 1, 1], [10, 25, 2, 2], [25, 60, 3, 3], [60, 100, 4, 4], [100, 150, 5, 5], [150, nil, 6, 6]])
    static let o3 = BreakpointTable([[0, 60, 1, 1], [60, 100, 2, 2], [100, 120, 3, 3], [120, 160, 4, 4], [160, 180, 5, 5], [180, nil, 6, 6]])
    static let so2 = BreakpointTable([[0, 20, 1, 1], [20, 40, 2, 2], [40, 125, 3, 3], [125, 190, 4, 4], [190, 275, 5, 5], [275, nil, 6, 6]])

    /// The band table for a pollutant; the revised EAQI uses 1-hour values only (no CO).
    static func table(_ pollutant: Pollutant, _ period: AveragingPeriod) -> BreakpointTable? {
        guard period == .hour1 else { return nil }
        return switch pollutant {
        case .pm2_5: pm25
        case .pm10: pm10
        case .no2: no2
        case .o3: o3
        case .so2: so2
        case .co: nil
        }
    }

    static func index(from readings: [PollutantReading]) throws(AQIError) -> AirQualityIndex {
        var subIndices: [SubIndex] = []
        for reading in IndexAssembly.relevant(readings, for: .eu) {
            // The EEA states no concentration rounding: values are banded as given. Gases given
            // in ppb convert at 293 K and 101.3 kPa (Directive 2008/50/EC Annex VI C).
            let (c, conversion) = try reading.converted(to: .microgramsPerCubicMetre, for: .eu)
            guard let table = table(reading.pollutant, reading.period), let band = table.band(c) else {
                throw .unsupportedPeriod(reading.pollutant, reading.period, .eu)
            }
            subIndices.append(SubIndex(
                pollutant: reading.pollutant, period: reading.period, concentration: c,
                unit: .microgramsPerCubicMetre, index: band, conversion: conversion))
        }
        // Overall band = the worst pollutant band; the pollutant(s) in it drive the index.
        return try IndexAssembly.assemble(.eu, subIndices)
    }

    /// Real-time readings: the latest hourly value of each of the five pollutants.
    static func readings(from series: HourlySeries) -> [PollutantReading] {
        [Pollutant.pm2_5, .pm10, .no2, .o3, .so2].compactMap { p in
            guard let values = series.values[p], let v = Averaging.recent(values) else { return nil }
            return PollutantReading(pollutant: p, period: .hour1, value: v, unit: .microgramsPerCubicMetre)
        }
    }
}
