#if canImport(Glibc)
import Glibc
#endif
import BreatherConfig
import BreatherIO
import BreatherLocale
import BreatherModel
import BreatherProviders
import BreatherViewModel
import Logging
import ServiceLifecycle
import Synchronization
import UnixSignals

/// `breather daemon` as a group of services under swift-service-lifecycle: the controller
/// (timer ticks, SIGUSR1 refresh, SIGUSR2 next standard, SIGRTMIN+2 previous standard,
/// SIGRTMIN+1 compact/full text and
/// SIGHUP reload become view-model inputs), the sink (outputs →
/// files, STATUS=, on_update) and, under systemd, the watchdog. SIGTERM/SIGINT shut the group
/// down gracefully: the write in progress completes, every `run()` returns, exit 0.
enum Daemon {
    /// Loads the config (invalid → 78) and runs until SIGTERM/SIGINT.
    static func start(options: CommonOptions) async -> ExitStatus {
        let logger = Logger.breather(options.logLevel)
        let controller: DaemonController
        let language: Language
        do {
            let context = try AppContext(options: options)
            language = context.interfaceLanguage
            controller = try DaemonController(options: options, context: context)
        } catch {
            logger.log(.error, error.message)
            return error.status
        }
        // Graceful shutdown runs in reverse order: the sink stops first (after the write in
        // progress), then the controller, so no output is left without its reader mid-way.
        // A reader of stdout that goes away must come back as EPIPE (the sink then ends the
        // group: exit 0), not kill the daemon.
        signal(SIGPIPE, SIG_IGN)
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .init(service: controller), .init(service: controller.sink, successTerminationBehavior: .gracefullyShutdownGroup),
        ]
        if let interval = controller.notifier.watchdogInterval {
            services.append(.init(service: WatchdogService(notifier: controller.notifier, intervalSeconds: interval)))
        }
        var configuration = ServiceGroupConfiguration(services: services, gracefulShutdownSignals: [.sigterm, .sigint],
                                                      logger: logger)
        configuration.maximumGracefulShutdownDuration = .seconds(10)
        do {
            try await ServiceGroup(configuration: configuration).run()
        } catch {
            await ChildProcess.endAll()
            logger.log(.error, L10n.$language.withValue(language) { tr("stopped: %s").filled("\(error)") })
            return .unavailable
        }
        // An on_update hook still running would outlive the daemon (and its unit's stop).
        await ChildProcess.endAll()
        logger.log(.info, L10n.$language.withValue(language) { tr("stopped") })
        controller.notifier.notify("STOPPING=1")
        return .ok
    }
}

/// The daemon's controller: turns start-up, ticks and signals into the view model's inputs.
/// A reload sends only what changed: a new standard as `aqiStandard`, new units or icons as
/// `display` (re-rendered, no fetch), new sources, providers or place as new providers and a
/// refresh (with a fresh gate: the old URL's failures say nothing about the new one).
final class DaemonController: Service, Sendable {
    let options: CommonOptions
    let notifier = SystemdNotifier()
    let sink: DaemonSink
    private let state: Mutex<(context: AppContext, gate: ProviderGate)>
    private let session: Session
    /// `[sources] state` (or `--source`): the data comes from a publishing daemon over MQTT,
    /// never from a provider; nil: the providers.
    private let subscription: MQTTSubscription?

    init(options: CommonOptions, context: AppContext) throws(CommandFailure) {
        self.options = options
        let gate = Self.gate(context.settings)
        (session, subscription) = try Session.polling(context: context, gate: gate)
        state = Mutex((context, gate))
        sink = DaemonSink(viewModel: session.viewModel, context: context, options: options, notifier: notifier,
                          mqtt: try MQTTPublisher.make(context: context, viewModel: session.viewModel, subscribing: subscription != nil),
                          history: session.history, places: session.places)
    }

    /// Retries after a failure start at half an interval (at most 30 s) and double: early
    /// retries while well before the next poll, a 429's backoff beyond it (`ProviderGate`).
    static func gate(_ settings: Settings) -> ProviderGate {
        let interval = Double(settings.intervalSeconds)
        return ProviderGate(firstRetrySeconds: min(30, interval / 2), pollSeconds: interval)
    }

    func run() async throws {
        let context = state.withLock { $0.context }
        announce(context)
        // A daemon killed mid-write (SIGKILL, OOM, power) leaves temporary files: clear them.
        for path in context.settings.outputs.map(\.path) + [options.output, context.cachePath].compactMap({ $0 }) {
            let removed = AtomicFile.removeLeftovers(of: path)
            if removed > 0 {
                context.logger.log(.info, L10n.$language.withValue(context.interfaceLanguage) {
                    tr("removed %s temporary file(s) left beside %s").filled(String(removed), path)
                })
            }
        }
        let loop = ControllerLoop(session: session, signals: [.sighup, .sigusr1, .sigusr2], reload: { [self] in
            // A subscriber reads no sensor: the publisher does.
            await reload() ? state.withLock { $0.context.settings.loopTiming(readsSensors: subscription == nil) } : nil
        })
        // A subscriber's every new state (or publisher gone offline) is a refresh that answers
        // at once from it; the publisher's retained state arrives at start instead of the store's.
        let viewModel = session.viewModel
        subscription?.start { viewModel.inputs.sourceDidChange() }
        defer { subscription?.stop() }
        let stored = subscription == nil ? context.storePolicy.stored(session.cache)?.conditions : nil
        await loop.run(stored: stored, timing: context.settings.loopTiming(readsSensors: subscription == nil))
    }

    /// SIGHUP: a valid new config replaces the old one; an invalid one is logged and ignored.
    /// Returns true when it was applied.
    private func reload() async -> Bool {
        notifier.notify("RELOADING=1")
        defer { notifier.notify("READY=1") }
        let old = state.withLock { $0.context }
        let new: AppContext
        do {
            new = try AppContext(options: options)
        } catch {
            old.logger.log(.error, L10n.$language.withValue(old.interfaceLanguage) { tr("reload rejected, keeping the previous config: %s").filled(error.message) })
            return false
        }
        let (was, now) = (old.settings, new.settings)
        let viewModel = session.viewModel
        let plan = ReloadPlan(from: old, to: new, subscribing: subscription != nil)
        if plan.sourceOfStateChanged {
            // Subscribing or polling is the daemon's make-up (its session), fixed at start.
            old.logger.log(.warning, L10n.$language.withValue(new.interfaceLanguage) {
                let keeps = was.sources.state.map { tr("reading %s").filled("\($0)") } ?? tr("asking the providers")
                return tr("[sources] state changed: restart the daemon to apply it (it keeps %s)").filled(keeps)
            })
        }
        // A changed [mqtt] (or password) makes a new publisher; one that cannot be made rejects the reload.
        let publisher: MQTTPublisher??
        do {
            publisher = try replacementPublisher(new)
        } catch {
            old.logger.log(.error, L10n.$language.withValue(old.interfaceLanguage) { tr("reload rejected, keeping the previous config: %s").filled(error.message) })
            return false
        }
        if plan.refetch {
            // A fetch from the old providers would only delay the new ones: drop it.
            viewModel.cancelFetch()
            let gate = Self.gate(now)
            do {
                await session.fetching.replace(try new.placeProviders(gate: gate, history: session.history, savesSensorPolls: false))
            } catch {
                old.logger.log(.error, L10n.$language.withValue(old.interfaceLanguage) { tr("reload rejected, keeping the previous config: %s").filled(error.message) })
                return false
            }
            state.withLock { $0.gate = gate }
        }
        if plan.historyChanged {
            // A new [history] takes effect from the next fetch: a new recorder, or none when it is off.
            let recorder = new.historyRecorder()
            // Readings the old file could not take go to the new one with its first write.
            if let waiting = session.history.current?.takeWaiting(), !waiting.isEmpty { recorder?.keepWaiting(waiting) }
            session.history.replace(with: recorder)
            new.logger.log(.info, "history: " + L10n.$language.withValue(new.interfaceLanguage) {
                recorder.map { tr("recording to %s").filled($0.path) } ?? tr("recording is off")
            })
        }
        state.withLock { $0.context = new }
        sink.reload(context: new)
        announce(new)
        new.logger.log(.info, L10n.$language.withValue(new.interfaceLanguage) { tr("reloaded %s").filled(now.configFile ?? tr("the defaults")) })
        if let publisher {
            sink.replace(mqtt: publisher, logger: new.logger, language: new.interfaceLanguage)
        } else if plan.intervalChanged {
            sink.mqtt?.pollInterval(changedTo: now.intervalSeconds)
        }
        // The view model owns the standard shown and the cycle a scroll steps through.
        viewModel.inputs.standardCycle(now.standards)
        if plan.standardChanged { viewModel.inputs.aqiStandard(now.standard) }
        // Always one re-render: new formats, units, icons or output files show at once.
        viewModel.inputs.display(now.units, now.icons, new.storePolicy.pollingStaleAfterSeconds)
        viewModel.inputs.dayAhead(now.bar, now.alerts)
        viewModel.inputs.advice(now.advice)
        viewModel.inputs.logPrompt(new.logPromptReader)
        session.places.update(new.placeLayout(environment: session.places.environment.reloaded(new)))
        viewModel.inputs.language(new.interfaceLanguage, now.nativeNames)
        if plan.refetch { viewModel.inputs.userDidRefresh() }
        return true
    }

    /// The publisher `context` asks for when it differs from the running one (other `[mqtt]`
    /// settings or password, or none any more: `.some(nil)`); nil when the running one stays.
    private func replacementPublisher(_ context: AppContext) throws(CommandFailure) -> MQTTPublisher?? {
        let current = sink.mqtt
        // A subscribing daemon publishes nothing (see `MQTTPublisher.make`).
        let wanted = subscription == nil ? context.settings.mqtt : nil
        let password = try wanted.flatMap { settings throws(CommandFailure) in try context.mqttPassword(settings) }
        guard current?.settings != wanted || current?.password != password else { return nil }
        return .some(try MQTTPublisher.make(context: context, viewModel: session.viewModel, subscribing: subscription != nil))
    }

    /// Logs config warnings and whether `interval` would exceed a provider's free quota.
    private func announce(_ context: AppContext) {
        context.settings.warnings.forEach { context.logger.log(.warning, $0) }
        if let warning = L10n.$language.withValue(context.interfaceLanguage, operation: { Self.quotaWarning(context.settings) }) {
            context.logger.log(.warning, warning)
        }
    }

    /// A warning when polling every `interval` would exceed IQAir's free monthly calls, in the
    /// current language (`L10n.language`).
    static func quotaWarning(_ settings: Settings) -> String? {
        // One nearest_city call serves both air and weather.
        let usesAirVisual = settings.sources.air.first == .airVisual || settings.sources.weather.first == .airVisual
        // A keyed provider has no lists: each place is a call of its own.
        let places = settings.allPlaces.count
        let monthly = places * 30 * 86_400 / max(1, settings.intervalSeconds)
        guard usesAirVisual, monthly > airVisualMonthlyQuota else { return nil }
        let least = String(places * 30 * 86_400 / airVisualMonthlyQuota + 1)
        let (interval, calls, quota) = (String(settings.intervalSeconds), String(monthly), String(airVisualMonthlyQuota))
        return places > 1
            ? tr("interval %ss makes about %s IQAir calls a month for %s places, over the free %s; use an interval of at least %ss")
                .filled(interval, calls, String(places), quota, least)
            : tr("interval %ss makes about %s IQAir calls a month, over the free %s; use an interval of at least %ss").filled(interval, calls, quota, least)
    }

    /// IQAir AirVisual Community plan: 10,000 calls a month.
    static let airVisualMonthlyQuota = 10_000
}
