#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BreatherModel

/// Asks the configured sources for each part of `CityConditions`, in `[sources]` order: the
/// first that answers wins, the next is the fallback. Failures become `failures`, never throws,
/// so a dead asthma source cannot take the air-quality reading down with it.
public struct ConditionsFetcher: Sendable {
    public var air: [any AirQualityProvider]
    public var weather: [any WeatherProvider]
    public var asthma: [any AsthmaProvider]
    public var now: @Sendable () -> Date

    public init(air: [any AirQualityProvider], weather: [any WeatherProvider], asthma: [any AsthmaProvider],
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.air = air
        self.weather = weather
        self.asthma = asthma
        self.now = now
    }

    public func fetch(at location: Location) async -> CityConditions {
        // Air and weather are independent: fetch them at the same time.
        async let airResult = firstSuccess(air) { provider async throws(ProviderFailure) in try await provider.airQuality(at: location) }
        async let weatherResult = firstSuccess(weather) { provider async throws(ProviderFailure) in try await provider.weather(at: location) }
        let (pollution, airFailures) = await airResult
        let (currentWeather, weatherFailures) = await weatherResult
        // Asthma estimators need the air data, so they run after it.
        let (risk, asthmaFailures) = await firstSuccess(asthma) { provider async throws(ProviderFailure) in
            try await provider.asthma(at: location, pollution: pollution)
        }
        return CityConditions(location: location, weather: currentWeather, pollution: pollution, asthma: risk,
                              failures: airFailures + weatherFailures + asthmaFailures, fetchedAt: now())
    }

    /// Tries each provider in order; returns the first value and the failures met before it.
    private func firstSuccess<P: Sendable, T: Sendable>(
        _ providers: [P], _ call: (P) async throws(ProviderFailure) -> T
    ) async -> (T?, [ProviderFailure]) {
        var failures: [ProviderFailure] = []
        for provider in providers {
            do {
                return (try await call(provider), failures)
            } catch {
                failures.append(error)
            }
        }
        return (nil, failures)
    }
}
