import BreatherCache
import BreatherConfig
import BreatherHistory
import BreatherLocale
import BreatherModel
import BreatherProviders
import BreatherViewModel
import Logging
import Synchronization

/// Where a session's conditions come from.
enum SessionSource: Sendable {
    /// The providers `[sources]` names, fetched and recorded (`ProviderSessionOptions`).
    case providers(ProviderSessionOptions)
    /// The state a publishing Breather daemon keeps on a broker (`--source mqtt://…`): every
    /// fetch is answered from it; no provider is asked and nothing is stored.
    case state(@Sendable (FetchRequest) async throws(ProviderFailure) -> CityConditions)

    /// A polling session's (daemon, `watch`) providers with `gate`: Retry-After and backoff.
    static func polling(_ context: AppContext, gate: ProviderGate) -> SessionSource {
        .providers(ProviderSessionOptions(gate: gate, staleAfterSeconds: context.storePolicy.pollingStaleAfterSeconds))
    }

    /// The state `subscription` hears.
    static func subscription(_ subscription: MQTTSubscription) -> SessionSource {
        .state { request async throws(ProviderFailure) in try await subscription.fetch(request) }
    }
}

/// How a session fetches from the providers.
struct ProviderSessionOptions: Sendable {
    /// The daemon's and `watch`'s gate (Retry-After, backoff); nil: the one-shot, which polls nothing.
    var gate: ProviderGate?
    /// Data older than this shows as stale.
    var staleAfterSeconds: Int
    /// A location already known (the one-shot's store or lookup); nil: resolved at the first fetch.
    var location: Location?
    /// The one-shot's lookup already failed (an outage, with stored data to show): say so.
    var locationFailure: ProviderFailure?
    /// Whether the outputs show the sparkline and trend (the history is then read).
    var showsHistory = true
    /// The store's count of failed fetches in a row, which the next save continues.
    var failedFetches = 0
    /// A one-shot, which reads the sensors on every run, records their reading only when the
    /// store has none from the last so many seconds (their `interval`).
    var sensorRecordSeconds: Int?
    /// Whether the view model renders every state (a view that draws them) or only the last
    /// one, when its events are finished (the one-shot, which prints that alone).
    var rendersEveryState = true
    /// False when nothing reads the English output (a one-shot whose formats are all for
    /// people): in another language the view model then renders the people's copy alone.
    var rendersEnglish = true
}

/// The live parts one configuration makes, shared by every command that shows conditions (the
/// one-shot, `daemon`, `watch`, each from the providers or from a publisher's state): the view
/// model, its fetch, the conditions store and the history. `init(context:source:)` is the one
/// builder, so a setting applies the same way whatever the source. A reload swaps the
/// providers (`Fetching.replace`) and sends the view model new inputs; it never builds a new
/// view model, so the standard and the conditions on hand have one owner.
struct Session: Sendable {
    let viewModel: MainViewModel
    let fetching: Fetching
    let cache: ConditionsCache
    /// Where each fetch's readings go (none with `[history] enabled = false`, nor for a
    /// publisher's state); a reload that changes `[history]` puts a new recorder in.
    let history: HistorySlot
    /// The other places' outputs from what is on hand (`[[output]] place`).
    let places: PlaceOutputs

    /// Throws only for configuration problems (e.g. a missing API key), never for providers.
    init(context: AppContext, source: SessionSource) throws(CommandFailure) {
        cache = ConditionsCache(path: context.cachePath)
        let environment: MainViewModel.Environment
        switch source {
        case .providers(let options):
            let history = HistorySlot(context.historyRecorder())
            let providers = try context.placeProviders(gate: options.gate, history: history, location: options.location,
                                                       failure: options.locationFailure, savesSensorPolls: options.gate == nil)
            let fetching = Fetching(providers, record: { history.current?.recordAveragingSensors($0) ?? $0 })
            let saver = StoreWriter(cache: cache, sources: context.sourcesKey, logger: context.logger,
                                    failedFetches: options.failedFetches, savesSensorPolls: options.gate == nil, language: context.interfaceLanguage)
            let sensorRecordSeconds = options.sensorRecordSeconds
            let showsHistory = options.showsHistory
            self.history = history
            self.fetching = fetching
            // Each fetch is recorded as it arrives, so a sensor's means include its latest reading
            // (`recordAveragingSensors`); the view model merges and saves what comes back.
            var providerEnvironment = context.viewModelEnvironment(
                fetch: { request async throws(ProviderFailure) in
                    let fetched = try await fetching.fetch(request)
                    guard let history = history.current else { return fetched }
                    if request.sensorsOnly, let seconds = sensorRecordSeconds,
                       history.hasRecentSensorReadings(fetched, withinSeconds: seconds) {
                        return history.averagingSensors(fetched)
                    }
                    return history.recordAveragingSensors(fetched)
                },
                save: { saver.save($0) }, staleAfterSeconds: options.staleAfterSeconds, polls: options.gate != nil,
                earlyRetry: { fetching.earlyRetryAt.withLock { $0 } },
                recentIndices: { location, standard in showsHistory ? history.current?.recentIndices(at: location, standard: standard) : nil })
                .recordingAdvice(in: history)
            providerEnvironment.rendersEveryState = options.rendersEveryState
            providerEnvironment.rendersEnglish = options.rendersEnglish
            environment = providerEnvironment
        case .state(let fetch):
            history = HistorySlot(nil)  // the publisher keeps the history
            fetching = Fetching(fetcher: ConditionsFetcher(air: [], weather: [], asthma: []), resolver: LocationResolver(context: context))
            environment = context.viewModelEnvironment(fetch: fetch, save: { _ in },
                                                       staleAfterSeconds: context.storePolicy.pollingStaleAfterSeconds, polls: false)
        }
        viewModel = MainViewModel(environment: environment, standard: context.settings.standard, standards: context.settings.standards)
        places = PlaceOutputs(book: fetching.places, layout: context.placeLayout(environment: environment))
    }

    /// The session of a long-running command (daemon, `watch`): a publisher's state when
    /// `[sources] state` (or `--source`) names one, with the subscription to start; else the
    /// providers behind `gate`.
    static func polling(context: AppContext, gate: ProviderGate) throws(CommandFailure) -> (Session, MQTTSubscription?) {
        guard let url = context.settings.sources.state else { return (try Session(context: context, source: .polling(context, gate: gate)), nil) }
        let subscription = try MQTTSubscription.make(source: url, context: context)
        return (try Session(context: context, source: .subscription(subscription)), subscription)
    }

    /// The zone and clock of every time a person reads: `TZ` or /etc/localtime, read once.
    static let localTime = LocalTime.system()
}

extension AppContext {
    /// The language people's outputs are in: `--language` or `[display] language`, else the
    /// environment's (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`); read again by a reload.
    var interfaceLanguage: Language { settings.language ?? Language.fromEnvironment(Environment.get) }

    /// The view model's environment under these settings, the same for every source: units,
    /// icons, local time, the `[bar]` levels, `[alerts]` thresholds and `[advice]`. `polls`: errors name the
    /// next poll (daemon, `watch`).
    func viewModelEnvironment(fetch: @escaping @Sendable (FetchRequest) async throws(ProviderFailure) -> CityConditions,
                              save: @escaping @Sendable (CityConditions) -> Void, staleAfterSeconds: Int, polls: Bool,
                              earlyRetry: @escaping @Sendable () -> Timestamp? = { nil },
                              recentIndices: @escaping @Sendable (Location, AQIStandard) -> IndexHistory? = { _, _ in nil }) -> MainViewModel.Environment {
        var environment = MainViewModel.Environment(fetch: fetch, save: save, units: settings.units, staleAfterSeconds: staleAfterSeconds,
                                                    icons: settings.icons, executor: LoopExecutor.shared, recentIndices: recentIndices)
            .with(localTime: Session.localTime, pollSeconds: polls ? settings.intervalSeconds : nil,
                  sensorPollSeconds: polls ? settings.sensorPollSeconds : nil, earlyRetry: earlyRetry)
        environment.dayAhead = settings.bar
        environment.alerts = settings.alerts
        environment.advice = settings.advice
        environment.logPrompt = logPromptReader
        environment.language = interfaceLanguage
        environment.nativeNames = settings.nativeNames
        return environment
    }

    /// The bar's evening prompt under these settings (`[log] evening_prompt` with the history
    /// on): the view model reads it after each event; never asks otherwise.
    var logPromptReader: @Sendable (Location) -> String? {
        guard let start = settings.log.eveningPromptMinute, settings.history.enabled else { return { _ in nil } }
        let prompts = LogPromptSource(historyPath: historyPath, start: start, logger: logger)
        // The line is for the tooltip only (json, Prometheus and MQTT never carry it): in the interface language.
        let language = interfaceLanguage
        return { location in L10n.$language.withValue(language) { prompts.line(at: location) } }
    }
}

/// The session's history recorder, swapped whole when a reload changes `[history]`: the next
/// fetch records into the new store (or none) and backfills from it, and the sparkline reads it.
final class HistorySlot: Sendable {
    private let recorder: Mutex<HistoryRecorder?>

    init(_ recorder: HistoryRecorder?) { self.recorder = Mutex(recorder) }

    /// The recorder in use; nil while recording is off.
    var current: HistoryRecorder? { recorder.withLock { $0 } }

    /// Puts `new` in place of the recorder in use.
    func replace(with new: HistoryRecorder?) { recorder.withLock { $0 = new } }
}

/// Saves the view model's conditions into the store, counting the fetches in a row that
/// brought no air or weather (the one-shot's backoff, `StorePolicy`); a failing write is
/// logged when it starts failing and when it recovers, not on every poll.
final class StoreWriter: Sendable {
    private let cache: ConditionsCache
    private let sources: String
    private let logger: Logger
    private let lastError = Mutex<String?>(nil)
    private let failedFetches: Mutex<Int>
    /// Whether a sensor poll is written. A one-shot's is: the next run spaces its sensor reads
    /// by it. The daemon's and `watch`'s are not: one-shots read the sensor themselves, a
    /// restarted daemon reads it at its first poll, and a rewrite of the whole store every
    /// minute was 15-23 % of a sensor poll's CPU (docs/PERFORMANCE.md).
    private let savesSensorPolls: Bool
    /// The language of its warning when the store cannot be written (the path and the system's
    /// reason as they are).
    private let language: Language

    init(cache: ConditionsCache, sources: String, logger: Logger, failedFetches: Int = 0, savesSensorPolls: Bool = true,
         language: Language = .english) {
        self.language = language
        self.cache = cache
        self.sources = sources
        self.logger = logger
        self.failedFetches = Mutex(failedFetches)
        self.savesSensorPolls = savesSensorPolls
    }

    func save(_ conditions: CityConditions) {
        // A weather that failed with none to show (a bar's first run cut short) counts too:
        // the next one-shot asks again after the backoff, not after a whole max_age.
        let failed = conditions.isCarriedOver(.air) || conditions.isCarriedOver(.weather)
            || conditions.weather == nil && conditions.failures.contains { $0.part == .weather }
        // A sensor poll (a fetch after the last full one) neither counts nor ends a run of failures.
        let isSensorPoll = conditions.polledAt.map { $0 != conditions.fetchedAt } ?? false
        if isSensorPoll && !savesSensorPolls { return }
        let count = failedFetches.withLock { count in
            if !isSensorPoll { count = failed ? count + 1 : 0 }
            return count
        }
        let message: String?
        do {
            try cache.save(conditions, sources: sources, failedFetches: count)
            message = nil
        } catch {
            message = L10n.$language.withValue(language) { error.forPeople }
        }
        let changed = lastError.withLock { last in
            defer { last = message }
            return last != message
        }
        guard changed else { return }
        if let message { logger.log(.warning, "cache: \(message)") } else {
            logger.log(.info, "cache: " + L10n.$language.withValue(language) { tr("writing again", context: "cache") })
        }
    }
}

/// Resolves the location once and reuses it; a failure (no network at boot) is reported as a
/// provider failure and retried on the next refresh instead of stopping the daemon.
actor LocationResolver {
    private let context: AppContext
    private var resolved: Location?
    /// The one-shot's lookup already failed (an outage, with stored data to show): say so.
    private let failure: ProviderFailure?

    /// Another place's settings; nil: the place shown (`settings.location`).
    private let place: LocationSettings?

    init(context: AppContext, resolved: Location? = nil, failure: ProviderFailure? = nil, place: LocationSettings? = nil) {
        self.context = context
        self.place = place
        self.resolved = resolved
        self.failure = failure
    }

    func location() async throws(ProviderFailure) -> Location {
        if let failure { throw failure }
        if let resolved { return resolved }
        do {
            let found = try await context.resolveLocation(of: place ?? context.settings.location)
            resolved = found
            return found
        } catch {
            throw error.asLocationFailure
        }
    }
}
