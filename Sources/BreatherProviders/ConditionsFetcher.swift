#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BreatherModel

/// Asks the configured sources for each part of `CityConditions`, in `[sources]` order: the
/// first that answers wins, the next is the fallback. Failures become `failures`, never throws,
/// so a dead asthma source cannot take the air-quality reading down with it.
///
/// An air source "answers" only when it can serve `standard`: with that index as given or
/// concentrations to compute it from. One that replies but cannot is recorded as a failure
/// naming the standard and the next source is asked; when none can, the first reply is kept
/// (other standards may still be shown from it without a new fetch).
public struct ConditionsFetcher: Sendable {
    /// Air-quality sources in `[sources] air` order.
    public var air: [any AirQualityProvider]
    /// Weather sources in `[sources] weather` order.
    public var weather: [any WeatherProvider]
    /// Asthma sources in `[sources] asthma` order; the estimate sees the air data.
    public var asthma: [any AsthmaProvider]
    /// The standard the air source must be able to serve; `nil` takes the first reply.
    public var standard: AQIStandard?
    /// The clock that stamps `CityConditions.fetchedAt`.
    public var now: @Sendable () -> Date

    /// A fetcher over the given sources, each list tried in order.
    public init(air: [any AirQualityProvider], weather: [any WeatherProvider], asthma: [any AsthmaProvider],
                standard: AQIStandard? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.air = air
        self.weather = weather
        self.asthma = asthma
        self.standard = standard
        self.now = now
    }

    /// Conditions for `location`: air and weather at once, then asthma; each part from its first source that answers, failures collected.
    public func fetch(at location: Location) async -> CityConditions {
        // Air and weather are independent: fetch them at the same time.
        async let airResult = airQuality(at: location)
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

    /// The first air reply that can serve `standard`, else the first reply at all, with the
    /// failures (including "cannot serve") met on the way.
    private func airQuality(at location: Location) async -> (Pollution?, [ProviderFailure]) {
        var failures: [ProviderFailure] = []
        var firstReply: Pollution?
        for provider in air {
            let pollution: Pollution
            do {
                pollution = try await provider.airQuality(at: location)
            } catch {
                failures.append(error)
                continue
            }
            guard let standard else { return (pollution, failures) }
            do {
                _ = try pollution.report(for: standard)
                return (pollution, failures)
            } catch {
                firstReply = firstReply ?? pollution
                let why = pollution.hourly == nil
                    ? "gives no \(standard.rawValue) index and no concentrations to compute one"
                    : "cannot give a \(standard.rawValue) index: \(error)"
                failures.append(ProviderFailure(provider: pollution.source, part: .air, kind: .unavailable, message: why))
            }
        }
        return (firstReply, failures)
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
