/// India National Air Quality Index (CPCB, 2014). Reference: `aqi-standards.md` §5.
/// AQI = max sub-index; it needs at least three pollutants, one of them PM2.5 or PM10.
/// Breather models six of the eight NAQI pollutants (no NH3 or Pb).
enum IndiaNAQI {
    /// CPCB categories (widths 50/50/100/100/100/100; colours approximate, per OpenAQ).
    static let bands: [CategoryBand] = [
        CategoryBand(0, 50, "Good", "#00B050"),
        CategoryBand(51, 100, "Satisfactory", "#92D050"),
        CategoryBand(101, 200, "Moderately Polluted", "#FFFF00"),
        CategoryBand(201, 300, "Poor", "#FF6500"),
        CategoryBand(301, 400, "Very Poor", "#FF0000"),
        CategoryBand(401, 500, "Severe", "#C00000"),
    ]

    // CPCB breakpoints as published (integer edges with gaps; Severe rows open-ended, "250+").
    static let pm10 = BreakpointTable([[0, 50, 0, 50], [51, 100, 51, 100], [101, 250, 101, 200], [251, 350, 201, 300], [351, 430, 301, 400], [430, nil, 401, 500]])
    static let pm25 = BreakpointTable([[0, 30, 0, 50], [31, 60, 51, 100], [61, 90, 101, 200], [91, 120, 201, 300], [121, 250, 301, 400], [250, nil, 401, 500]])
    static let no2 = BreakpointTable([[0, 40, 0, 50], [41, 80, 51, 100], [81, 180, 101, 200], [181, 280, 201, 300], [281, 400, 301, 400], [400, nil, 401, 500]])
    static let o3_8h = BreakpointTable([[0, 50, 0, 50], [51, 100, 51, 100], [101, 168, 101, 200], [169, 208, 201, 300]])
    /// O3 1-hour, used only above 208 µg/m³ ("for mathematical calculation").
    static let o3_1h = BreakpointTable([[209, 748, 301, 400], [748, nil, 401, 500]])
    /// CO 8-hour, mg/m³.
    static let co = BreakpointTable([[0, 1.0, 0, 50], [1.1, 2.0, 51, 100], [2.1, 10, 101, 200], [10.1, 17, 201, 300], [17.1, 34, 301, 400], [34, nil, 401, 500]])
    static let so2 = BreakpointTable([[0, 40, 0, 50], [41, 80, 51, 100], [81, 380, 101, 200], [381, 800, 201, 300], [801, 1600, 301, 400], [1600, nil, 401, 500]])

    /// The Severe row used for calculation: CPCB gives no top concentration; the Excel
    /// calculator's implied bounds (`severe_upper_unofficial`, not official) are used, and the
    /// index is capped at 500 above them. O3 1-h has no such bound: > 748 µg/m³ is 401.
    static func computing(_ table: BreakpointTable, _ pollutant: Pollutant) -> BreakpointTable {
        let severe: [Double?]? = switch pollutant {
        case .pm10: [431, 510, 401, 500]
        case .pm2_5: [251, 380, 401, 500]
        case .no2: [401, 520, 401, 500]
        case .co: [34.1, 51.0, 401, 500]
        case .so2: [1601, 2400, 401, 500]
        case .o3: nil
        }
        guard let severe, table.rows.last?.cHi == nil else { return table }
        var result = table
        result.rows[result.rows.count - 1] = Breakpoint(severe[0] ?? 0, severe[1], 401, 500)
        return result
    }

    /// The official rows for a pollutant and period.
    static func table(_ pollutant: Pollutant, _ period: AveragingPeriod) -> BreakpointTable? {
        switch (pollutant, period) {
        case (.pm10, .hours24): pm10
        case (.pm2_5, .hours24): pm25
        case (.no2, .hours24): no2
        case (.so2, .hours24): so2
        case (.o3, .hours8): o3_8h
        case (.o3, .hour1): o3_1h
        case (.co, .hours8): co
        default: nil
        }
    }

    static func unit(_ pollutant: Pollutant) -> ConcentrationUnit {
        pollutant == .co ? .milligramsPerCubicMetre : .microgramsPerCubicMetre
    }

    static func index(from readings: [PollutantReading]) throws(AQIError) -> AirQualityIndex {
        var prepared: [(reading: PollutantReading, c: Double, conversion: AppliedConversion?)] = []
        for reading in IndexAssembly.relevant(readings, for: .india) {
            // CPCB states no rounding; concentrations are rounded to integers (CO to 1 decimal),
            // which closes the published 30 | 31 gaps (reference JSON convention).
            let (value, conversion) = try reading.converted(to: unit(reading.pollutant), for: .india)
            prepared.append((reading, Rounding.halfUp(value, decimals: reading.pollutant == .co ? 1 : 0), conversion))
        }

        var subIndices: [SubIndex] = []
        var notes: [IndexNote] = []
        for (reading, c, conversion) in prepared {
            let p = reading.pollutant
            let table: BreakpointTable?
            switch (p, reading.period) {
            // O3 8-h above 208 µg/m³: the 1-hour rows are used for the calculation.
            case (.o3, .hours8):
                table = c > 208 ? o3_1h : o3_8h
            // O3 1-h counts only above 208 µg/m³, on CPCB's 1-hour rows. Below them it gives no
            // sub-index, with or without an 8-h value (as the US path refuses a 1-h value below its
            // 1-h table): a 1-h value is never put on the 8-h rows, where it would read high.
            case (.o3, .hour1):
                guard c > 208 else { continue }
                table = o3_1h
            // Fallback for hourly data: a 1-hour value on the pollutant's official rows.
            case (_, .hour1):
                table = AQIStandard.india.defaultPeriod(for: p).flatMap { Self.table(p, $0) }
            default:
                table = Self.table(p, reading.period)
            }
            guard let table else { throw .unsupportedPeriod(p, reading.period, .india) }
            let computing = computing(table, p)
            guard let raw = computing.rawIndex(c, above: .cap(500)) else { continue }
            // CPCB's Severe band is open-ended ("250+" → 401–500): above the calculator's implied
            // top the sub-index stays 500 and the category stays "Severe", as CPCB words it.
            if let top = computing.rows.last?.cHi, c > top, table.rows.last?.cHi == nil {
                notes.append(IndexNote(p, reading.period, .indiaBeyondCalculator(p, concentration: c, unit: unit(p), top: top,
                                                                                 severeFrom: table.rows.last?.cLo ?? top)))
            }
            // CPCB states no index rounding; nearest integer (half up) is used.
            subIndices.append(SubIndex(pollutant: p, period: reading.period, concentration: c, unit: unit(p),
                                       index: Rounding.indexHalfUp(raw), conversion: conversion))
        }
        // CPCB: the AQI needs sub-indices for at least three pollutants, one of them PM: only a
        // pollutant that got a sub-index counts (an O3 1-h value under 208 µg/m³ does not).
        let pollutants = Set(subIndices.map(\.pollutant))
        guard pollutants.count >= 3, !pollutants.isDisjoint(with: [.pm2_5, .pm10]) else {
            throw .noUsablePollutants(.india)
        }
        return try IndexAssembly.assemble(.india, subIndices, notes: notes)
    }

    /// Real-time readings: running 24-h means for PM, NO2 and SO2 (CPCB: ≥ 16 valid hours),
    /// 8-h means for O3 and CO (≥ 6 of 8), plus the O3 1-hour value (used above 208 µg/m³).
    /// Too-short series fall back to the latest hour, labelled `.hour1`.
    static func readings(from series: HourlySeries) -> [PollutantReading] {
        var result: [PollutantReading] = []
        for p in Pollutant.allCases {
            guard let values = series.values[p] else { continue }
            let (period, averaged): (AveragingPeriod, Double?) = p == .o3 || p == .co
                ? (.hours8, Averaging.mean(values, hours: 8, minValid: 6))
                : (.hours24, Averaging.mean(values, hours: 24, minValid: 16))
            if let averaged {
                result.append(PollutantReading(pollutant: p, period: period, value: averaged, unit: .microgramsPerCubicMetre))
            }
            if averaged == nil || p == .o3, let latest = Averaging.recent(values) {
                result.append(PollutantReading(pollutant: p, period: .hour1, value: latest, unit: .microgramsPerCubicMetre))
            }
        }
        return result
    }
}
