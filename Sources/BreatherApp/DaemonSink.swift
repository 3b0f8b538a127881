import BreatherConfig
import BreatherIO
import BreatherLocale
import BreatherModel
import BreatherViewModel
import CProcess
import Logging
import ServiceLifecycle
import Synchronization

/// Consumes the view model's outputs for the daemon: writes the files, tells systemd
/// (READY=1 once, then STATUS=), logs failures when they start or change, and runs
/// `on_update` after a change. On graceful shutdown it returns after the write in progress.
final class DaemonSink: Service, Sendable {
    private let viewModel: MainViewModel
    /// The session's history store, which the html and svg files draw.
    private let history: HistorySlot?
    /// The other places' outputs, for `[[output]] place`.
    private let places: PlaceOutputs?
    private let options: CommonOptions
    private let notifier: SystemdNotifier
    private let files = DaemonOutputs()
    private let alerts = AlertNotifier()
    /// `[mqtt]`: publishes every refresh; nil without it. A reload may replace it (`replace`).
    private let publisher: Mutex<MQTTPublisher?>
    var mqtt: MQTTPublisher? { publisher.withLock { $0 } }
    private let hookOutcomes = ChildOutcomeLog()
    private let state: Mutex<(context: AppContext, isReady: Bool, logged: [String])>

    init(viewModel: MainViewModel, context: AppContext, options: CommonOptions, notifier: SystemdNotifier, mqtt: MQTTPublisher? = nil,
         history: HistorySlot? = nil, places: PlaceOutputs? = nil) {
        self.viewModel = viewModel
        self.history = history
        self.places = places
        publisher = Mutex(mqtt)
        self.options = options
        self.notifier = notifier
        state = Mutex((context, false, []))
    }

    /// New settings after a reload: every file is rewritten on the next output.
    func reload(context: AppContext) {
        state.withLock { $0.context = context }
        files.reset()
    }

    /// A reload changed `[mqtt]`: outputs go to `next` (nil: no publishing) from now on; on
    /// a thread of its own the old publisher retires (`MQTTPublisher.retire`), and only then
    /// does `next` connect: the same client id on two connections would have the broker
    /// drop them in turn.
    func replace(mqtt next: MQTTPublisher?, logger: Logger, language: Language) {
        let old = publisher.withLock { current in
            defer { current = next }
            return current
        }
        // In the reloaded config's language: the broker and prefix as they are.
        logger.log(.info, "mqtt: " + L10n.$language.withValue(language) {
            next.map { tr("[mqtt] changed: publishing to %s under %s").filled("\($0.settings.broker)", $0.settings.topicPrefix) }
                ?? tr("[mqtt] removed: publishing stopped")
        })
        if let old, let next { next.delete(old.leftovers(for: next.settings)) }
        BlockingThread.run {
            old?.retire(replacedBy: next?.settings)
            next?.start()
        }
    }

    func run() async {
        // On graceful shutdown the fetch in flight is dropped and the outputs end after the
        // ones already queued: the write in progress completes, nothing waits for a provider.
        let viewModel = self.viewModel
        mqtt?.start()
        // Last: `offline` on the availability topic after the final output went out.
        defer { mqtt?.stop() }
        await withGracefulShutdownHandler {
            for await output in viewModel.outputs where output.isWorthDrawing {
                show(output)
                // A poll's replies are parsed, decoded and freed by now; the holes they leave under
                // the data kept would stay resident for the 15 minutes to the next poll (about
                // 160 KiB a place measured: docs/PERFORMANCE.md, "Several places").
                if !output.isLoading { cprocess_release_free_heap() }
                // The reader of stdout went away (the bar exited): end the daemon, exit 0.
                if files.isStdoutClosed {
                    let context = state.withLock { $0.context }
                    context.logger.log(.info, L10n.$language.withValue(context.interfaceLanguage) { tr("stdout closed: stopping") })
                    viewModel.stop()
                    break
                }
            }
        } onGracefulShutdown: {
            viewModel.stop()
        }
    }

    private func show(_ output: Output) {
        let context = state.withLock { $0.context }
        let changed = files.show(output, settings: context.settings, options: options, history: history, places: places, logger: context.logger)
        // The alerts are judged first so that the state published says which ones hold.
        let shownAlerts = places?.shownAlerts ?? true
        let alerted = alerts.observe(output, settings: shownAlerts ? context.settings.alerts : nil)
        mqtt?.publish(output, alerts: alerted.states, notifications: alerted.notifications)
        // A place no longer in the config leaves nothing retained (its state, its device).
        if let mqtt, let places { mqtt.keepPlaces(Set(places.labels.map(\.name)).subtracting([places.shown])) }
        if let mqtt, let places, places.labels.count > 1 {
            for place in places.all(output) where place.name != places.shown { mqtt.publish(place: place.name, place.output) }
        }
        logFailures(output, logger: context.logger)
        alerts.send(alerted.notifications + (places?.otherAlerts(output, settings: context.settings.alerts) ?? []), logger: context.logger,
                    language: output.forPeople.language)
        let status = "STATUS=\(DaemonOutputs.status(output))"
        // Ready once the first fetch has settled: the loading state is written, not announced.
        let wasReady = state.withLock { state in defer { state.isReady = state.isReady || !output.isLoading }; return state.isReady }
        notifier.notify(wasReady || output.isLoading ? status : "READY=1\n\(status)")
        if changed, !context.settings.onUpdate.isEmpty {
            OnUpdateRunner(command: context.settings.onUpdate, logger: context.logger, outcomes: hookOutcomes, language: output.forPeople.language).run()
        }
    }

    /// Logs a failure when it starts or changes (provider, part, kind, and whether a request
    /// was made at all), not on every poll: a provider down for a day should not fill the journal.
    private func logFailures(_ output: Output, logger: Logger) {
        let failing = output.failures.map {
            "\($0.provider) \($0.part.rawValue) \($0.kind.rawValue) \($0.message.hasPrefix("not asked") ? "held" : "asked")"
        }
        let previous = state.withLock { state in defer { state.logged = failing }; return state.logged }
        guard failing != previous else { return }
        for (failure, key) in zip(output.failures, failing) where !previous.contains(key) {
            logger.log(.warning, L10n.$language.withValue(output.forPeople.language) { RunStatus.describe(failure) })
        }
        if failing.isEmpty, !previous.isEmpty { logger.log(.info, L10n.$language.withValue(output.forPeople.language) { tr("all sources answered again") }) }
    }
}
