/// A sensor's particles completed with another source's pollutants, and where each came from.
extension Pollution {
    /// This reading (a sensor's: its PM2.5 and PM10) with every pollutant it lacks taken from
    /// `other` (the model's ozone, NO2, …), and `other`'s pollen (now and hourly), UV, forecast and credits. Each
    /// pollutant keeps its provider in `pollutantSources`. `other`'s own indices (AirVisual's
    /// `aqius`) are left out: they were computed from its particles, not the sensor's.
    public func filled(from other: Pollution) -> Pollution {
        var values = hourly?.values ?? [:]
        var sources: [Pollutant: String] = [:]
        for pollutant in values.keys { sources[pollutant] = source(of: pollutant) }
        for (pollutant, series) in other.hourly?.values ?? [:] where values[pollutant] == nil {
            values[pollutant] = series
            sources[pollutant] = other.source(of: pollutant)
        }
        var merged = self
        merged.hourly = HourlySeries(values)
        merged.pollutantSources = sources
        merged.pollen = pollen ?? other.pollen
        merged.pollenHourly = pollenHourly ?? other.pollenHourly
        merged.uv = uv ?? other.uv
        merged.forecast = forecast ?? other.forecast
        // The forecast keeps its own model's past hours (`HourlyForecast.past`): the sensor's
        // particles replace the model's in `hourly`, and a forecast hour must not average the two.
        if forecast == nil, other.filledFrom == nil, merged.forecast != nil { merged.forecast?.past = other.hourly }
        merged.attributions = attributions ?? other.attributions
        // A sensor measures no pollen or UV: they, and the gases, are the other source's (or,
        // when that was a sensor's reading completed before, the source that completed it).
        merged.filledFrom = other.filledFrom ?? other.source
        merged.filledObservedAt = other.filledFrom == nil ? other.observedAt : other.filledObservedAt
        merged.filledHourlyTimes = other.filledFrom == nil ? other.hourlyTimes : other.filledHourlyTimes
        return merged
    }

    /// The provider whose forecast `forecast` is: the source that completed a sensor's reading,
    /// else `source`.
    public var forecastSource: String { forecast == nil ? source : filledFrom ?? source }

    /// The series a standard sees when forecast hour `offset` is the current one: the
    /// forecasting model's own past hours, then its forecast up to that hour. Never a sensor's
    /// past with the model's future: a reading completed from the model uses the model's past
    /// (`HourlyForecast.past`), or, when that was not kept, the pollutants the model gave.
    /// No bias adjustment towards the sensor is made (docs/SENSORS.md). Nil without a forecast.
    public func forecastSeries(through offset: Int) -> HourlySeries? {
        guard let forecast else { return nil }
        var past = forecast.past ?? hourly ?? HourlySeries()
        if forecast.past == nil, let model = filledFrom {
            past = HourlySeries(past.values.filter { source(of: $0.key) == model })
        }
        return forecast.series(through: offset, after: past)
    }

    /// True when a source that is no sensor completed this reading (`filled(from:)`): its
    /// pollen, UV and gases came with it. False for a reading completed from a sensor's own
    /// earlier one (a sensor poll after the model failed), which brings none.
    public var isCompletedByModel: Bool {
        SensorMerge.isCompletedByModel(self)
    }

    /// The provider of `pollutant`'s values: its own entry in `pollutantSources`, else `source`.
    public func source(of pollutant: Pollutant) -> String {
        pollutantSources?[pollutant] ?? source
    }
}

extension CityConditions {
    /// The air sources that failed before the one shown answered: non-empty when the air
    /// shown is a fallback (a sensor that did not answer, the model in its place). A source
    /// asked after it, to complete its reading, is not one (`ProviderFailure.completing`).
    public var airFallbackFrom: [String] {
        guard let pollution, !isCarriedOver(.air) else { return [] }
        var seen: [String] = []
        for failure in failures where failure.part == .air && !failure.completing && failure.provider != pollution.source
            && !seen.contains(failure.provider) {
            seen.append(failure.provider)
        }
        return seen
    }
}
