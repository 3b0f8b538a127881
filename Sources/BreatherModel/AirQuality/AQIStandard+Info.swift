extension AQIStandard {
    /// The name shown to people, e.g. "US EPA (2024)", "China HJ 633-2026".
    public var displayName: String {
        switch self {
        case .us: "US EPA (2024)"
        case .china: "China HJ 633-2026"
        case .china2012: "China HJ 633-2012"
        case .eu: "European AQI (EEA 2024)"
        case .uk: "UK DAQI"
        case .india: "India NAQI (CPCB)"
        case .canada: "Canada AQHI"
        }
    }

    /// The category bands of this standard, lowest first.
    var bands: [CategoryBand] {
        switch self {
        case .us: USEPA2024.bands
        case .china, .china2012: ChinaHJ633.bands
        case .eu: EuropeanAQI.bands
        case .uk: UKDAQI.bands
        case .india: IndiaNAQI.bands
        case .canada: CanadaAQHI.bands
        }
    }

    /// The official category (English name, snake_case id, colour) for an index value.
    /// Above 500 the US scale ends: "Beyond the AQI" (AirNow's wording; TAD 2024 footnote 4
    /// still defines the number). HJ 633 defines nothing above 500 and no category for it: China
    /// keeps its top category, Severely Polluted, with "beyond the scale" as a note. The other
    /// standards' top bands are open-ended and keep their names (India "Severe", EEA
    /// "Extremely poor", DAQI 10 "Very High", AQHI "10+" "Very High Risk").
    public func category(forIndex index: Int) -> AQICategory {
        if index > 500, let beyond = beyondCategory { return beyond }
        return CategoryBand.category(index, in: bands)
    }

    /// The category for a concentration above the top of the standard's tables where the
    /// standard names one (US: AirNow's "Beyond the AQI"); nil elsewhere (China's top category
    /// holds, with a note; the other top bands are open-ended). Its colour is the top band's.
    public var beyondCategory: AQICategory? {
        switch self {
        case .us: AQICategory(id: "beyond_the_aqi", name: "Beyond the AQI", color: "#7E0023")
        case .china, .china2012, .eu, .uk, .india, .canada: nil
        }
    }

    /// True for an index that adds one term per pollutant (Canada's AQHI) instead of taking
    /// the highest sub-index: it has contributions, not sub-indices, and no main pollutant.
    public var sumsTerms: Bool { self == .canada }

    /// The index as shown: "57"; Canada's AQHI above 10 is shown as "10+" (ECCC convention).
    public func displayValue(_ index: Int) -> String {
        self == .canada && index > 10 ? "10+" : String(index)
    }

    /// The standard's usual averaging period for a pollutant (its daily/official index), or
    /// `nil` if the standard does not use that pollutant.
    public func defaultPeriod(for pollutant: Pollutant) -> AveragingPeriod? {
        switch (self, pollutant) {
        // US TAD Table 6: PM 24-h, O3 and CO 8-h, NO2 and SO2 1-h.
        case (.us, .pm2_5), (.us, .pm10): .hours24
        case (.us, .o3), (.us, .co): .hours8
        case (.us, .no2), (.us, .so2): .hour1
        // HJ 633 daily report: 24-h means and the O3 daily max 8-h mean.
        case (.china, .o3), (.china2012, .o3): .hours8
        case (.china, _), (.china2012, _): .hours24
        // EAQI 2024: hourly concentrations for all five pollutants; no CO.
        case (.eu, .co): nil
        case (.eu, _): .hour1
        // DAQI: O3 running 8-h, NO2 1-h, SO2 15-min, PM 24-h; no CO.
        case (.uk, .o3): .hours8
        case (.uk, .no2): .hour1
        case (.uk, .so2): .minutes15
        case (.uk, .pm2_5), (.uk, .pm10): .hours24
        case (.uk, .co): nil
        // NAQI: O3 and CO 8-h, the others 24-h.
        case (.india, .o3), (.india, .co): .hours8
        case (.india, _): .hours24
        // AQHI: 3-h means of NO2, O3 and PM2.5 only.
        case (.canada, .no2), (.canada, .o3), (.canada, .pm2_5): .hours3
        case (.canada, _): nil
        }
    }

    /// The averaging periods this standard indexes a pollutant over: its usual one, every
    /// period it has a table for, and HJ 633-2026's real-time 1-hour PM (indexed on the 24-hour
    /// column). Empty when the standard does not use the pollutant. Breather's own fallbacks
    /// for short provider series (a labelled 1-hour value) are not among them.
    public func periods(for pollutant: Pollutant) -> [AveragingPeriod] {
        AveragingPeriod.allCases.filter { period in
            defaultPeriod(for: pollutant) == period || !breakpoints(for: pollutant, period: period).isEmpty
                || (self == .china && period == .hour1 && (pollutant == .pm2_5 || pollutant == .pm10))
        }
    }

    /// The standard's official breakpoint rows for a pollutant and period (as printed in the
    /// standard / reference JSON; open-ended rows have `cHi == nil`), empty if it has none.
    /// Canada's AQHI is a formula and has no rows.
    public func breakpoints(for pollutant: Pollutant, period: AveragingPeriod) -> [Breakpoint] {
        let table: BreakpointTable? = switch self {
        case .us: USEPA2024.table(pollutant, period)
        case .china: ChinaHJ633.table(pollutant, period, .y2026)
        case .china2012: ChinaHJ633.table(pollutant, period, .y2012)
        case .eu: EuropeanAQI.table(pollutant, period)
        case .uk: UKDAQI.table(pollutant, period)
        case .india: IndiaNAQI.table(pollutant, period)
        case .canada: nil
        }
        return table?.rows ?? []
    }

    /// Computes the index from concentrations (any unit it can convert), applying the
    /// standard's truncation/rounding, its tables, its main-pollutant rule and its
    /// above-the-table rule. Readings of pollutants the standard does not use are ignored.
    /// - Throws: `AQIError.invalidConcentration` (negative/non-finite), `.unsupportedUnit`
    ///   (e.g. PM in ppb), `.unsupportedPeriod` (no table for that period) and
    ///   `.noUsablePollutants` (nothing left to index, or — India, Canada — too few pollutants).
    public func index(from readings: [PollutantReading]) throws(AQIError) -> AirQualityIndex {
        switch self {
        case .us: try USEPA2024.index(from: readings)
        case .china: try ChinaHJ633.index(from: readings, revision: .y2026)
        case .china2012: try ChinaHJ633.index(from: readings, revision: .y2012)
        case .eu: try EuropeanAQI.index(from: readings)
        case .uk: try UKDAQI.index(from: readings)
        case .india: try IndiaNAQI.index(from: readings)
        case .canada: try CanadaAQHI.index(from: readings)
        }
    }

    /// Chooses real-time concentrations from hourly µg/m³ series (oldest first, last = current
    /// hour) using the averaging each sub-index needs for a real-time display. When a series is
    /// too short for that averaging, a shorter period is used and the reading says which.
    public func readings(from series: HourlySeries) -> [PollutantReading] {
        switch self {
        case .us: USEPA2024.readings(from: series)
        case .china: ChinaHJ633.readings(from: series, revision: .y2026)
        case .china2012: ChinaHJ633.readings(from: series, revision: .y2012)
        case .eu: EuropeanAQI.readings(from: series)
        case .uk: UKDAQI.readings(from: series)
        case .india: IndiaNAQI.readings(from: series)
        case .canada: CanadaAQHI.readings(from: series)
        }
    }
}
