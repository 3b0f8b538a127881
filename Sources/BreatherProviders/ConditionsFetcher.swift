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
///
/// The whole fetch runs under one `FetchDeadline` (30 s unless told otherwise): once it has
/// passed, the sources not yet asked are skipped (recorded as timeouts), so a hung provider
/// cannot hang the command however long the fallback lists are. Whatever arrived in time is
/// kept: a partial result still shows.
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
    /// The limit for one whole fetch (`FetchDeadline`); an earlier deadline already in force wins.
    public var deadlineSeconds: Double

    /// A fetcher over the given sources, each list tried in order.
    public init(air: [any AirQualityProvider], weather: [any WeatherProvider], asthma: [any AsthmaProvider],
                standard: AQIStandard? = nil, deadlineSeconds: Double = FetchDeadline.defaultSeconds,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.air = air
        self.weather = weather
        self.asthma = asthma
        self.standard = standard
        self.deadlineSeconds = deadlineSeconds
        self.now = now
    }

    /// Conditions for `location`: air and weather at once, then asthma; each part from its first source that answers, failures collected.
    public func fetch(at location: Location) async -> CityConditions {
        await FetchDeadline(seconds: deadlineSeconds).run { await fetchParts(at: location) }
    }

    private func fetchParts(at location: Location) async -> CityConditions {
        // Air and weather are independent: fetch them at the same time.
        async let airResult = airQuality(at: location)
        async let weatherResult = firstSuccess(weather, part: .weather, id: \.id) { provider async throws(ProviderFailure) in
            try await provider.weather(at: location)
        }
        let (pollution, airFailures) = await airResult
        let (currentWeather, weatherFailures) = await weatherResult
        // Asthma estimators need the air data, so they run after it. They need no network,
        // so they still run after the deadline.
        let (risk, asthmaFailures) = await firstSuccess(asthma, part: .asthma, id: \.id, needsNetwork: \.needsNetwork) {
            provider async throws(ProviderFailure) in try await provider.asthma(at: location, pollution: pollution)
        }
        return CityConditions(location: location, weather: currentWeather, pollution: pollution, asthma: risk,
                              failures: airFailures + weatherFailures + asthmaFailures, fetchedAt: now())
    }

    /// The first air reply that can serve `standard`, else the first reply at all, with the
    /// failures (including "cannot serve") met on the way.
    private func airQuality(at location: Location) async -> (Pollution?, [ProviderFailure]) {
        var failures: [ProviderFailure] = []
        var firstReply: Pollution?
        var asked: [String] = []
        for provider in air {
            if let skipped = notAsked(provider.id, part: .air, after: asked) {
                failures.append(skipped)
                continue
            }
            asked.append(provider.id)
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
        _ providers: [P], part: ProviderFailure.Part, id: (P) -> String, needsNetwork: (P) -> Bool = { _ in true },
        _ call: (P) async throws(ProviderFailure) -> T
    ) async -> (T?, [ProviderFailure]) {
        var failures: [ProviderFailure] = []
        var asked: [String] = []
        for provider in providers {
            if needsNetwork(provider), let skipped = notAsked(id(provider), part: part, after: asked) {
                failures.append(skipped)
                continue
            }
            asked.append(id(provider))
            do {
                return (try await call(provider), failures)
            } catch {
                failures.append(error)
            }
        }
        return (nil, failures)
    }

    /// The failure recorded for a source skipped because the fetch's deadline has passed
    /// (nil while there is time left). It names the sources that used the time up, so the one
    /// line a failed run prints says where the time went.
    private func notAsked(_ id: String, part: ProviderFailure.Part, after asked: [String]) -> ProviderFailure? {
        guard let deadline = FetchDeadline.current, deadline.hasPassed else { return nil }
        let spent = asked.isEmpty ? "" : " waiting for \(asked.joined(separator: ", "))"
        return ProviderFailure(provider: id, part: part, kind: .timeout,
                               message: "not asked: the \(deadline) limit for the whole fetch ran out\(spent)")
    }
}
