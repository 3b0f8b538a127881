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

    /// IAQI per reading (Eq. 1, rounded up), AQI = the maximum, with the table notes that
    /// differ between the revisions (quoted where they apply).
    static func index(from readings: [PollutantReading], revision: Revision) throws(AQIError) -> AirQualityIndex {
        let standard = standard(revision)
        var prepared: [(reading: PollutantReading, c: Double, conversion: AppliedConversion?)] = []
        for reading in IndexAssembly.relevant(readings, for: standard) {
            var (c, conversion) = try reading.converted(to: unit(reading.pollutant), for: standard)
            // HJ 633-2026: concentrations are rounded per GB/T 8170 before indexing (µg/m³ to an
            // integer, CO mg/m³ to 1 decimal; an exact trailing 5 rounds to the even digit).
            // HJ 633-2012 states no concentration rounding.
            if revision == .y2026 { c = Rounding.halfEven(c, decimals: reading.pollutant == .co ? 1 : 0) }
            prepared.append((reading, c, conversion))
        }
        let has = { (p: Pollutant, period: AveragingPeriod) in
            prepared.contains { $0.reading.pollutant == p && $0.reading.period == period }
        }

        var subIndices: [SubIndex] = []
        var notes: [IndexNote] = []
        for (reading, c, conversion) in prepared {
            let p = reading.pollutant
            var table: BreakpointTable?
            var raw: Double?
            switch (p, reading.period) {
            // SO2 1-h above 800 µg/m³. 2012 Table 1 note (2): "二氧化硫（SO2）1小时平均浓度值高于
            // 800 μg/m³的，不再进行其空气质量分指数计算，二氧化硫（SO2）空气质量分指数按24小时
            // 平均浓度计算的分指数报告" (no IAQI; SO2 is reported from its 24-hour value).
            // 2026 Table 3 note b: the IAQI is 200.
            case (.so2, .hour1) where c > 800:
                if revision == .y2026 {
                    raw = 200
                    notes.append(IndexNote(.so2, .hour1, .chinaSulfurDioxideHourAt200(microgramsPerCubicMetre: c)))
                } else {
                    notes.append(IndexNote(.so2, .hour1, needs: has(.so2, .hours24) ? nil : .hours24,
                                           .chinaSulfurDioxideHourDropped(microgramsPerCubicMetre: c)))
                }
            // O3 8-h above 800 µg/m³. 2012 Table 1 note (3): "臭氧（O3）8小时平均浓度值高于800 μg/m³
            // 的，不再进行其空气质量分指数计算，臭氧（O3）空气质量分指数按1小时平均浓度计算的
            // 分指数报告" (no IAQI; O3 is reported from its 1-hour value). 2026 Table 3 note c: 300.
            case (.o3, .hours8) where c > 800:
                if revision == .y2026 {
                    raw = 300
                    notes.append(IndexNote(.o3, .hours8, .chinaOzoneEightHourAt300(microgramsPerCubicMetre: c)))
                } else {
                    notes.append(IndexNote(.o3, .hours8, needs: has(.o3, .hour1) ? nil : .hour1,
                                           .chinaOzoneEightHourDropped(microgramsPerCubicMetre: c)))
                }
            // PM 1-h: the HJ 633-2026 real-time report (实时报) indexes 1-hour PM10 and PM2.5 on the
            // 24-hour column. HJ 633-2012's real-time report uses 24-h moving means; Breather uses
            // the 1-hour value the same way only when a series is too short, and says so.
            case (.pm10, .hour1), (.pm2_5, .hour1):
                table = Self.table(p, .hours24, revision)
                notes.append(IndexNote(p, .hour1, revision == .y2026 ? .chinaHourOnDayColumn(p) : .chinaHourOnDayColumnShortSeries(p)))
            default:
                guard let official = Self.table(p, reading.period, revision) else {
                    throw .unsupportedPeriod(p, reading.period, standard)
                }
                table = official
            }
            // Above the IAQI-500 breakpoint the standard defines nothing: 500, in HJ 633's top
            // category (严重污染, Severely Polluted), with "beyond the scale" as a note.
            if raw == nil, let table { raw = table.rawIndex(c, above: .cap(500)) }
            guard let raw else { continue }
            let top = table?.rows.last
            let beyond = top.map { c > ($0.cHi ?? .infinity) && $0.iHi == 500 } ?? false
            if beyond, let top = top?.cHi {
                notes.append(IndexNote(p, reading.period, .chinaBeyondScale(p, reading.period, concentration: c, unit: unit(p),
                                                                            top: top, standard: standard)))
            }
            // HJ 633-2012 §6.2 / 2026 §4.2.6: IAQI is rounded UP to an integer.
            subIndices.append(SubIndex(
                pollutant: p, period: reading.period, concentration: c, unit: unit(p), index: Rounding.indexCeil(raw),
                conversion: conversion, beyondTable: beyond))
        }
        // AQI = max IAQI; primary pollutant(s) only when AQI > 50, ties all listed.
        return try IndexAssembly.assemble(standard, subIndices, notes: notes, noMainAtOrBelow: 50)
    }

    /// Real-time ("实时报") readings. 2026: the six 1-hour averages only. 2012: SO2, NO2, CO,
    /// O3 1-hour, O3 8-hour moving mean and PM10/PM2.5 24-hour moving means; a PM series too
    /// short for a 24-h mean (HJ 663: ≥ 20 valid hours) falls back to the 1-hour value. SO2's
    /// 24-hour mean is added when its 1-hour value is above 800 µg/m³ (Table 1 note 2).
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
            // 2012 Table 1 note 2: above 800 µg/m³ 1-h, SO2 is reported from its 24-hour value.
            case (.y2012, .so2):
                let hour = Averaging.recent(values)
                add(.so2, .hour1, hour)
                if let hour, hour > 800 { add(.so2, .hours24, Averaging.mean(values, hours: 24, minValid: 20)) }
            default:
                add(pollutant, .hour1, Averaging.recent(values))
            }
        }
        return result
    }
}
