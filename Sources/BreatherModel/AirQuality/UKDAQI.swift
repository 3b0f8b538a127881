/// UK Daily Air Quality Index (Defra DAQI, 1–10). Reference: `aqi-standards.md` §4.
/// Overall index = the highest pollutant index. Bands: Low 1–3, Moderate 4–6, High 7–9, Very High 10.
enum UKDAQI {
    /// The classic UK-AIR 10-colour palette; the band name is shared by several indices.
    static let bands: [CategoryBand] = [
        CategoryBand(1, 1, "Low", "#9CFF9C"),
        CategoryBand(2, 2, "Low", "#31FF00"),
        CategoryBand(3, 3, "Low", "#31CF00"),
        CategoryBand(4, 4, "Moderate", "#FFFF00"),
        CategoryBand(5, 5, "Moderate", "#FFCF00"),
        CategoryBand(6, 6, "Moderate", "#FF9A00"),
        CategoryBand(7, 7, "High", "#FF6464"),
        CategoryBand(8, 8, "High", "#FF0000"),
        CategoryBand(9, 9, "High", "#990000"),
        CategoryBand(10, 10, "Very High", "#CE30FF"),
    ]

    // Defra DAQI table, µg/m³ (integer edges; concentrations are rounded first).
    /// O3 running 8-hour mean.
    static let o3 = BreakpointTable([
        [0, 33, 1, 1], [34, 66, 2, 2], [67, 100, 3, 3], [101, 120, 4, 4], [121, 140, 5, 5],
        [141, 160, 6, 6], [161, 187, 7, 7], [188, 213, 8, 8], [214, 240, 9, 9], [241, nil, 10, 10],
    ])
    /// NO2 hourly mean.
    static let no2 = BreakpointTable([
        [0, 67, 1, 1], [68, 134, 2, 2], [135, 200, 3, 3], [201, 267, 4, 4], [268, 334, 5, 5],
        [335, 400, 6, 6], [401, 467, 7, 7], [468, 534, 8, 8], [535, 600, 9, 9], [601, nil, 10, 10],
    ])
    /// SO2 15-minute mean.
    static let so2 = BreakpointTable([
        [0, 88, 1, 1], [89, 177, 2, 2], [178, 266, 3, 3], [267, 354, 4, 4], [355, 443, 5, 5],
        [444, 532, 6, 6], [533, 710, 7, 7], [711, 887, 8, 8], [888, 1064, 9, 9], [1065, nil, 10, 10],
    ])
    /// PM2.5 24-hour mean.
    static let pm25 = BreakpointTable([
        [0, 11, 1, 1], [12, 23, 2, 2], [24, 35, 3, 3], [36, 41, 4, 4], [42, 47, 5, 5],
        [48, 53, 6, 6], [54, 58, 7, 7], [59, 64, 8, 8], [65, 70, 9, 9], [71, nil, 10, 10],
    ])
    /// PM10 24-hour mean (index 4 starts at 51; OpenWeatherMap misprints 52).
    static let pm10 = BreakpointTable([
        [0, 16, 1, 1], [17, 33, 2, 2], [34, 50, 3, 3], [51, 58, 4, 4], [59, 66, 5, 5],
        [67, 75, 6, 6], [76, 83, 7, 7], [84, 91, 8, 8], [92, 100, 9, 9], [101, nil, 10, 10],
    ])

    /// The official table for a pollutant and its DAQI period.
    static func table(_ pollutant: Pollutant, _ period: AveragingPeriod) -> BreakpointTable? {
        switch (pollutant, period) {
        case (.o3, .hours8): o3
        case (.no2, .hour1): no2
        case (.so2, .minutes15): so2
        case (.pm2_5, .hours24): pm25
        case (.pm10, .hours24): pm10
        default: nil
        }
    }

    static func index(from readings: [PollutantReading]) throws(AQIError) -> AirQualityIndex {
        var subIndices: [SubIndex] = []
        for reading in IndexAssembly.relevant(readings, for: .uk) {
            let p = reading.pollutant
            // Fallbacks for hourly data (labelled `.hour1` in the sub-index): a 1-hour O3 or PM
            // value is banded on the 8-h / 24-h table, a 1-hour SO2 mean on the 15-minute table.
            let official: AveragingPeriod? = reading.period == .hour1 ? AQIStandard.uk.defaultPeriod(for: p) : reading.period
            guard let period = official, let table = table(p, period) else {
                throw .unsupportedPeriod(p, reading.period, .uk)
            }
            // Defra: concentrations are rounded to the nearest whole number before banding; gases
            // given in ppb convert at 20 °C and 1 atm, the basis of Defra's factors (NO2 1.9125).
            let (value, conversion) = try reading.converted(to: .microgramsPerCubicMetre, for: .uk)
            let c = Rounding.halfUp(value)
            guard let band = table.band(c) else { continue }
            subIndices.append(SubIndex(pollutant: p, period: reading.period, concentration: c, unit: .microgramsPerCubicMetre,
                                       index: band, conversion: conversion))
        }
        // Overall index = the highest pollutant index.
        return try IndexAssembly.assemble(.uk, subIndices)
    }

    /// Real-time readings as UK-AIR's "latest" data: O3 running 8-h mean (≥ 6 of 8 hours),
    /// NO2 hourly mean, PM running 24-h means (≥ 18 of 24 hours) and, since hourly series carry
    /// no 15-minute data, the SO2 hourly mean. Too-short series fall back to the latest hour.
    static func readings(from series: HourlySeries) -> [PollutantReading] {
        var result: [PollutantReading] = []
        for p in [Pollutant.o3, .no2, .so2, .pm2_5, .pm10] {
            guard let values = series.values[p] else { continue }
            let averaged: (AveragingPeriod, Double?) = switch p {
            case .o3: (.hours8, Averaging.mean(values, hours: 8, minValid: 6))
            case .pm2_5, .pm10: (.hours24, Averaging.mean(values, hours: 24, minValid: 18))
            default: (.hour1, nil)
            }
            if let v = averaged.1 {
                result.append(PollutantReading(pollutant: p, period: averaged.0, value: v, unit: .microgramsPerCubicMetre))
            } else if let v = Averaging.recent(values) {
                result.append(PollutantReading(pollutant: p, period: .hour1, value: v, unit: .microgramsPerCubicMetre))
            }
        }
        return result
    }
}
