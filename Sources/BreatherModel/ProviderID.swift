/// Every data source Breather knows, by the id `[sources]` and the json `source` key use.
/// One enum, so a new provider cannot be half-added and an unknown id cannot slip through as
/// another provider: the config rejects it (exit 78) naming the valid ids.
public enum ProviderID: String, CaseIterable, Sendable, Hashable {
    /// Open-Meteo: keyless air, weather and geocoding; the default.
    case openMeteo = "open-meteo"
    /// IQAir AirVisual: air indices and weather from one request, needs a key.
    case airVisual = "airvisual"
    /// World Air Quality Index project (aqicn.org): air indices, needs a token.
    case waqi
    /// OpenWeather: air concentrations and weather, needs a key.
    case openWeatherMap = "openweathermap"
    /// Air by Propeller: asthma risk, keyless.
    case propeller
    /// Breather's own asthma estimate from the AQHI and pollen (no request).
    case estimate
    /// ipapi.co: IP geolocation when no location is configured.
    case ipapi
    /// An AirGradient monitor's local API (`GET /measures/current`).
    case airGradient = "airgradient"
    /// A PurpleAir sensor's local API (`GET /json`), EPA-corrected by default.
    case purpleAir = "purpleair"
    /// A Sensor.Community (luftdaten.info) node's local API (`GET /data.json`).
    case sensorCommunity = "sensor-community"
    /// An Awair monitor's Local API (`GET /air-data/latest`).
    case awair

    /// The ids `[sources] air` accepts, in the order the docs list them.
    public static let air: [ProviderID] = [.openMeteo, .airVisual, .waqi, .openWeatherMap] + sensors
    /// The sensors on the home network (`[providers.<id>] url`), in the order the docs list them.
    public static let sensors: [ProviderID] = [.airGradient, .purpleAir, .sensorCommunity, .awair]
    /// The ids `[sources] weather` accepts.
    public static let weather: [ProviderID] = [.openMeteo, .airVisual, .openWeatherMap]
    /// The ids `[sources] asthma` accepts.
    public static let asthma: [ProviderID] = [.estimate, .propeller]

    /// True when `name` (a failure's provider) is one of `air`: not, say, "mqtt" (a publisher
    /// whose state a subscriber reads).
    public static func isAirSource(_ name: String) -> Bool {
        ProviderID(rawValue: name).map(air.contains) ?? false
    }
}

extension ProviderFailure {
    /// A failure of the provider `id` to serve `part`; `message` must not contain a key.
    public init(provider id: ProviderID, part: Part, kind: FailureKind, message: String, retryAfterSeconds: Int? = nil) {
        self.init(provider: id.rawValue, part: part, kind: kind, message: message, retryAfterSeconds: retryAfterSeconds)
    }
}
