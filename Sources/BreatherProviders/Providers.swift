import BreatherHTTP
import BreatherModel

/// A source of air-quality data (concentrations and/or provider-computed indices).
public protocol AirQualityProvider: Sendable {
    /// The id used in `[sources]` and in output provenance, e.g. `open-meteo`.
    var id: String { get }
    /// The current air quality at `location`: concentrations, provider indices or both.
    func airQuality(at location: Location) async throws(ProviderFailure) -> Pollution
}

/// A source of current weather.
public protocol WeatherProvider: Sendable {
    /// The id used in `[sources]` and in output provenance.
    var id: String { get }
    /// The current weather at `location`.
    func weather(at location: Location) async throws(ProviderFailure) -> Weather
}

/// A source of asthma risk. `pollution` is what the air source returned, for estimators.
public protocol AsthmaProvider: Sendable {
    /// The id used in `[sources]` and in output provenance.
    var id: String { get }
    /// False for estimators that compute locally: they still run after the fetch's deadline.
    var needsNetwork: Bool { get }
    /// The asthma risk at `location`; `pollution` is what the air source returned (nil if it failed), for estimators.
    func asthma(at location: Location, pollution: Pollution?) async throws(ProviderFailure) -> Asthma
}

extension AsthmaProvider {
    /// Providers ask the network unless they say otherwise.
    public var needsNetwork: Bool { true }
}

/// Turns a place name into coordinates.
public protocol Geocoder: Sendable {
    /// The coordinates (and display name) of the best match for `city`.
    func locate(city: String) async throws(ProviderFailure) -> Location
}

/// Finds the machine's approximate location from its public IP address.
public protocol IPLocator: Sendable {
    /// The machine's approximate location.
    func locateByIP() async throws(ProviderFailure) -> Location
}

/// Provider ids accepted in `[sources]`.
public enum ProviderID {
    /// Open-Meteo: keyless air, weather and geocoding; the default.
    public static let openMeteo = "open-meteo"
    /// IQAir AirVisual: air indices and weather, needs a key.
    public static let airVisual = "airvisual"
    /// Air by Propeller: asthma risk, keyless.
    public static let propeller = "propeller"
    /// ipapi.co: IP geolocation when no location is configured.
    public static let ipapi = "ipapi"
    /// Breather's own asthma estimate from the AQHI and pollen.
    public static let estimate = "estimate"
    /// World Air Quality Index project (aqicn.org): air indices, needs a token.
    public static let waqi = "waqi"
    /// OpenWeather: air concentrations and weather, needs a key.
    public static let openWeatherMap = "openweathermap"
}
