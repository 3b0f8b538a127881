import BreatherCache
import BreatherConfig
import BreatherHistory
import BreatherModel
import BreatherProviders
import BreatherViewModel
import Logging
import Synchronization

/// The live parts one configuration makes, shared by the one-shot, `daemon` and `watch`: the
/// view model, fed by a fetch that resolves the location lazily (no network at boot is
/// retried, not fatal) and saves into the one conditions store. A reload swaps the
/// providers (`Fetching.replace`) and sends the view model new inputs; it never builds a new
/// view model, so the standard and the conditions on hand have one owner.
struct Session: Sendable {
    let viewModel: MainViewModel
    let fetching: Fetching
    let cache: ConditionsCache
    /// Where each fetch's readings go (none with `[history] enabled = false`); a reload that
    /// changes `[history]` puts a new recorder in (`HistorySlot.replace`).
    let history: HistorySlot

    /// Throws only for configuration problems (e.g. a missing API key), never for providers.
    /// `failedFetches`: the store's count of failed fetches in a row, which the next save continues.
    /// `sensorRecordSeconds`: a one-shot, which reads the sensors on every run, records their
    /// reading only when the store has none from the last so many seconds (their `interval`).
    init(context: AppContext, gate: ProviderGate?, staleAfterSeconds: Int, location: Location? = nil,
         locationFailure: ProviderFailure? = nil, showsHistory: Bool = true, failedFetches: Int = 0,
         sensorRecordSeconds: Int? = nil) throws(CommandFailure) {
        let history = HistorySlot(context.historyRecorder())
        let fetching = Fetching(fetcher: try context.makeFetcher(gate: gate, history: history),
                                resolver: LocationResolver(context: context, resolved: location, failure: locationFailure))
        let cache = ConditionsCache(path: context.cachePath)
        let saver = StoreWriter(cache: cache, sources: context.sourcesKey, logger: context.logger, failedFetches: failedFetches,
                                savesSensorPolls: gate == nil)
        self.fetching = fetching
        self.cache = cache
        self.history = history
        viewModel = MainViewModel(
            // Each fetch is recorded as it arrives, so a sensor's means include its latest reading
            // (`recordAveragingSensors`); the view model merges and saves what comes back.
            environment: .init(fetch: { request async throws(ProviderFailure) in
                                   let fetched = try await fetching.fetch(request)
                                   guard let history = history.current else { return fetched }
                                   if request.sensorsOnly, let seconds = sensorRecordSeconds,
                                      history.hasRecentSensorReadings(fetched, withinSeconds: seconds) {
                                       return history.averagingSensors(fetched)
                                   }
                                   return history.recordAveragingSensors(fetched)
                               },
                               save: { saver.save($0) },
                               units: context.settings.units, staleAfterSeconds: staleAfterSeconds,
                               icons: context.settings.icons, executor: LoopExecutor.shared,
                               recentIndices: { location, standard in showsHistory ? history.current?.recentIndices(at: location, standard: standard) : nil })
                // A session with a gate polls (daemon, `watch`): its errors say when the next poll asks.
                .with(localTime: Self.localTime, pollSeconds: gate == nil ? nil : context.settings.intervalSeconds,
                      sensorPollSeconds: gate == nil ? nil : context.settings.sensorPollSeconds,
                      earlyRetry: { fetching.earlyRetryAt.withLock { $0 } })
                .withDayAhead(context.settings).recordingAdvice(in: history),
            standard: context.settings.standard, standards: context.settings.standards)
    }

    /// The zone and clock of every time a person reads: `TZ` or /etc/localtime, read once.
    static let localTime = LocalTime.system()
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

/// The fetch the view model calls: the current providers and location, swapped whole on reload.
/// After every fetch it tells the controller when a failed provider (or the location lookup)
/// is worth asking again before the next poll (`ProviderGate.secondsUntilEarlyRetry`).
actor Fetching {
    private var fetcher: ConditionsFetcher
    private var resolver: LocationResolver
    private var earlyRetry: (@Sendable (Double?) -> Void)?
    /// When the early retry last reported is due, for the view model's "retry 20s".
    nonisolated let earlyRetryAt = Mutex<Timestamp?>(nil)

    init(fetcher: ConditionsFetcher, resolver: LocationResolver) {
        self.fetcher = fetcher
        self.resolver = resolver
    }

    func fetch(_ request: FetchRequest) async throws(ProviderFailure) -> CityConditions {
        let (fetcher, resolver) = (self.fetcher, self.resolver)
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
        let conditions = await fetcher.fetch(at: location, request)
        // A sensor poll's own failures wait for the next sensor poll; an early retry is a full
        // fetch, which would spend provider quota on a sensor that did not answer.
        if !request.sensorsOnly { await reportEarlyRetry(fetcher.gate) }
        return conditions
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

    /// New providers and location after a reload.
    func replace(fetcher: ConditionsFetcher, resolver: LocationResolver) {
        self.fetcher = fetcher
        self.resolver = resolver
    }
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

    init(cache: ConditionsCache, sources: String, logger: Logger, failedFetches: Int = 0, savesSensorPolls: Bool = true) {
        self.cache = cache
        self.sources = sources
        self.logger = logger
        self.failedFetches = Mutex(failedFetches)
        self.savesSensorPolls = savesSensorPolls
    }

    func save(_ conditions: CityConditions) {
        let failed = conditions.isCarriedOver(.air) || conditions.isCarriedOver(.weather)
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
            message = "\(error)"
        }
        let changed = lastError.withLock { last in
            defer { last = message }
            return last != message
        }
        guard changed else { return }
        if let message { logger.log(.warning, "cache: \(message)") } else { logger.log(.info, "cache: writing again") }
    }
}

/// Resolves the location once and reuses it; a failure (no network at boot) is reported as a
/// provider failure and retried on the next refresh instead of stopping the daemon.
actor LocationResolver {
    private let context: AppContext
    private var resolved: Location?
    /// The one-shot's lookup already failed (an outage, with stored data to show): say so.
    private let failure: ProviderFailure?

    init(context: AppContext, resolved: Location? = nil, failure: ProviderFailure? = nil) {
        self.context = context
        self.resolved = resolved
        self.failure = failure
    }

    func location() async throws(ProviderFailure) -> Location {
        if let failure { throw failure }
        if let resolved { return resolved }
        do {
            let found = try await context.resolveLocation()
            resolved = found
            return found
        } catch {
            let kind: FailureKind = switch error.status {
            case .configuration, .usage: .configuration
            case .temporary: .timeout
            case .dataError: .badData
            default: .unavailable
            }
            throw ProviderFailure(provider: "location", part: .location, kind: kind, message: error.message)
        }
    }
}
