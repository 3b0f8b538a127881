#if canImport(Glibc)
import Glibc
#endif
import BreatherCache
import BreatherConfig
import BreatherModel
import BreatherProviders
import BreatherViewModel

/// The daemon's "view controller": start-up, timer ticks and SIGUSR1 become the view model's
/// `viewDidRefresh`; SIGHUP reloads the config. Events are handled one at a time on this task,
/// and between them the process sleeps (no polling loop of its own).
final class Daemon {
    enum Event: Sendable { case tick, refresh, reload }

    let options: CommonOptions
    private var context: AppContext
    private var session: PollingSession
    private let gate: ProviderGate
    private let notifier = SystemdNotifier()
    private let outputs = DaemonOutputs()
    private var isReady = false
    private var loggedFailures: [String] = []
    private var ticker: Task<Void, Never>?

    private init(options: CommonOptions, context: AppContext, session: PollingSession, gate: ProviderGate) {
        self.options = options
        self.context = context
        self.session = session
        self.gate = gate
    }

    /// Loads the config (invalid → 78) and runs until SIGTERM/SIGINT.
    static func start(options: CommonOptions) async -> ExitStatus {
        let logger = Logger(level: options.logLevel)
        do {
            let context = try AppContext(options: options)
            // Backoff starts at half an interval (at most 30 s) and doubles per failure.
            let gate = ProviderGate(baseBackoffSeconds: min(30, Double(context.settings.intervalSeconds) / 2))
            let session = try PollingSession(context: context, gate: gate)
            return await Daemon(options: options, context: context, session: session, gate: gate).run()
        } catch {
            logger.log(.error, error.message)
            return error.status
        }
    }

    private func run() async -> ExitStatus {
        let (events, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(16))
        let outputs = self.outputs, notifier = self.notifier, logger = context.logger
        let signals = DaemonSignals(events: continuation) { number in
            // Wait for a write in progress, then leave: files are always whole.
            outputs.writeLock.withLock { _ in
                logger.log(.info, "stopping on signal \(number)")
                notifier.notify("STOPPING=1")
                exit(0)
            }
        }
        announce(context.settings)
        if let interval = notifier.watchdogInterval {
            Task.detached {
                while true {
                    notifier.notify("WATCHDOG=1")
                    try? await Task.sleep(for: .seconds(interval))
                }
            }
        }
        // Show the cached data at once (stale if old), before the first fetch.
        if let cached = context.usableCache(ConditionsCache(path: context.cachePath).load()) {
            await show(session.seed(cached))
        }
        restartTicker(continuation)
        continuation.yield(.refresh)
        for await event in events {
            switch event {
            case .tick, .refresh:
                await show(session.refresh())
            case .reload:
                if let carried = reload() {
                    // The last good data under the new settings at once, then a fresh fetch.
                    await show(session.seed(carried))
                }
                restartTicker(continuation)
                await show(session.refresh())
            }
        }
        withExtendedLifetime(signals) {}
        return .ok
    }

    private func show(_ output: Output) async {
        let settings = context.settings
        let changed = outputs.show(output, settings: settings, options: options,
                                   cache: ConditionsCache(path: context.cachePath), logger: context.logger)
        // Log a failure when it starts (or changes kind), not on every poll: a provider down
        // for a day should not fill the journal.
        let failing = output.failures.map { "\($0.provider) (\($0.part.rawValue)) \($0.kind.rawValue)" }
        if failing != loggedFailures {
            for failure in output.failures {
                context.logger.log(.warning, "\(failure.provider) (\(failure.part.rawValue)): \(failure.message)")
            }
            if failing.isEmpty { context.logger.log(.info, "all sources answered again") }
            loggedFailures = failing
        }
        let status = "STATUS=\(DaemonOutputs.status(output))"
        notifier.notify(isReady ? status : "READY=1\n\(status)")
        isReady = true
        if changed, !settings.onUpdate.isEmpty {
            OnUpdateRunner(command: settings.onUpdate, logger: context.logger).run()
        }
    }

    /// SIGHUP: a valid new config replaces the old one; an invalid one is logged and ignored.
    /// Returns the conditions to carry into the new session.
    private func reload() -> CityConditions? {
        notifier.notify("RELOADING=1")
        defer { notifier.notify("READY=1") }
        do {
            let newContext = try AppContext(options: options)
            let newSession = try PollingSession(context: newContext, gate: gate)
            let carried = session.lastConditions
            context = newContext
            session = newSession
            outputs.reset()
            announce(newContext.settings)
            context.logger.log(.info, "reloaded \(newContext.settings.configFile ?? "the defaults")")
            return carried
        } catch {
            context.logger.log(.error, "reload rejected, keeping the previous config: \(error.message)")
            return nil
        }
    }

    private func restartTicker(_ events: AsyncStream<Event>.Continuation) {
        ticker?.cancel()
        ticker = RefreshTimer(configuredSeconds: context.settings.intervalSeconds).start { events.yield(.tick) }
    }

    /// Logs config warnings and whether `interval` would exceed a provider's free quota.
    private func announce(_ settings: Settings) {
        settings.warnings.forEach { context.logger.log(.warning, $0) }
        if let warning = Self.quotaWarning(settings) { context.logger.log(.warning, warning) }
    }

    /// A warning when polling every `interval` would exceed IQAir's free monthly calls.
    static func quotaWarning(_ settings: Settings) -> String? {
        // One nearest_city call serves both air and weather.
        let usesAirVisual = settings.sources.air.first == ProviderID.airVisual || settings.sources.weather.first == ProviderID.airVisual
        let monthly = 30 * 86_400 / max(1, settings.intervalSeconds)
        guard usesAirVisual, monthly > airVisualMonthlyQuota else { return nil }
        return """
            interval \(settings.intervalSeconds)s makes about \(monthly) IQAir calls a month, over the free \
            \(airVisualMonthlyQuota); use an interval of at least \(30 * 86_400 / airVisualMonthlyQuota + 1)s
            """
    }

    /// IQAir AirVisual Community plan: 10,000 calls a month.
    static let airVisualMonthlyQuota = 10_000
}
