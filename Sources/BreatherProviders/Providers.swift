import BreatherHTTP
import BreatherModel

/// A source of air-quality data (concentrations and/or provider-computed indices).
public protocol AirQualityProvider: Sendable {
    /// The id used in `[sources]` and in output provenance, e.g. `open-meteo`.
    var id: String { get }
    func airQuality(at location: Location) async throws(ProviderFailure) -> Pollution
}

/// A source of current weather.
public protocol WeatherProvider: Sendable {
    var id: String { get }
    func weather(at location: Location) async throws(ProviderFailure) -> Weather
}

/// A source of asthma risk. `pollution` is what the air source returned, for estimators.
public protocol AsthmaProvider: Sendable {
    var id: String { get }
    /// False for estimators that compute locally: they still run after the fetch's deadline.
    var needsNetwork: Bool { get }
    func asthma(at location: Location, pollution: Pollution?) async throws(ProviderFailure) -> Asthma
}

extension AsthmaProvider {
    public var needsNetwork: Bool { true }
}

/// Turns a place name into coordinates.
public protocol Geocoder: Sendable {
    func locate(city: String) async throws(ProviderFailure) -> Location
}

/// Finds the machine's approximate location from its public IP address.
public protocol IPLocator: Sendable {
    func locateByIP() async throws(ProviderFailure) -> Location
}

/// Provider ids accepted in `[sources]`.
public enum ProviderID {
    public static let openMeteo = "open-meteo"
    public static let airVisual = "airvisual"
    public static let propeller = "propeller"
    public static let ipapi = "ipapi"
    public static let estimate = "estimate"
    public static let waqi = "waqi"
    public static let openWeatherMap = "openweathermap"
}
