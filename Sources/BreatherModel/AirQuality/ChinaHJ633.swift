/// China's Ambient Air Quality Index: HJ 633-2026 (current, in force 2026-03-01) and the
/// superseded HJ 633-2012. Reference: `aqi-standards.md` §2.
enum ChinaHJ633 {
    enum Revision: Sendable { case y2012, y2026 }

    /// Categories (identical in both revisions; HJ 633-2026 Appendix A Table A.1 colours —
    /// level 5 purple is 153,0,76, not the US 143,63,151).
    static let bands: [CategoryBand] = [
        CategoryBand(0, 50, "Excellent", "#00E400"),
        CategoryBand(51, 100, "Good", "#FFFF00"),
        CategoryBand(101, 150, "Lightly Polluted", "#FF7E00"),
        CategoryBand(151, 200, "Moderately Polluted", "#FF0000"),
        CategoryBand(201, 300, "Heavily Polluted", "#99004C"),
        CategoryBand(301, 500, "Severely Polluted", "#7E0023"),
    ]

    // HJ 633-2012 Table 1 / HJ 633-2026 Table 3. Breakpoints are continuous: each segment runs
    // from the previous IAQI's concentration to the next (no EPA-style 51/101 offsets).
    static let so2_24h = BreakpointTable([
        [0, 50, 0, 50], [50, 150, 50, 100], [150, 475, 100, 150], [475, 800, 150, 200],
        [800, 1600, 200, 300], [1600, 2100, 300, 400], [2100, 2620, 400, 500],
    ])
    /// SO2 1-h, real-time report only; defined up to 800 µg/m³ (IAQI 200).
    static let so2_1h = BreakpointTable([[0, 150, 0, 50], [150, 500, 50, 100], [500, 650, 100, 150], [650, 800, 150, 200]])
    static let no2_24h = BreakpointTable([
        [0, 40, 0, 50], [40, 80, 50, 100], [80, 180, 100, 150], [180, 280, 150, 200],
        [280, 565, 200, 300], [565, 750, 300, 400], [750, 940, 400, 500],
    ])
    static let no2_1h = BreakpointTable([
        [0, 100, 0, 50], [100, 200, 50, 100], [200, 700, 100, 150], [700, 1200, 150, 200],
        [1200, 2340, 200, 300], [2340, 3090, 300, 400], [3090, 3840, 400, 500],
    ])
    /// CO 24-h, mg/m³.
    static let co_24h = BreakpointTable([
        [0, 2, 0, 50], [2, 4, 50, 100], [4, 14, 100, 150], [14, 24, 150, 200],
        [24, 36, 200, 300], [36, 48, 300, 400], [48, 60, 400, 500],
    ])
    /// CO 1-h, mg/m³.
    static let co_1h = BreakpointTable([
        [0, 5, 0, 50], [5, 10, 50, 100], [10, 35, 100, 150], [35, 60, 150, 200],
        [60, 90, 200, 300], [90, 120, 300, 400], [120, 150, 400, 500],
    ])
    static let o3_1h = BreakpointTable([
        [0, 160, 0, 50], [160, 200, 50, 100], [200, 300, 100, 150], [300, 400, 150, 200],
        [400, 800, 200, 300], [800, 1000, 300, 400], [1000, 1200, 400, 500],
    ])
    /// O3 8-h moving average; defined up to 800 µg/m³ (IAQI 300).
    static let o3_8h = BreakpointTable([
        [0, 100, 0, 50], [100, 160, 50, 100], [160, 215, 100, 150], [215, 265, 150, 200], [265, 800, 200, 300],
    ])

    /// PM10 24-h: the IAQI-100 breakpoint is 150 µg/m³ in 2012 and 120 µg/m³ in 2026.
    static func pm10(_ revision: Revision) -> BreakpointTable {
        let at100: Double? = revision == .y2026 ? 120 : 150
        return BreakpointTable([
            [0, 50, 0, 50], [50, at100, 50, 100], [at100, 250, 100, 150], [250, 350, 150, 200],
            [350, 420, 200, 300], [420, 500, 300, 400], [500, 600, 400, 500],
        ])
    }

    /// PM2.5 24-h: the IAQI-100 breakpoint is 75 µg/m³ in 2012 and 60 µg/m³ in 2026.
    static func pm25(_ revision: Revision) -> BreakpointTable {
        let at100: Double? = revision == .y2026 ? 60 : 75
        return BreakpointTable([
            [0, 35, 0, 50], [35, at100, 50, 100], [at100, 115, 100, 150], [115, 150, 150, 200],
            [150, 250, 200, 300], [250, 350, 300, 400], [350, 500, 400, 500],
        ])
    }

    /// The official table for a pollutant and period (no fallbacks).
    static func table(_ pollutant: Pollutant, _ period: AveragingPeriod, _ revision: Revision) -> BreakpointTable? {
        switch (pollutant, period) {
        case (.so2, .hours24): so2_24h
        case (.so2, .hour1): so2_1h
        case (.no2, .hours24): no2_24h
        case (.no2, .hour1): no2_1h
        case (.pm10, .hours24): pm10(revision)
        case (.pm2_5, .hours24): pm25(revision)
        case (.co, .hours24): co_24h
        case (.co, .hour1): co_1h
        case (.o3, .hour1): o3_1h
        case (.o3, .hours8): o3_8h
        default: nil
        }
    }

    /// CO is indexed in mg/m³, every other pollutant in µg/m³ (Table 1/3 units).
    static func unit(_ pollutant: Pollutant) -> ConcentrationUnit {
        pollutant == .co ? .milligramsPerCubicMetre : .microgramsPerCubicMetre
    }

    static func standard(_ revision: Revision) -> AQIStandard {
        revision == .y2026 ? .china : .china2012
    }

    static func index(from readings: [PollutantReading], revision: Revision) throws(AQIError) -> AirQualityIndex {
        let standard = standard(revision)
        var prepared: [(reading: PollutantReading, c: Double)] = []
        for reading in IndexAssembly.relevant(readings, for: standard) {
            var c = try reading.value(in: unit(reading.pollutant))
            // HJ 633-2026: concentrations are rounded per GB/T 8170 before indexing (µg/m³ to an
            // integer, CO mg/m³ to 1 decimal; an exact trailing 5 rounds to the even digit).
            // HJ 633-2012 states no concentration rounding.
            if revision == .y2026 { c = Rounding.halfEven(c, decimals: reading.pollutant == .co ? 1 : 0) }
            prepared.append((reading, c))
        }
        let has = { (p: Pollutant, period: AveragingPeriod) in
            prepared.contains { $0.reading.pollutant == p && $0.reading.period == period }
        }

        var subIndices: [SubIndex] = []
        for (reading, c) in prepared {
            let p = reading.pollutant
            let raw: Double?
            switch (p, reading.period) {
            // SO2 1-h above 800 µg/m³: 2026 §4.2 → IAQI 200; 2012 → not computed, the 24-h SO2
            // IAQI is reported instead (Breather: 200 when no 24-h value was given).
            case (.so2, .hour1) where c > 800:
                raw = revision == .y2012 && has(.so2, .hours24) ? nil : 200
            // O3 8-h above 800 µg/m³: 2026 → IAQI 300; 2012 → not computed, the 1-h O3 IAQI is
            // reported instead (Breather: without a 1-h value, the 8-h mean is indexed on the 1-h
            // column, a lower bound because the daily 1-h maximum is ≥ any 8-h mean).
            case (.o3, .hours8) where c > 800:
                if revision == .y2026 {
                    raw = 300
                } else {
                    raw = has(.o3, .hour1) ? nil : o3_1h.rawIndex(c, above: .cap(500))
                }
            // PM 1-h: HJ 633-2026 indexes 1-hour PM with the daily-mean column. HJ 633-2012 has no
            // 1-h PM column; Breather applies the same rule as a labelled fallback.
            case (.pm10, .hour1), (.pm2_5, .hour1):
                raw = table(p, .hours24, revision)?.rawIndex(c, above: .cap(500))
            default:
                guard let table = table(p, reading.period, revision) else {
                    throw .unsupportedPeriod(p, reading.period, standard)
                }
                // Above the IAQI-500 breakpoint the standard defines nothing; report 500.
                raw = table.rawIndex(c, above: .cap(500))
            }
            guard let raw else { continue }
            // HJ 633-2012 §6.2 / 2026 §4.2.6: IAQI is rounded UP to an integer.
            subIndices.append(SubIndex(
                pollutant: p, period: reading.period, concentration: c, unit: unit(p), index: Rounding.indexCeil(raw)))
        }
        // AQI = max IAQI; primary pollutant(s) only when AQI > 50, ties all listed.
        return try IndexAssembly.assemble(standard, subIndices, noMainAtOrBelow: 50)
    }

    /// Real-time ("实时报") readings. 2026: the six 1-hour averages only. 2012: SO2, NO2, CO,
    /// O3 1-hour, O3 8-hour moving mean and PM10/PM2.5 24-hour moving means; a PM series too
    /// short for a 24-h mean (HJ 663: ≥ 20 valid hours) falls back to the 1-hour value.
    static func readings(from series: HourlySeries, revision: Revision) -> [PollutantReading] {
        var result: [PollutantReading] = []
        func add(_ p: Pollutant, _ period: AveragingPeriod, _ v: Double?) {
            if let v { result.append(PollutantReading(pollutant: p, period: period, value: v, unit: .microgramsPerCubicMetre)) }
        }
        for pollutant in Pollutant.allCases {
            guard let values = series.values[pollutant] else { continue }
            switch (revision, pollutant) {
            case (.y2012, .pm2_5), (.y2012, .pm10):
                if let mean = Averaging.mean(values, hours: 24, minValid: 20) {
                    add(pollutant, .hours24, mean)
                } else {
                    add(pollutant, .hour1, Averaging.recent(values))
                }
            case (.y2012, .o3):
                add(.o3, .hour1, Averaging.recent(values))
                add(.o3, .hours8, Averaging.mean(values, hours: 8, minValid: 6))
            default:
                add(pollutant, .hour1, Averaging.recent(values))
            }
        }
        return result
    }
}
