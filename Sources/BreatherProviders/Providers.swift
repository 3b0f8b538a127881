import BreatherHTTP
import BreatherModel

/// A source of air-quality data (concentrations and/or provider-computed indices).
public protocol AirQualityProvider: Sendable {
    /// The id used in `[sources]` and in output provenance, e.g. `open-meteo`.
    var id: ProviderID { get }
    /// The current air quality at `location`: concentrations, provider indices or both.
    func airQuality(at location: Location) async throws(ProviderFailure) -> Pollution
}

/// A source of current weather.
public protocol WeatherProvider: Sendable {
    /// The id used in `[sources]` and in output provenance.
    var id: ProviderID { get }
    /// The current weather at `location`.
    func weather(at location: Location) async throws(ProviderFailure) -> Weather
}

/// A source of asthma risk. `pollution` is what the air source returned, for estimators.
public protocol AsthmaProvider: Sendable {
    /// The id used in `[sources]` and in output provenance.
    var id: ProviderID { get }
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
