import BreatherConfig
import BreatherModel
import BreatherProviders
import BreatherViewModel

/// One configuration's worth of polling state, shared by `daemon` and `watch`: the view model
/// wired to gated providers (Retry-After and backoff honoured) and a lazily resolved location
/// (no network at boot is retried, not fatal). SIGHUP builds a new session that carries the
/// last good data over.
struct PollingSession {
    let viewModel: MainViewModel
    /// The newest conditions shown, carried into the next session on reload.
    private(set) var lastConditions: CityConditions?
    private var iterator: AsyncStream<Output>.Iterator

    /// Throws only for configuration problems (e.g. a missing API key), never for providers.
    init(context: AppContext, gate: ProviderGate) throws(CommandFailure) {
        let fetcher = try context.makeFetcher(gate: gate)
        let resolver = LocationResolver(context: context)
        viewModel = MainViewModel(
            environment: .init(fetch: { () async throws(ProviderFailure) in
                                   await fetcher.fetch(at: try await resolver.location())
                               },
                               units: context.settings.units, staleAfterSeconds: Self.staleAfter(context.settings),
                               icons: context.settings.icons),
            standard: context.settings.standard)
        iterator = viewModel.outputs.makeAsyncIterator()
    }

    /// Data is stale once older than `max_age`, but never before two poll intervals have
    /// passed: with the default 15m interval and 10m max_age, healthy data would otherwise turn
    /// "stale" between every two polls.
    static func staleAfter(_ settings: BreatherConfig.Settings) -> Int {
        max(settings.cache.maxAgeSeconds, 2 * settings.intervalSeconds)
    }

    /// Shows cached conditions (stale by their age) before any fetch.
    mutating func seed(_ cached: CityConditions) async -> Output {
        viewModel.seed(with: cached)
        return await next()
    }

    /// Fetches and returns the finished output (the loading one is skipped: a bar should not
    /// flicker to "loading" and back on every poll).
    mutating func refresh() async -> Output {
        viewModel.inputs.viewDidRefresh()
        return await next()
    }

    private mutating func next() async -> Output {
        while let output = await iterator.next() {
            if output.isLoading { continue }
            if let conditions = output.conditions { lastConditions = conditions }
            return output
        }
        preconditionFailure("the view model's outputs ended while polling")
    }
}

/// Resolves the location once and reuses it; a failure (no network at boot) is reported as a
/// provider failure and retried on the next refresh instead of stopping the daemon.
actor LocationResolver {
    private let context: AppContext
    private var resolved: Location?

    init(context: AppContext) { self.context = context }

    func location() async throws(ProviderFailure) -> Location {
        if let resolved { return resolved }
        do {
            let found = try await context.resolveLocation()
            resolved = found
            return found
        } catch {
            throw ProviderFailure(provider: "location", part: .location, kind: error.status == .configuration ? .configuration : .unavailable,
                                  message: error.message)
        }
    }
}
