import BreatherCache
import BreatherConfig
import BreatherHistory
import BreatherModel
import BreatherProviders
import BreatherViewModel
import Synchronization

/// A place a session fetches beside the one it shows (`[[place]]`): its own location, providers
/// (a gate of its own: each place keeps its Retry-After and backoff) and conditions store,
/// asked in the same poll as the place shown.
struct OtherPlace: Sendable {
    let name: String
    let resolver: LocationResolver
    let fetcher: ConditionsFetcher
    let cache: ConditionsCache
    let saver: StoreWriter
}

/// The latest conditions of the places fetched beside the one shown, by name; filled from
/// each place's store at the start, then by every poll.
final class PlaceBook: Sendable {
    private let entries = Mutex<[String: CityConditions]>([:])

    init() {}

    /// `name`'s latest conditions, if any were fetched or stored.
    func conditions(_ name: String) -> CityConditions? { entries.withLock { $0[name] } }

    /// Keeps `conditions` as `name`'s latest.
    func set(_ name: String, _ conditions: CityConditions) { entries.withLock { $0[name] = conditions } }
}

extension AppContext {
    /// Every `[[place]]` but the one shown, each with a gate like `gate` (nil: none, the
    /// one-shot's) and the Open-Meteo replies in `batch`; empty for a one-place config.
    func otherPlaces(gate: ProviderGate?, history: HistorySlot, batch: OpenMeteoBatch, savesSensorPolls: Bool) throws(CommandFailure) -> [OtherPlace] {
        let shown = settings.currentPlace.name
        var others: [OtherPlace] = []
        for place in settings.places where place.name != shown {
            let cache = ConditionsCache(path: cachePath(forPlace: place.name))
            let loaded = cache.load()
            let stored = (failedFetches: loaded.failedFetches, conditions: loaded.storedConditions)
            // Coordinates need no lookup; a city or the IP lookup is taken from the store, as the
            // place shown is by the one-shot, so a run does not geocode every place again.
            let known = place.location.latitude == nil ? stored.conditions?.location : nil
            others.append(OtherPlace(
                name: place.name, resolver: LocationResolver(context: self, resolved: known, place: place.location),
                fetcher: try makeFetcher(gate: gate?.sibling(), history: history, place: place.name, batch: batch), cache: cache,
                saver: StoreWriter(cache: cache, sources: sourcesKey, logger: logger, failedFetches: stored.failedFetches,
                                   savesSensorPolls: savesSensorPolls)))
        }
        return others
    }
}

extension ConditionsCache.Loaded {
    /// The conditions the store holds, if it holds any.
    var storedConditions: CityConditions? {
        if case .conditions(let conditions, _, _) = self { conditions } else { nil }
    }

    /// The failed fetches in a row the store counts (0 without a store).
    var failedFetches: Int {
        if case .conditions(_, _, let failed) = self { failed } else { 0 }
    }
}

/// Renders a place other than the one shown from what is on hand (no request): the latest a
/// poll brought, else the place's own store. For `[[output]] place` and the bar's places.
struct PlaceOutputs: Sendable {
    let book: PlaceBook
    let environment: MainViewModel.Environment
    /// Each place's store, by name.
    let cachePaths: [String: String]
    /// The place the view model shows.
    let shown: String

    /// `name`'s output under `standard` (the one shown: a scroll switches every place), or nil
    /// before anything is known of it.
    func output(of name: String, standard: AQIStandard) -> Output? {
        guard let conditions = book.conditions(name) ?? cachePaths[name].flatMap({ ConditionsCache(path: $0).load().storedConditions }) else {
            return nil
        }
        return MainViewModel.output(of: conditions, standard: standard, environment: environment)
    }
}
