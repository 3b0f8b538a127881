/// Air-quality data as a provider gave it: concentrations (from which Breather computes any
/// standard) and/or indices the provider computed itself.
public struct Pollution: Sendable, Hashable {
    /// The provider id that served this (e.g. `open-meteo`, `airvisual`).
    public var source: String
    /// When the provider measured or modelled the values; nil when it does not say.
    public var observedAt: Timestamp?
    /// Hourly concentrations in µg/m³ (oldest first), when the provider gives them.
    public var hourly: HourlySeries?
    /// Indices the provider computed itself, by standard (AirVisual `aqius`/`aqicn`).
    public var reported: [ReportedIndex]
    /// Credits the provider's terms require to be shown with its data (WAQI: the project and
    /// the originating agencies). Optional so caches written before it existed still decode.
    public var attributions: [Attribution]?
    /// Current pollen counts in grains/m³ when the provider has them (Open-Meteo, Europe only).
    public var pollen: [PollenType: Double]?
    /// Modelled concentrations for the hours after the current one (Open-Meteo: the next 24);
    /// nil when the provider gives no forecast.
    public var forecast: HourlyForecast?
    /// Hourly pollen counts per species (grains/m³), the past day and the days ahead, for the
    /// outlook; nil when the provider gives none (outside Europe, out of season: all null).
    public var pollenHourly: [PollenType: HourlyValues]?
    /// The UV index now, under a clear sky, and hourly; nil when the provider gives none.
    public var uv: UVIndex?
    /// The time of each value in `hourly` (position i of every pollutant's series), when the
    /// provider gives them: the history keeps each hour under its own time. A pollutant's
    /// series may be one shorter (no current value); it then ends an hour earlier.
    public var hourlyTimes: [Timestamp]?
    /// The provider of each pollutant when they came from more than one (a sensor's particles,
    /// the model's gases: `Pollution.filled(from:)`); nil when `source` gave them all.
    public var pollutantSources: [Pollutant: String]?
    /// The provider that completed a sensor's reading (`Pollution.filled(from:)`): the pollen,
    /// UV and forecast are its, as are the pollutants `pollutantSources` gives it; nil when
    /// `source` gave everything.
    public var filledFrom: String?
    /// When that provider observed what it gave (its `observedAt`), so the history keeps the
    /// model's gases, pollen and UV under the model's time rather than the sensor's minute. Not
    /// stored in the conditions cache: only a fetch's own readings are recorded.
    public var filledObservedAt: Timestamp?
    /// The time of each of that provider's hourly values (its `hourlyTimes`), for the history
    /// as `filledObservedAt` is; not stored in the conditions cache either.
    public var filledHourlyTimes: [Timestamp]?
    /// Hours with readings behind each pollutant whose series a sensor's readings in the history
    /// store gave (`averaged(_:from:)`): the hourly means the standards average; nil when
    /// no series came from there.
    public var sensorHours: [Pollutant: Int]?
    /// A two-channel sensor's PM2.5 channels at this reading (`SensorReading.channels`), which the
    /// history store keeps for the EPA's hourly A/B rule; nil for every other source. Not
    /// stored in the conditions cache.
    public var sensorChannels: [String: Double]?
    /// Why a sensor's PM2.5 is shown as it measured it, e.g. `uncorrected (pm02 as measured: no
    /// humidity for the US EPA correction)`; nil when it is corrected and for every other source.
    /// The index's report says so (`AirQualityReport.uncorrected`, a note).
    public var sensorUncorrected: String?

    /// Air-quality data from `source`; give `hourly` concentrations, `reported` indices or both.
    public init(source: String, observedAt: Timestamp? = nil, hourly: HourlySeries? = nil, reported: [ReportedIndex] = [],
                attributions: [Attribution]? = nil, pollen: [PollenType: Double]? = nil, forecast: HourlyForecast? = nil,
                pollenHourly: [PollenType: HourlyValues]? = nil, uv: UVIndex? = nil,
                hourlyTimes: [Timestamp]? = nil, pollutantSources: [Pollutant: String]? = nil, sensorHours: [Pollutant: Int]? = nil,
                filledFrom: String? = nil) {
        self.filledFrom = filledFrom
        self.sensorHours = sensorHours
        self.pollenHourly = pollenHourly
        self.uv = uv
        self.hourlyTimes = hourlyTimes
        self.source = source
        self.observedAt = observedAt
        self.hourly = hourly
        self.reported = reported
        self.attributions = attributions
        self.pollen = pollen
        self.forecast = forecast
        self.pollutantSources = pollutantSources
    }
}

/// Hourly concentrations forecast for the hours after the current one.
public struct HourlyForecast: Sendable, Hashable {
    /// The time of the first forecast hour (the hour after the current one).
    public var start: Timestamp
    /// µg/m³ per pollutant, one value an hour from `start` on (nil for a missing hour).
    public var series: HourlySeries
    /// The forecasting source's own past hours, kept when the reading it completes had its
    /// particles from elsewhere (a sensor: `Pollution.filled(from:)`), so a forecast hour
    /// averages the model's past with the model's future and never a sensor's past with the
    /// model's future; nil when the reading's own `hourly` is the model's.
    public var past: HourlySeries?

    /// A forecast whose first hour is `start`; `past`, the model's own past hours when the
    /// reading it is attached to is not all the model's.
    public init(start: Timestamp, series: HourlySeries, past: HourlySeries? = nil) {
        self.start = start
        self.series = series
        self.past = past
    }

    /// The number of forecast hours (the longest pollutant's).
    public var hours: Int { series.values.values.map(\.count).max() ?? 0 }

    /// The start of forecast hour `offset` (0 = `start`).
    public func time(ofHour offset: Int) -> Timestamp { start.addingTimeInterval(Double(offset) * 3600) }

    /// `past` followed by the forecast up to and including hour `offset`, every pollutant the
    /// same number of hours ahead (nil where the forecast lacks one): the series a standard
    /// would see if that hour were the current one, so its rolling means roll forward.
    public func series(through offset: Int, after past: HourlySeries) -> HourlySeries {
        // Built once per forecast hour shown and per hour of the asthma outlook (60 a fresh
        // run): one array per pollutant, sized once, and no `Set` of the keys.
        var values: [Pollutant: [Double?]] = [:]
        values.reserveCapacity(Pollutant.allCases.count)
        for pollutant in Pollutant.allCases {
            let before = past.values[pollutant], ahead = series.values[pollutant]
            guard before != nil || ahead != nil else { continue }
            let later = (ahead ?? []).prefix(offset + 1)
            var hours: [Double?] = []
            hours.reserveCapacity((before?.count ?? 0) + offset + 1)
            hours.append(contentsOf: before ?? [])
            hours.append(contentsOf: later)
            hours.append(contentsOf: repeatElement(nil, count: offset + 1 - later.count))
            values[pollutant] = hours
        }
        return HourlySeries(values)
    }
}

/// A data credit: who measured or published the values, and where.
public struct Attribution: Sendable, Hashable {
    /// Who to credit, as the provider spelled it (surrounding white space removed).
    public var name: String
    /// Where the credit links to; nil when the provider gives no link.
    public var url: String?

    /// A credit to `name`, linking to `url` when there is one.
    public init(name: String, url: String?) {
        self.name = Sanitized.line(name)
        self.url = url.map(Sanitized.line)
    }
}

/// An index value a provider computed, shown as given (`computed: false`).
public struct ReportedIndex: Sendable, Hashable {
    /// The standard the provider computed the value under.
    public var standard: AQIStandard
    /// The index value as the provider gave it.
    public var value: Int
    /// The pollutant the provider says set the index; nil when it does not say.
    public var mainPollutant: Pollutant?
    /// The provider's own field name, e.g. `aqius`, for provenance.
    public var field: String

    /// An index the provider computed, kept with the field it came from.
    public init(standard: AQIStandard, value: Int, mainPollutant: Pollutant?, field: String) {
        self.standard = standard
        self.value = value
        self.mainPollutant = mainPollutant
        self.field = field
    }
}

/// The air-quality index Breather shows for one standard, with where it came from.
public struct AirQualityReport: Sendable, Hashable {
    /// The index value, category and the pollutants that set it.
    public var index: AirQualityIndex
    /// True when Breather computed the index from concentrations; false when shown as the provider gave it.
    public var computed: Bool
    /// Provider id, plus the field for a provider-given index (`airvisual:aqius`).
    public var source: String
    /// Why the PM2.5 that went into the index is a sensor's value as measured, without the
    /// correction such a sensor needs (`Pollution.sensorUncorrected`); nil otherwise.
    public var uncorrected: String?

    /// A report on `index`, `computed` by Breather or given by the provider named in `source`.
    public init(index: AirQualityIndex, computed: Bool, source: String, uncorrected: String? = nil) {
        self.index = index
        self.computed = computed
        self.source = source
        self.uncorrected = uncorrected
    }
}

extension Pollution {
    /// The index for `standard`: the provider's own value when it reports this standard,
    /// otherwise computed from concentrations. Throws when neither is possible.
    public func report(for standard: AQIStandard) throws(AQIError) -> AirQualityReport {
        if let given = reported.first(where: { $0.standard == standard }) {
            let index = AirQualityIndex(
                standard: standard, value: given.value,
                category: standard.category(forIndex: given.value),
                mainPollutants: standard.namesMainPollutant(atIndex: given.value) ? given.mainPollutant.map { [$0] } ?? [] : [],
                subIndices: [])
            return AirQualityReport(index: index, computed: false, source: "\(source):\(given.field)")
        }
        guard let hourly else { throw AQIError.noUsablePollutants(standard) }
        var index = try standard.index(from: standard.readings(from: hourly))
        index.notes += sensorNotes(index.subIndices)
        let uncorrected = uncorrectedPM25(index.subIndices)
        if let uncorrected { index.notes.append(uncorrected) }
        return AirQualityReport(index: index, computed: true, source: source, uncorrected: uncorrected.flatMap { _ in sensorUncorrected })
    }
}

extension AQIStandard {
    /// China names no primary pollutant at AQI ≤ 50 (HJ 633 §5); other standards always name one.
    public func namesMainPollutant(atIndex index: Int) -> Bool {
        switch self {
        case .china, .china2012: index > 50
        default: true
        }
    }
}
