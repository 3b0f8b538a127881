import BreatherConfig
import BreatherModel
import BreatherProviders
import BreatherViewModel
import Logging
import Synchronization

/// The fetch the view model calls: the current providers and location, swapped whole on reload.
/// After every fetch it tells the controller when a failed provider (or the location lookup)
/// is worth asking again before the next poll (`ProviderGate.secondsUntilEarlyRetry`).
/// With several places (`[[place]]`) it fetches the others in the same poll, after one
/// Open-Meteo request per endpoint for all of them (`OpenMeteo.prefetch`), and keeps theirs in
/// their own stores and `places`; the view model sees the place shown.
actor Fetching {
    private var providers: PlaceProviders
    private var earlyRetry: (@Sendable (Double?) -> Void)?
    /// When the early retry last reported is due, for the view model's "retry 20s".
    nonisolated let earlyRetryAt = Mutex<Timestamp?>(nil)
    /// The other places' latest conditions.
    nonisolated let places = PlaceBook()
    /// What each other place's fetch goes through before it is kept (the history's recording).
    private let record: @Sendable (CityConditions) -> CityConditions

    init(fetcher: ConditionsFetcher, resolver: LocationResolver) {
        self.init(PlaceProviders(fetcher: fetcher, resolver: resolver))
    }

    init(_ providers: PlaceProviders, record: @escaping @Sendable (CityConditions) -> CityConditions = { $0 }) {
        self.providers = providers
        self.record = record
    }

    func fetch(_ request: FetchRequest) async throws(ProviderFailure) -> CityConditions {
        let providers = self.providers
        let (fetcher, resolver) = (providers.fetcher, providers.resolver)
        let location: Location
        do {
            location = try await resolver.location()
        } catch {
            // No network at boot: the lookup is retried early like any provider.
            await fetcher.gate?.record("location", part: .location, failure: error)
            await reportEarlyRetry(fetcher.gate)
            throw error
        }
        await fetcher.gate?.record("location", part: .location, failure: nil)
        let conditions: CityConditions
        if providers.others.isEmpty || request.sensorsOnly {
            conditions = await fetcher.fetch(at: location, request)
            if request.sensorsOnly { await pollOtherSensors(providers.others, request) }
        } else {
            conditions = await fetchAllPlaces(providers, shownAt: location, request)
        }
        // A sensor poll's own failures wait for the next sensor poll; an early retry is a full
        // fetch, which would spend provider quota on a sensor that did not answer.
        if !request.sensorsOnly { await reportEarlyRetry(fetcher.gate) }
        return conditions
    }

    /// The place shown and every other place, side by side, after one list request per
    /// Open-Meteo endpoint for the places that ask it first. A place whose location cannot be
    /// found is marked failed (`lookupFailed`); the others are fetched whatever happens to it.
    private func fetchAllPlaces(_ providers: PlaceProviders, shownAt location: Location, _ request: FetchRequest) async -> CityConditions {
        var located: [(OtherPlace, Location)] = []
        for place in providers.others {
            do {
                located.append((place, try await place.resolver.location()))
                places.setLookupFailure(place.name, nil)
            } catch {
                lookupFailed(place, error)
            }
        }
        if let openMeteo = providers.openMeteo {
            var weatherAt: [Location] = [], airAt: [Location] = []
            for (fetcher, at) in [(providers.fetcher, location)] + located.map({ ($0.0.fetcher, $0.1) }) {
                if await fetcher.asksFirst(.openMeteo, for: .weather, request) { weatherAt.append(at) }
                if await fetcher.asksFirst(.openMeteo, for: .air, request) { airAt.append(at) }
            }
            await openMeteo.prefetch(weatherAt: weatherAt, airAt: airAt)
        }
        let (book, record) = (places, self.record)
        async let shown = providers.fetcher.fetch(at: location, request)
        await withTaskGroup(of: Void.self) { group in
            for (place, at) in located {
                group.addTask {
                    let fetched = record(await place.fetcher.fetch(at: at, request))
                    let previous = book.conditions(place.name) ?? place.stored
                    let merged = previous.map { $0.merged(with: fetched) } ?? fetched
                    place.saver.save(merged)
                    book.set(place.name, merged)
                }
            }
        }
        let conditions = await shown
        // A reply prefetched for a source a place did not reach (an earlier one answered) is
        // never shown at a later poll.
        await providers.openMeteo?.batch?.clear()
        return conditions
    }

    /// `place`'s location could not be found (a `city` unknown, the IP lookup failing): it is
    /// marked failed as a place whose provider failed is. What it had is kept, marked stale,
    /// with the failure (in its store too); with nothing from before it shows the failure
    /// alone. One warning names the place when the failure is new.
    private func lookupFailed(_ place: OtherPlace, _ failure: ProviderFailure) {
        let before = places.setLookupFailure(place.name, failure)
        if before?.message != failure.message {
            place.logger.log(.warning, "place \(place.name): \(RunStatus.describe(failure)); not fetched, marked failed")
        }
        guard let previous = places.conditions(place.name) ?? place.stored else { return }
        let now = Timestamp.now()
        let merged = previous.merged(with: CityConditions(location: previous.location, failures: [failure], fetchedAt: now, polledAt: now))
        place.saver.save(merged)
        places.set(place.name, merged)
    }

    /// A sensor poll (the sensors' own interval) reads the sensors standing at the other
    /// places too (`[providers.<sensor>] place = "NAME"`), at the place a full poll found,
    /// merged as the view model merges the place shown's (`merged(withSensorPoll:)`).
    private func pollOtherSensors(_ others: [OtherPlace], _ request: FetchRequest) async {
        let (book, record) = (places, self.record)
        for place in others where place.fetcher.readsSensors {
            guard let previous = book.conditions(place.name) ?? place.stored else { continue }
            let merged = previous.merged(withSensorPoll: record(await place.fetcher.fetch(at: previous.location, request)))
            place.saver.save(merged)
            book.set(place.name, merged)
        }
    }

    /// `handler` hears, after every fetch, the seconds until an early retry is due (nil: none
    /// before the next poll).
    func onEarlyRetry(_ handler: @escaping @Sendable (Double?) -> Void) { earlyRetry = handler }

    private func reportEarlyRetry(_ gate: ProviderGate?) async {
        guard let earlyRetry, let gate else { return }
        let seconds = await gate.secondsUntilEarlyRetry()
        earlyRetryAt.withLock { $0 = seconds.map { Timestamp.now().addingTimeInterval($0) } }
        earlyRetry(seconds)
    }

    /// New providers and locations after a reload.
    func replace(_ providers: PlaceProviders) {
        self.providers = providers
    }
}

/// Everything a session asks, swapped whole on reload: the place shown (its providers and
/// location) and the other places, with the Open-Meteo client whose list requests serve them all.
struct PlaceProviders: Sendable {
    var fetcher: ConditionsFetcher
    var resolver: LocationResolver
    var others: [OtherPlace] = []
    var openMeteo: OpenMeteo?
}

extension AppContext {
    /// The providers of every place under these settings: the place shown behind `gate`, each
    /// other place behind a gate of its own. `location`/`failure`: the one-shot's lookup.
    func placeProviders(gate: ProviderGate?, history: HistorySlot, location: Location? = nil, failure: ProviderFailure? = nil,
                        savesSensorPolls: Bool) throws(CommandFailure) -> PlaceProviders {
        let resolver = LocationResolver(context: self, resolved: location, failure: failure)
        guard settings.places.count > 1 else { return PlaceProviders(fetcher: try makeFetcher(gate: gate, history: history), resolver: resolver) }
        let batch = OpenMeteoBatch()
        return PlaceProviders(fetcher: try makeFetcher(gate: gate, history: history, batch: batch), resolver: resolver,
                              others: try otherPlaces(gate: gate, history: history, batch: batch, savesSensorPolls: savesSensorPolls),
                              openMeteo: openMeteo(history: history, batch: batch))
    }
}
