/// US EPA AQI, 2024 revision (EPA-454/B-24-002, May 2024 "TAD"; 40 CFR 58 App. G as amended
/// by 89 FR 16202). Reference: `aqi-standards.md` §1.
enum USEPA2024 {
    /// TAD Table 1/2 categories and standard colours.
    static let bands: [CategoryBand] = [
        CategoryBand(0, 50, "Good", "#00E400"),
        CategoryBand(51, 100, "Moderate", "#FFFF00"),
        CategoryBand(101, 150, "Unhealthy for Sensitive Groups", "#FF7E00"),
        CategoryBand(151, 200, "Unhealthy", "#FF0000"),
        CategoryBand(201, 300, "Very Unhealthy", "#8F3F97"),
        CategoryBand(301, 500, "Hazardous", "#7E0023"),
    ]

    // TAD Table 6 (2024). Hazardous is a single 301–500 row for every pollutant.
    /// O3 8-hour, ppm. 8-h values do not define AQI ≥ 301.
    static let o3_8h = BreakpointTable([
        [0.000, 0.054, 0, 50], [0.055, 0.070, 51, 100], [0.071, 0.085, 101, 150],
        [0.086, 0.105, 151, 200], [0.106, 0.200, 201, 300],
    ])
    /// O3 1-hour, ppm. Values < 0.125 ppm are disregarded (blank cells in Table 6).
    static let o3_1h = BreakpointTable([
        [0.125, 0.164, 101, 150], [0.165, 0.204, 151, 200], [0.205, 0.404, 201, 300], [0.405, 0.604, 301, 500],
    ])
    /// PM2.5 24-hour, µg/m³ (2024: Good is 0.0–9.0).
    static let pm25 = BreakpointTable([
        [0.0, 9.0, 0, 50], [9.1, 35.4, 51, 100], [35.5, 55.4, 101, 150],
        [55.5, 125.4, 151, 200], [125.5, 225.4, 201, 300], [225.5, 325.4, 301, 500],
    ])
    /// PM10 24-hour, µg/m³.
    static let pm10 = BreakpointTable([
        [0, 54, 0, 50], [55, 154, 51, 100], [155, 254, 101, 150],
        [255, 354, 151, 200], [355, 424, 201, 300], [425, 604, 301, 500],
    ])
    /// CO 8-hour, ppm.
    static let co_8h = BreakpointTable([
        [0.0, 4.4, 0, 50], [4.5, 9.4, 51, 100], [9.5, 12.4, 101, 150],
        [12.5, 15.4, 151, 200], [15.5, 30.4, 201, 300], [30.5, 50.4, 301, 500],
    ])
    /// SO2 1-hour, ppb. 1-h SO2 does not define AQI ≥ 200.
    static let so2_1h = BreakpointTable([
        [0, 35, 0, 50], [36, 75, 51, 100], [76, 185, 101, 150], [186, 304, 151, 200],
    ])
    /// SO2 24-hour, ppb; only used when the 24-h mean is ≥ 305 ppb.
    static let so2_24h = BreakpointTable([[305, 604, 201, 300], [605, 1004, 301, 500]])
    /// NO2 1-hour, ppb.
    static let no2_1h = BreakpointTable([
        [0, 53, 0, 50], [54, 100, 51, 100], [101, 360, 101, 150],
        [361, 649, 151, 200], [650, 1249, 201, 300], [1250, 2049, 301, 500],
    ])

    /// The official Table 6 rows for a pollutant and period.
    static func table(_ pollutant: Pollutant, _ period: AveragingPeriod) -> BreakpointTable? {
        switch (pollutant, period) {
        case (.o3, .hours8): o3_8h
        case (.o3, .hour1): o3_1h
        case (.pm2_5, .hours24): pm25
        case (.pm10, .hours24): pm10
        case (.co, .hours8): co_8h
        case (.so2, .hour1): so2_1h
        case (.so2, .hours24): so2_24h
        case (.no2, .hour1): no2_1h
        default: nil
        }
    }

    /// The unit each pollutant is indexed in and the decimals it is truncated to (TAD §IV step 1:
    /// O3 ppm 3 dp, PM2.5 1 dp, PM10 integer, CO ppm 1 dp, SO2 and NO2 ppb integer).
    static func unitAndDecimals(_ pollutant: Pollutant) -> (ConcentrationUnit, Int) {
        switch pollutant {
        case .o3: (.ppm, 3)
        case .pm2_5: (.microgramsPerCubicMetre, 1)
        case .pm10: (.microgramsPerCubicMetre, 0)
        case .co: (.ppm, 1)
        case .so2, .no2: (.ppb, 0)
        }
    }

    /// The AQI (TAD §IV): truncate, find the row, Equation 1, round half up, take the maximum;
    /// with the footnote rules of Table 6 for ozone and SO2, quoted where they apply.
    static func index(from readings: [PollutantReading]) throws(AQIError) -> AirQualityIndex {
        // What the footnote rules ask of the other readings, found while preparing them (one
        // pass, no array a question: the dashboard indexes 744 hours a place).
        var prepared: [(reading: PollutantReading, c: Double, conversion: AppliedConversion?)] = []
        prepared.reserveCapacity(readings.count)
        var so2Day: Double?
        var o3HourCounts = false, hasO3Hours8 = false, hasSO2Hour = false
        for reading in readings where AQIStandard.us.defaultPeriod(for: reading.pollutant) != nil {
            let (unit, decimals) = unitAndDecimals(reading.pollutant)
            let (value, conversion) = try reading.converted(to: unit, for: .us)
            let c = Rounding.truncate(value, decimals: decimals)
            prepared.append((reading, c, conversion))
            switch (reading.pollutant, reading.period) {
            case (.so2, .hours24): if so2Day.map({ $0 < c }) ?? true { so2Day = c }  // as `max()` picks
            case (.so2, .hour1): hasSO2Hour = true
            case (.o3, .hour1): o3HourCounts = o3HourCounts || c >= o3OneHourStart
            case (.o3, .hours8), (.o3, .nowcast): hasO3Hours8 = true
            default: break
            }
        }

        var subIndices: [SubIndex] = []
        subIndices.reserveCapacity(prepared.count)
        var notes: [IndexNote] = []
        for (reading, c, conversion) in prepared {
            var table: BreakpointTable?
            var raw: Double?
            switch (reading.pollutant, reading.period) {
            // PM: 24-h table; the NowCast (real-time) and, as a Breather fallback when the
            // NowCast cannot be formed, a 1-hour value are indexed on the same table.
            case (.pm2_5, .hours24), (.pm2_5, .nowcast), (.pm2_5, .hour1): table = pm25
            case (.pm10, .hours24), (.pm10, .nowcast), (.pm10, .hour1): table = pm10
            // CO: 8-h table; a 1-hour value (fallback for short series) uses it too.
            case (.co, .hours8), (.co, .hour1): table = co_8h
            case (.no2, .hour1): table = no2_1h
            // Table 6 note: "8-hour O3 values do not define higher AQI values (≥ 301). AQI values
            // of 301 or higher are calculated with 1-hour O3 concentrations."
            // AirNow indexes the ozone NowCast on the 8-hour rows, with the same note.
            case (.o3, .hours8) where c > 0.200, (.o3, .nowcast) where c > 0.200:
                if o3HourCounts {
                    notes.append(IndexNote(.o3, reading.period, .usOzoneAboveEightHourRows(reading.period, ppm: c)))
                } else {
                    // Alone, it is beyond Very Unhealthy: at least 301, and on the 1-hour rows
                    // when they give more, so a higher concentration never shows a lower index.
                    table = o3_1h
                    raw = max(301, o3_1h.rawIndex(c, above: .extrapolate) ?? 301)
                    notes.append(IndexNote(.o3, reading.period, needs: .hour1, .usOzoneAboveEightHourRowsAlone(reading.period, ppm: c)))
                }
            case (.o3, .hours8), (.o3, .nowcast): table = o3_8h
            // Table 6 leaves the 1-hour O3 cells below 0.125 ppm blank: no sub-index there.
            case (.o3, .hour1):
                if c >= o3OneHourStart {
                    table = o3_1h
                } else if !hasO3Hours8 {
                    notes.append(IndexNote(.o3, .hour1, needs: .hours8, .usOzoneBelowOneHourRows(ppm: c)))
                }
            // Table 6 note: "1-hour SO2 values do not define higher AQI values (≥ 200). AQI values
            // of 200 or greater are calculated with 24-hour SO2 concentrations." With a 1-h max
            // ≥ 305 ppb and a 24-h mean < 305 ppb the AQI is 200 (ILo = IHi = 200).
            case (.so2, .hour1) where c >= 305:
                if let day = so2Day {
                    raw = day >= 305 ? nil : 200
                } else {
                    raw = 200
                    notes.append(IndexNote(.so2, .hour1, needs: .hours24, .usSulfurDioxideAboveOneHourRows(ppb: c)))
                }
            case (.so2, .hour1): table = so2_1h
            // SO2 24-h rows start at 305 ppb; below that the 1-hour value is the SO2 index.
            case (.so2, .hours24):
                if c >= 305 {
                    table = so2_24h
                } else if !hasSO2Hour {
                    notes.append(IndexNote(.so2, .hours24, needs: .hour1, .usSulfurDioxideBelowDayRows(ppb: c)))
                }
            default:
                throw .unsupportedPeriod(reading.pollutant, reading.period, .us)
            }
            // TAD 2024 footnote 4: "AQI values greater than 500 should be calculated using
            // equation 1 and the concentration specified for the AQI value of 500."
            if raw == nil, let table { raw = table.rawIndex(c, above: .extrapolate) }
            guard let raw else { continue }
            let beyond = table.map { c > ($0.rows.last?.cHi ?? .infinity) && $0.rows.last?.iHi == 500 } ?? false
            // TAD §IV step 4: round the index to the nearest integer, half up (125.5 → 126).
            subIndices.append(SubIndex(
                pollutant: reading.pollutant, period: reading.period, concentration: c,
                unit: unitAndDecimals(reading.pollutant).0, index: Rounding.indexHalfUp(raw),
                conversion: conversion, beyondTable: beyond))
        }
        // AQI = max over pollutants; the pollutant(s) at the max are responsible.
        return try IndexAssembly.assemble(.us, subIndices, notes: notes)
    }

    /// Where the 1-hour O3 rows start (ppm); Table 6 leaves the cells below blank.
    static let o3OneHourStart = 0.125

    /// Real-time readings (AirNow practice): PM NowCast, O3 NowCast (on the 8-hour rows) and
    /// 1-h, CO 8-h, NO2 and SO2 1-h. Falls back to the latest hourly value (labelled `.hour1`)
    /// when the PM NowCast or the CO 8-h mean cannot be formed, and to the trailing 8-h mean
    /// (labelled `.hours8`) when the O3 NowCast cannot; SO2 24-h is added when available (used
    /// only ≥ 305 ppb).
    static func readings(from series: HourlySeries) -> [PollutantReading] {
        var result: [PollutantReading] = []
        result.reserveCapacity(8)  // O3 and SO2 give two readings, the others one
        func add(_ p: Pollutant, _ period: AveragingPeriod, _ v: Double?) {
            if let v { result.append(PollutantReading(pollutant: p, period: period, value: v, unit: .microgramsPerCubicMetre)) }
        }
        for pollutant in Pollutant.allCases {
            guard let values = series.values[pollutant] else { continue }
            switch pollutant {
            case .pm2_5, .pm10:
                if let now = Averaging.nowCast(values) { add(pollutant, .nowcast, now) } else { add(pollutant, .hour1, Averaging.recent(values)) }
            case .o3:
                if let now = Averaging.ozoneNowCast(values) {
                    add(.o3, .nowcast, now)
                } else {
                    add(.o3, .hours8, Averaging.mean(values, hours: 8, minValid: 6))
                }
                add(.o3, .hour1, Averaging.recent(values))
            case .co:
                if let mean = Averaging.mean(values, hours: 8, minValid: 6) { add(.co, .hours8, mean) } else { add(.co, .hour1, Averaging.recent(values)) }
            case .no2:
                add(.no2, .hour1, Averaging.recent(values))
            case .so2:
                add(.so2, .hour1, Averaging.recent(values))
                add(.so2, .hours24, Averaging.mean(values, hours: 24, minValid: 18))
            }
        }
        return result
    }
}
