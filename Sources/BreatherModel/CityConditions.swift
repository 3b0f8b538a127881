/// Everything Breather knows about one place at one time: the Model of the MVVM triad.
///
/// Plain values only. Each part is optional because providers fail independently: a dead
/// asthma source must not take the air-quality reading down with it.
public struct CityConditions: Sendable, Hashable {
    /// Where the conditions are for.
    public var location: Location
    /// Current weather; nil when every weather source failed.
    public var weather: Weather?
    /// Air-quality data; nil when every air source failed.
    public var pollution: Pollution?
    /// Asthma risk; nil when every asthma source failed.
    public var asthma: Asthma?
    /// The indoor sensor's latest reading (`[sources] indoor`); nil without one.
    public var indoor: SensorReading?
    /// Parts the latest fetch could not bring, with the reason; a part listed here that still
    /// has a value is the last good one, kept from an earlier fetch and shown as stale.
    public var failures: [ProviderFailure]
    /// When the latest fetch ran (the last attempt, whatever it brought).
    public var fetchedAt: Timestamp
    /// When each part present was fetched: `fetchedAt` for the parts the latest fetch brought,
    /// earlier for parts kept from an earlier one.
    public var partsFetchedAt: PartTimes
    /// The air of the source after a sensor in `[sources] air` (the model), whole, as the last
    /// fetch that asked it brought it: what a sensor poll shows at once, as the fallback, when
    /// the sensor stops answering between two full polls (`merged(withSensorPoll:)`), with no
    /// request to a source that has a quota. Also kept when that source's air is the one shown
    /// (the sensor failed at the last full fetch). Nil without a sensor leading `[sources] air`.
    public var nextAir: NextAir?
    /// When the last fetch that asked the providers ran (any fetch but a sensor poll,
    /// `FetchRequest.sensorsOnly`): a one-shot's `max_age` counts from here, so reading a sensor never makes the
    /// model's data pass for fresher than it is. Nil when unknown (a store written before it
    /// was kept): `fetchedAt` stands in.
    public var polledAt: Timestamp?

    /// Conditions assembled at `fetchedAt`; parts left nil were not fetched. Every part given
    /// counts as fetched at `fetchedAt` unless `partsFetchedAt` says otherwise.
    public init(location: Location, weather: Weather? = nil, pollution: Pollution? = nil, asthma: Asthma? = nil,
                failures: [ProviderFailure] = [], fetchedAt: Timestamp, partsFetchedAt: PartTimes? = nil,
                indoor: SensorReading? = nil, nextAir: NextAir? = nil, polledAt: Timestamp? = nil) {
        self.nextAir = nextAir
        self.polledAt = polledAt
        self.location = location
        self.weather = weather
        self.pollution = pollution
        self.asthma = asthma
        self.indoor = indoor
        self.failures = failures
        self.fetchedAt = fetchedAt
        self.partsFetchedAt = partsFetchedAt ?? PartTimes(air: pollution == nil ? nil : fetchedAt,
                                                          weather: weather == nil ? nil : fetchedAt,
                                                          asthma: asthma == nil ? nil : fetchedAt)
    }
}

/// The next air source's own reading beside a sensor's (`CityConditions.nextAir`).
public struct NextAir: Sendable, Hashable {
    /// What that source gave, its particles included.
    public var pollution: Pollution
    /// When the fetch that asked it ran.
    public var fetchedAt: Timestamp

    /// `pollution` as a fetch at `fetchedAt` brought it.
    public init(pollution: Pollution, fetchedAt: Timestamp) {
        self.pollution = pollution
        self.fetchedAt = fetchedAt
    }
}

extension CityConditions {
    /// When the data shown was fetched: the air part's fetch, else the weather's, else the
    /// latest fetch. Ages and "updated" count from here: a reading fetched a second ago is a
    /// second old to the person reading the bar, whatever hour the provider stamped it with.
    public var dataFetchedAt: Timestamp {
        partsFetchedAt.air ?? partsFetchedAt.weather ?? fetchedAt
    }

    /// When the data shown was measured: the air reading's observation time when the provider
    /// gives one, never later than its fetch (`dataFetchedAt`: a provider's clock or time zone
    /// can be off), else the fetch time. A fact about the data (json `observed_at`, the
    /// tooltip's "measured"): a fresh fetch can bring a reading hours old, and one measured
    /// more than 3 h ago is stale however recently it was fetched.
    public var dataTime: Timestamp {
        let fetched = dataFetchedAt
        return min(pollution?.observedAt ?? fetched, fetched)
    }
}

/// A place on Earth with an optional display name.
public struct Location: Sendable, Hashable {
    /// The name people know the place by ("Brooklyn"); nil shows the coordinates instead.
    /// One line with no control characters or escape sequences however it is set (`Sanitized`):
    /// geocoders, providers and config files are outside text, and every format shows it.
    public var name: String? {
        didSet { if let name { self.name = Sanitized.line(name) } }
    }
    /// Degrees north (WGS 84), -90…90.
    public var latitude: Double
    /// Degrees east (WGS 84), -180…180.
    public var longitude: Double

    /// A place at the given coordinates, optionally named.
    public init(name: String? = nil, latitude: Double, longitude: Double) {
        self.name = name.map(Sanitized.line)
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Current weather in SI-ish units (°C, %, hPa, m/s, degrees from north).
public struct Weather: Sendable, Hashable {
    /// Air temperature in °C; nil when the provider gave none (likewise for every field below).
    public var temperatureC: Double?
    /// Relative humidity in percent, 0…100.
    public var humidity: Double?
    /// Air pressure in hPa as the provider reports it (Open-Meteo: at the surface, not reduced to sea level).
    public var pressureHPa: Double?
    /// Wind speed in m/s.
    public var windSpeedMS: Double?
    /// Where the wind blows from, in degrees clockwise from north.
    public var windDirectionDeg: Double?
    /// The sky and precipitation as the provider coded it.
    public var condition: WeatherCondition?
    /// When the provider measured or modelled these values.
    public var observedAt: Timestamp?
    /// The provider id that served this (e.g. `open-meteo`).
    public var source: String

    /// Weather from `source`; every measurement may be missing.
    public init(temperatureC: Double? = nil, humidity: Double? = nil, pressureHPa: Double? = nil,
                windSpeedMS: Double? = nil, windDirectionDeg: Double? = nil,
                condition: WeatherCondition? = nil, observedAt: Timestamp? = nil, source: String) {
        self.temperatureC = temperatureC
        self.humidity = humidity
        self.pressureHPa = pressureHPa
        self.windSpeedMS = windSpeedMS
        self.windDirectionDeg = windDirectionDeg
        self.condition = condition
        self.observedAt = observedAt
        self.source = source
    }
}

/// A weather condition as the provider coded it.
public enum WeatherCondition: Sendable, Hashable {
    /// WMO weather interpretation code (Open-Meteo `weather_code`).
    case wmo(Int)
    /// AirVisual/OpenWeatherMap icon code such as `01d`, `10n`.
    case icon(String)
}
