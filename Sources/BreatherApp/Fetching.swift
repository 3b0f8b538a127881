import BreatherConfig
import BreatherModel
import BreatherProviders
import BreatherViewModel
import BreatherLocale
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
        let located = await locate(providers.others)
        await prefetch(providers, shown: location, located, request)
        async let shown = providers.fetcher.fetch(at: location, request)
        await fetchOthers(located, request)
        let conditions = await shown
        // A reply prefetched for a source a place did not reach (an earlier one answered) is
        // never shown at a later poll.
        await providers.openMeteo?.batch?.clear()
        return conditions
    }

    /// A one-shot answering from the store of the place shown fetches the other places whose
    /// store cannot answer (`OtherPlace.needsFetch`: a place just added, or its entry older
    /// than `max_age`), with one list request per Open-Meteo endpoint for them all; the place
    /// shown is not asked.
    func fetchOthersDue(_ request: FetchRequest) async {
        let providers = self.providers
        let due = providers.others.filter(\.needsFetch)
        guard !due.isEmpty else { return }
        let located = await locate(due)
        await prefetch(providers, shown: nil, located, request)
        await fetchOthers(located, request)
        await providers.openMeteo?.batch?.clear()
    }

    /// Each of `others` with its location; one that cannot be found is marked failed.
    private func locate(_ others: [OtherPlace]) async -> [(OtherPlace, Location)] {
        var located: [(OtherPlace, Location)] = []
        for place in others {
            do {
                located.append((place, try await place.resolver.location()))
                places.setLookupFailure(place.name, nil)
            } catch {
                lookupFailed(place, error)
            }
        }
        return located
    }

    /// One Open-Meteo request per endpoint for the place shown (if `shown`) and `located`.
    private func prefetch(_ providers: PlaceProviders, shown: Location?, _ located: [(OtherPlace, Location)], _ request: FetchRequest) async {
        guard let openMeteo = providers.openMeteo else { return }
        var weatherAt: [Location] = [], airAt: [Location] = []
        for (fetcher, at) in (shown.map { [(providers.fetcher, $0)] } ?? []) + located.map({ ($0.0.fetcher, $0.1) }) {
            if await fetcher.asksFirst(.openMeteo, for: .weather, request) { weatherAt.append(at) }
            if await fetcher.asksFirst(.openMeteo, for: .air, request) { airAt.append(at) }
        }
        await openMeteo.prefetch(weatherAt: weatherAt, airAt: airAt)
    }

    /// Fetches each of `located` side by side, merged into what it had, into its store and `places`.
    private func fetchOthers(_ located: [(OtherPlace, Location)], _ request: FetchRequest) async {
        let (book, record) = (places, self.record)
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
    }

    /// `place`'s location could not be found (a `city` unknown, the IP lookup failing): it is
    /// marked failed as a place whose provider failed is. What it had is kept, marked stale,
    /// with the failure (in its store too); with nothing from before it shows the failure
    /// alone. One warning names the place when the failure is new.
    private func lookupFailed(_ place: OtherPlace, _ failure: ProviderFailure) {
        let before = places.setLookupFailure(place.name, failure)
        if before?.message != failure.message {
            place.logger.log(.warning, L10n.$language.withValue(place.language) {
                tr("place %s: %s; not fetched, marked failed").filled(place.name, RunStatus.describe(failure))
            })
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
