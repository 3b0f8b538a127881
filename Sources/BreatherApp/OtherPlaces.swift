import BreatherCache
import BreatherConfig
import BreatherHistory
import BreatherModel
import BreatherProviders
import BreatherViewModel
import BreatherViews
import BreatherLocale
import Logging
import Synchronization

/// A place a session fetches beside the one it shows (`[[place]]`): its own location, providers
/// (a gate of its own: each place keeps its Retry-After and backoff) and conditions store,
/// asked in the same poll as the place shown.
struct OtherPlace: Sendable {
    let name: String
    let resolver: LocationResolver
    let fetcher: ConditionsFetcher
    let saver: StoreWriter
    /// What its store held when the session was made: the first poll merges into it.
    let stored: CityConditions?
    /// Where a failed location lookup is said, naming the place.
    let logger: Logger
    /// Its store has no entry a one-shot would answer from (none, one from other `[sources]`,
    /// or older than `max_age`): a one-shot answering from the store shown fetches it anyway.
    var needsFetch = true
    /// The language of its warning (the place's name and the failure's own words as they are).
    var language: Language = .english
}

/// The latest conditions of the places fetched beside the one shown, by name; filled from
/// each place's store at the start, then by every poll.
final class PlaceBook: Sendable {
    private let entries = Mutex<[String: CityConditions]>([:])
    private let lookups = Mutex<[String: ProviderFailure]>([:])

    init() {}

    /// `name`'s latest conditions, if any were fetched or stored.
    func conditions(_ name: String) -> CityConditions? { entries.withLock { $0[name] } }

    /// Keeps `conditions` as `name`'s latest.
    func set(_ name: String, _ conditions: CityConditions) { entries.withLock { $0[name] = conditions } }

    /// Why `name`'s location could not be found at the latest poll; nil once it was.
    func lookupFailure(_ name: String) -> ProviderFailure? { lookups.withLock { $0[name] } }

    /// Keeps `failure` as `name`'s lookup failure (nil: found) and returns the one before it.
    @discardableResult
    func setLookupFailure(_ name: String, _ failure: ProviderFailure?) -> ProviderFailure? {
        lookups.withLock { all in
            defer { all[name] = failure }
            return all[name]
        }
    }
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
            var needsFetch = true
            if case .conditions(let conditions, let sources, let failed) = loaded, conditions.isUsable, place.location.isAt(conditions.location) {
                needsFetch = !storePolicy.answersOneShot(Stored(conditions: conditions, sameSources: sources == sourcesKey, failedFetches: failed),
                                                         refresh: false)
            }
            others.append(OtherPlace(
                name: place.name, resolver: LocationResolver(context: self, resolved: known, place: place.location),
                fetcher: try makeFetcher(gate: gate?.sibling(), history: history, place: place.name, batch: batch),
                saver: StoreWriter(cache: cache, sources: sourcesKey, logger: logger, failedFetches: stored.failedFetches,
                                   savesSensorPolls: savesSensorPolls, language: interfaceLanguage), stored: stored.conditions, logger: logger,
                needsFetch: needsFetch, language: interfaceLanguage))
        }
        return others
    }
}

extension LocationSettings {
    /// Whether `location` (a store's) is this place: at its coordinates when it has some.
    func isAt(_ location: Location) -> Bool {
        guard let latitude, let longitude else { return true }
        return location.isSamePlace(as: Location(latitude: latitude, longitude: longitude))
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

/// The place `[bar] places = "one"` shows: steps since the place shown, moved by a middle click.
final class PlaceCursor: Sendable {
    private let steps = Mutex(0)

    /// Steps taken so far.
    var position: Int { steps.withLock { $0 } }

    /// The next place.
    func step() { steps.withLock { $0 += 1 } }
}

/// One `AlertNotifier` per place, made at its first output: each place's crossings and holds
/// are its own.
final class PlaceNotifiers: Sendable {
    private let notifiers = Mutex<[String: AlertNotifier]>([:])

    /// `name`'s notifier.
    func notifier(_ name: String) -> AlertNotifier {
        notifiers.withLock { all in
            if let notifier = all[name] { return notifier }
            let notifier = AlertNotifier()
            all[name] = notifier
            return notifier
        }
    }
}

/// What the configuration says about its places, swapped whole on reload (`PlaceOutputs.update`).
struct PlaceLayout: Sendable {
    /// How another place's output is rendered: the view model's units, icons, levels, clock.
    var environment: MainViewModel.Environment
    /// Each place's store, by name.
    var cachePaths: [String: String]
    /// The place the view model shows.
    var shown: String
    /// Every place in config order with its bar label.
    var labels: [(name: String, label: String)]
    /// `[bar] places`; nil: the bar shows the place shown alone.
    var mode: BarPlaces?
    /// The places whose crossings notify (`[[place]] alerts`: the primary by default).
    var alerting: Set<String>
}

extension AppContext {
    /// The layout of these settings' places, rendered with `environment`.
    func placeLayout(environment: MainViewModel.Environment) -> PlaceLayout {
        let places = settings.allPlaces
        return PlaceLayout(environment: environment,
                           cachePaths: Dictionary(uniqueKeysWithValues: places.map { ($0.name, cachePath(forPlace: $0.name)) }),
                           shown: settings.currentPlace.name, labels: places.map { ($0.name, $0.label) }, mode: settings.barPlaces,
                           alerting: Set(places.filter(\.alerts).map(\.name)))
    }
}

/// Renders a place other than the one shown from what is on hand (no request): the latest a
/// poll brought, else the place's own store. For `[[output]] place` and the bar's places.
final class PlaceOutputs: Sendable {
    let book: PlaceBook
    private let layout: Mutex<PlaceLayout>
    /// Which place `[bar] places = "one"` shows, counted from the place shown.
    let cursor = PlaceCursor()
    /// Each alerting place's monitor but the place shown's (the sink's own).
    let notifiers = PlaceNotifiers()
    /// Each alerting place's advice hold but the place shown's (the view model's own).
    private let adviceHolds = Mutex<[String: AdviceHold]>([:])

    init(book: PlaceBook, layout: PlaceLayout) {
        self.book = book
        self.layout = Mutex(layout)
    }

    /// A reload's places, units and levels: the next output uses them.
    func update(_ new: PlaceLayout) { layout.withLock { $0 = new } }

    var environment: MainViewModel.Environment { layout.withLock { $0.environment } }
    var cachePaths: [String: String] { layout.withLock { $0.cachePaths } }
    var shown: String { layout.withLock { $0.shown } }
    var labels: [(name: String, label: String)] { layout.withLock { $0.labels } }
    var mode: BarPlaces? { layout.withLock { $0.mode } }
    var alerting: Set<String> { layout.withLock { $0.alerting } }

    /// The place shown alerts unless its `[[place]] alerts = false` (a one-place config always).
    var shownAlerts: Bool { labels.count <= 1 || alerting.contains(shown) }

    /// Feeds every other alerting place's output (from what is on hand) to its own monitor and
    /// returns what they call for, each naming its place: "work: Air quality: Unhealthy".
    func otherAlerts(_ shownOutput: Output, settings: AlertSettings?) -> [AlertNotification] {
        guard let settings, labels.count > 1 else { return [] }
        var notifications: [AlertNotification] = []
        for place in labels where place.name != shown && alerting.contains(place.name) {
            guard let output = output(of: place.name, standard: shownOutput.standard) else { continue }
            notifications += notifiers.notifier(place.name).observe(output, settings: settings).notifications.map { notification in
                var named = notification
                named.summary = "\(place.label == place.name ? place.name : "\(place.label) \(place.name)"): \(notification.summary)"
                return named
            }
        }
        return notifications
    }

    /// Whether a middle click (or SIGRTMIN+3) steps the place rather than the standard.
    var cycles: Bool { mode == .one && labels.count > 1 }

    /// Every place known so far, in config order: `shown` for the place shown, the others from
    /// what is on hand (a place never fetched nor stored is left out).
    func all(_ shownOutput: Output) -> [PlaceOutput] {
        labels.compactMap { place -> PlaceOutput? in
            let output = place.name == shown ? shownOutput : self.output(of: place.name, standard: shownOutput.standard)
            return output.map { PlaceOutput(name: place.name, label: place.label, output: $0) }
        }
    }

    /// Prometheus with every place's series, each labelled `place="NAME"`; nil with one place
    /// (whose exposition is unchanged).
    func prometheus(_ shownOutput: Output) -> (any Renderer)? {
        guard labels.count > 1 else { return nil }
        return PlacesPrometheus(places: all(shownOutput))
    }

    /// What the bar draws for `shown` (the view model's output): it alone, every place in one
    /// line (`Output.allPlaces`), or the place the cursor is on, from what is on hand.
    func barOutput(_ shownOutput: Output) -> Output {
        guard let mode, labels.count > 1 else { return shownOutput }
        switch mode {
        case .all:
            var combined = Output.allPlaces(all(shownOutput), shown: shownOutput)
            combined.isCompact = shownOutput.isCompact
            return combined
        case .one:
            let start = labels.firstIndex { $0.name == shown } ?? 0
            let place = labels[(start + cursor.position) % labels.count]
            guard place.name != shown, var output = self.output(of: place.name, standard: shownOutput.standard) else { return shownOutput }
            output.isCompact = shownOutput.isCompact
            // The place's label leads, so the bar says which place it is.
            let text = "\(place.label) \(output.barTextCompact)"
            output.placesLine = text.count <= Output.compactWidth ? text
                : "\(place.label) \(output.indexName) \(output.airQuality == nil ? "–" : output.aqi + " " + output.airQualityCategoryShort)"
            return output
        }
    }

    /// `name`'s output under `standard` (the one shown: a scroll switches every place), or nil
    /// before anything is known of it. A place whose location could not be found, with nothing
    /// from before, is its failure: no data, the reason as its error. An alerting place has its
    /// own advice, held; `withAdvice` gives any other place its advice and best hours now (the
    /// dashboard's cards).
    func output(of name: String, standard: AQIStandard, withAdvice: Bool = false) -> Output? {
        guard let conditions = book.conditions(name) ?? cachePaths[name].flatMap({ ConditionsCache(path: $0).load().storedConditions }) else {
            return book.lookupFailure(name).map { MainViewModel.output(failing: [$0], standard: standard, environment: environment) }
        }
        // An alerting place has its own advice (its MQTT state, its output file, notifications).
        guard alerting.contains(name) else {
            return withAdvice ? MainViewModel.outputWithAdvice(of: conditions, standard: standard, environment: environment)
                : MainViewModel.output(of: conditions, standard: standard, environment: environment)
        }
        let placeEnvironment = environment
        return adviceHolds.withLock { holds in
            var hold = holds[name] ?? AdviceHold()
            defer { holds[name] = hold }
            return MainViewModel.output(of: conditions, standard: standard, environment: placeEnvironment, adviceHold: &hold)
        }
    }
}

/// The Prometheus renderer over every place at once (`PrometheusRenderer.render(places:)`).
struct PlacesPrometheus: Renderer {
    let places: [PlaceOutput]

    func render(_ output: Output) -> String { PrometheusRenderer().render(places: places) }
}

extension MainViewModel.Environment {
    /// This environment with `context`'s units, icons, stale limit, `[bar]`, `[alerts]` and
    /// `[advice]`: what a reload sends the view model, for the other places' outputs.
    func reloaded(_ context: AppContext) -> MainViewModel.Environment {
        var environment = self
        environment.units = context.settings.units
        environment.icons = context.settings.icons
        environment.staleAfterSeconds = context.storePolicy.pollingStaleAfterSeconds
        environment.dayAhead = context.settings.bar
        environment.alerts = context.settings.alerts
        environment.advice = context.settings.advice
        return environment
    }
}
