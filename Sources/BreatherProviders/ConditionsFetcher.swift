import BreatherModel

/// Asks the configured sources for the parts a `FetchRequest` names, in `[sources]` order:
/// the first that answers wins, the next is the fallback. Failures become `failures`, never
/// throws, so a dead asthma source cannot take the air-quality reading down with it.
///
/// An air source "answers" only when it can serve the request's standard: with that index as
/// given or concentrations to compute it from. One that replies but cannot is recorded as a
/// failure naming the standard and the next source is asked; when none can, the first reply
/// is kept (other standards may still be shown from it without a new fetch).
///
/// With a `gate` (daemon, `watch`), a provider in backoff or under a `Retry-After` is not
/// asked, and each provider asked has one outcome per part recorded per fetch.
///
/// The whole fetch runs under one `FetchDeadline`: once it has passed, the sources not yet
/// asked are skipped (recorded as timeouts), so a hung provider cannot hang the command
/// however long the fallback lists are. Whatever arrived in time is kept.
public struct ConditionsFetcher: Sendable {
    /// Air-quality sources in `[sources] air` order.
    public var air: [any AirQualityProvider]
    /// Weather sources in `[sources] weather` order.
    public var weather: [any WeatherProvider]
    /// Asthma sources in `[sources] asthma` order; the estimate sees the air data.
    public var asthma: [any AsthmaProvider]
    /// Indoor sensors in `[sources] indoor` order, read beside the outdoor air; empty: none.
    public var indoor: [any LocalSensor] = []
    /// Backoff and Retry-After across fetches; nil asks every provider every time.
    public var gate: ProviderGate?
    /// The clock that stamps `CityConditions.fetchedAt`.
    public var now: @Sendable () -> Timestamp
    /// The limit for one whole fetch (`FetchDeadline`); an earlier deadline already in force wins.
    public var deadlineSeconds: Double

    /// A fetcher over the given sources, each list tried in order.
    public init(air: [any AirQualityProvider], weather: [any WeatherProvider], asthma: [any AsthmaProvider],
                indoor: [any LocalSensor] = [],
                gate: ProviderGate? = nil, deadlineSeconds: Double = FetchDeadline.defaultSeconds,
                now: @escaping @Sendable () -> Timestamp = { Timestamp.now() }) {
        self.air = air
        self.indoor = indoor
        self.weather = weather
        self.asthma = asthma
        self.gate = gate
        self.deadlineSeconds = deadlineSeconds
        self.now = now
    }

    /// Conditions for `location`: the parts `request` names, air and weather at once, then
    /// asthma (estimators need the air data); each from its first source that answers.
    public func fetch(at location: Location, _ request: FetchRequest) async -> CityConditions {
        await FetchDeadline(seconds: deadlineSeconds).run { await fetchParts(at: location, request) }
    }

    private func fetchParts(at location: Location, _ request: FetchRequest) async -> CityConditions {
        let outcomes = Outcomes()
        async let airResult = request.parts.contains(.air)
            ? airQuality(at: location, request, outcomes) : (nil, nil, [])
        async let weatherResult = request.parts.contains(.weather)
            ? firstSuccess(weather, part: .weather, request, outcomes) { provider async throws(ProviderFailure) in
                try await provider.weather(at: location)
            } : (nil, [])
        // Indoors with the outdoor air: a refresh of the air reads the indoor sensor too.
        async let indoorResult = request.parts.contains(.air) && !indoor.isEmpty
            ? firstSuccess(indoor, part: .indoor, request, outcomes) { sensor async throws(ProviderFailure) in
                do throws(ProviderFailure) { return try await sensor.reading() } catch {
                    var failure = error
                    failure.part = .indoor
                    throw failure
                }
            } : (nil, [])
        let (pollution, nextAir, airFailures) = await airResult
        let (currentWeather, weatherFailures) = await weatherResult
        let (indoorReading, indoorFailures) = await indoorResult
        var risk: Asthma?
        var asthmaFailures: [ProviderFailure] = []
        if request.parts.contains(.asthma) {
            (risk, asthmaFailures) = await firstSuccess(asthma, part: .asthma, request, outcomes, needsNetwork: \.needsNetwork) {
                provider async throws(ProviderFailure) in try await provider.asthma(at: location, pollution: pollution)
            }
        }
        if let gate { await outcomes.record(in: gate) }
        let fetchedAt = now()
        // A sensor's time ahead of this clock (its own clock is wrong) is the time it was read,
        // so json's `observed_at` and the CO2 alert never date a reading in the future. (Age and
        // staleness cap it already: `CityConditions.dataTime`.) The model's air, also kept as
        // `nextAir`, is left as it came, so the two stay equal (`isCarriedOver`).
        var air = pollution, indoorAir = indoorReading
        if let pollution { air?.observedAt = SensorMerge.observedAt(pollution, fetchedAt: fetchedAt) }
        indoorAir?.observedAt = indoorReading?.observedAt.map { min($0, fetchedAt) }
        return CityConditions(location: location, weather: currentWeather, pollution: air, asthma: risk,
                              failures: airFailures + weatherFailures + asthmaFailures + indoorFailures, fetchedAt: fetchedAt,
                              indoor: indoorAir, nextAir: nextAir.map { NextAir(pollution: $0, fetchedAt: fetchedAt) },
                              polledAt: request.sensorsOnly ? nil : fetchedAt)
    }

    /// The first air reply that can serve the standard, else the first reply at all, with the
    /// failures (including "cannot serve") met on the way, as `SensorMerge` says. A sensor on the home network measures
    /// only particles: when one answers, the next source that is no sensor is asked too and
    /// gives the pollutants the sensor lacks (`Pollution.filled(from:)`); a later sensor is then
    /// only a fallback, not asked. A sensor poll (`FetchRequest.sensorsOnly`) asks the sensors alone.
    /// Beside the air: the first other source's own reply after a sensor was asked, whether it
    /// completed the sensor's reading or stood in for it (`CityConditions.nextAir`).
    private func airQuality(at location: Location, _ request: FetchRequest,
                            _ outcomes: Outcomes) async -> (Pollution?, nextAir: Pollution?, [ProviderFailure]) {
        var failures: [ProviderFailure] = []
        var firstReply: Pollution?
        var sensorReply: Pollution?
        var filled = false
        var askedSensor = false
        var asked: [String] = []
        let standard = request.standard
        for provider in air where !request.skippedAirSources.contains(provider.id.rawValue) {
            let isSensor = provider is any LocalSensor
            askedSensor = askedSensor || isSensor
            // A sensor poll asks no provider with a quota, nor a sensor after one (a fallback):
            // the air on hand completes the reading.
            if request.sensorsOnly, !isSensor { break }
            if isSensor, sensorReply != nil { continue }
            // A source after a sensor that answered completes its reading: no fallback if it fails.
            let completing = sensorReply != nil
            if var skipped = await notAsked(provider.id.rawValue, part: .air, request, after: asked) {
                skipped.completing = completing
                failures.append(skipped)
                continue
            }
            asked.append(provider.id.rawValue)
            var pollution: Pollution
            do {
                pollution = try await provider.airQuality(at: location)
                await outcomes.add(provider.id.rawValue, .air, nil)
            } catch {
                await outcomes.add(provider.id.rawValue, .air, error)
                var failure = error
                failure.completing = completing
                failures.append(failure)
                continue
            }
            if isSensor {
                sensorReply = pollution
                continue
            }
            let own = pollution
            if let sensorReply {
                pollution = sensorReply.filled(from: pollution)
                filled = true
            }
            if let served = Self.serving(pollution, standard, &failures, &firstReply) { return (served, askedSensor ? own : nil, failures) }
        }
        // No other source answered: the sensor's particles alone.
        if let sensorReply, !filled, let served = Self.serving(sensorReply, standard, &failures, &firstReply) { return (served, nil, failures) }
        return (firstReply, nil, failures)
    }

    /// `pollution` when it can give the standard's index; otherwise nil, its reason recorded
    /// as a failure and the reply kept as `firstReply` if none was.
    private static func serving(_ pollution: Pollution, _ standard: AQIStandard, _ failures: inout [ProviderFailure],
                                _ firstReply: inout Pollution?) -> Pollution? {
        do {
            _ = try pollution.report(for: standard)
            return pollution
        } catch {
            firstReply = firstReply ?? pollution
            let why = pollution.hourly == nil
                ? "gives no \(standard.rawValue) index and no concentrations to compute one"
                : "cannot give a \(standard.rawValue) index: \(error)"
            failures.append(ProviderFailure(provider: pollution.source, part: .air, kind: .unavailable, message: why))
            return nil
        }
    }

    /// Tries each provider in order; returns the first value and the failures met before it.
    private func firstSuccess<P: Sendable, T: Sendable>(
        _ providers: [P], part: ProviderFailure.Part, _ request: FetchRequest, _ outcomes: Outcomes,
        needsNetwork: (P) -> Bool = { _ in true }, _ call: (P) async throws(ProviderFailure) -> T
    ) async -> (T?, [ProviderFailure]) where P: Sendable {
        var failures: [ProviderFailure] = []
        var asked: [String] = []
        for provider in providers {
            let id = Self.id(of: provider)
            let network = needsNetwork(provider)
            if network, let skipped = await notAsked(id, part: part, request, after: asked) {
                failures.append(skipped)
                continue
            }
            asked.append(id)
            do {
                let value = try await call(provider)
                if network { await outcomes.add(id, part, nil) }
                return (value, failures)
            } catch {
                if network { await outcomes.add(id, part, error) }
                failures.append(error)
            }
        }
        return (nil, failures)
    }

    private static func id<P>(of provider: P) -> String {
        switch provider {
        case let p as any WeatherProvider: p.id.rawValue
        case let p as any AsthmaProvider: p.id.rawValue
        case let p as any AirQualityProvider: p.id.rawValue
        default: "\(provider)"
        }
    }

    /// The failure recorded for a source not asked: its gate says wait, or the fetch's
    /// deadline has passed (naming the sources that used the time up). Nil when it may be asked.
    private func notAsked(_ id: String, part: ProviderFailure.Part, _ request: FetchRequest, after asked: [String]) async -> ProviderFailure? {
        if let gate, let held = await gate.hold(id, part: part, isUserRequest: request.isUserRequest) { return held }
        guard let deadline = FetchDeadline.current, deadline.hasPassed else { return nil }
        let spent = asked.isEmpty ? "" : " waiting for \(asked.joined(separator: ", "))"
        return ProviderFailure(provider: id, part: part, kind: .timeout,
                               message: "not asked: the \(deadline) limit for the whole fetch ran out\(spent)")
    }
}

/// One outcome per provider and part asked in a fetch: a success if any of its calls
/// succeeded, else its first failure.
private actor Outcomes {
    private var outcomes: [(provider: String, part: ProviderFailure.Part, failure: ProviderFailure?)] = []

    func add(_ provider: String, _ part: ProviderFailure.Part, _ failure: ProviderFailure?) {
        if let index = outcomes.firstIndex(where: { $0.provider == provider && $0.part == part }) {
            if failure == nil { outcomes[index].failure = nil }
            return
        }
        outcomes.append((provider, part, failure))
    }

    func record(in gate: ProviderGate) async {
        for outcome in outcomes { await gate.record(outcome.provider, part: outcome.part, failure: outcome.failure) }
    }
}
