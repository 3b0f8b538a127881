#if canImport(Glibc)
import Glibc
#endif
import BreatherConfig
import BreatherIO
import BreatherModel
import BreatherViewModel
import BreatherViews
import BreatherLocale
import Logging
import ServiceLifecycle
import UnixSignals

/// `breather watch`: the "view controller" for bars that read a child process, as a group of
/// services: the controller (ticks, clicks, SIGUSR1/SIGUSR2 → view-model inputs), the printer
/// (one line per change on stdout; for i3bar the protocol header, then one array element per
/// change) and the hang-up watch (the bar closed our stdout: exit 0). SIGTERM/SIGINT shut
/// the group down gracefully after the line in progress.
struct Watch {
    static let help = CommandHelp(
        abstract: "Stay running and print one line per change (for bars that read a child process).",
        discussion: "Polls every `interval` from the config. With --format i3bar it speaks the full i3bar protocol: "
            + "a left click refreshes, scrolling down or the middle button shows the next standard, scrolling up the "
            + "previous one, a right click switches compact and full text; with [bar] places = \"one\" the middle button "
            + "shows the next place (no request). SIGUSR1 refreshes, SIGUSR2 shows the next "
            + "standard, SIGRTMIN+2 the previous one, SIGRTMIN+1 switches compact and full text, SIGRTMIN+3 the next place. "
            + "Prints to stdout only "
            + "(--output is for the one-shot and the daemon). "
            + "With --source mqtt://HOST[:PORT]/TOPIC_PREFIX (or [sources] state) it shows what a Breather daemon "
            + "publishes over MQTT (no provider request; a click publishes a refresh request); [mqtt] in the config gives the credentials.",
        optionNames: CommonOptions.specs.map(\.name).filter { $0 != "output" })

    var options: CommonOptions

    /// Runs until SIGTERM/SIGINT or the bar closes stdout (0), or a bad config (78).
    func run() async -> ExitStatus {
        do {
            return try await watch()
        } catch {
            // A service ended out of turn: a fault of Breather's, not of the bar or a provider.
            Logger.breather(options.logLevel).log(.error, L10n.$language.withValue(options.language ?? Language.fromEnvironment(Environment.get)) {
                tr("watch stopped: %s").filled("\(error)")
            })
            return .software
        }
    }

    private func watch() async throws -> ExitStatus {
        let logger = Logger.breather(options.logLevel)
        let context: AppContext
        let session: Session
        let subscription: MQTTSubscription?
        do {
            context = try AppContext(options: options)
            (session, subscription) = try Session.polling(context: context, gate: DaemonController.gate(context.settings))
        } catch {
            logger.log(.error, error.message)
            return error.status
        }
        let viewModel = session.viewModel
        subscription?.start { viewModel.inputs.sourceDidChange() }
        defer { subscription?.stop() }
        signal(SIGPIPE, SIG_IGN)  // a closed stdout must come back as EPIPE, not kill us silently
        let i3bar = options.template == nil && options.format == .i3bar
        if i3bar {
            guard WatchPrinter.emit(I3barRenderer.header), WatchPrinter.emit("[") else { return .ok }
        }
        let printer = WatchPrinter(viewModel: session.viewModel, renderer: options.renderer(colorTerminal: true), i3bar: i3bar,
                                   alerts: context.settings.alerts, logger: context.logger,
                                   places: session.places, drawsPlaces: options.template == nil && (options.format ?? .plain).isBar)
        let controller = WatchController(context: context, session: session, listensForClicks: i3bar, seedsFromStore: subscription == nil)
        let configuration = ServiceGroupConfiguration(
            // Graceful shutdown runs in reverse order: the printer stops first (after the line in
            // progress), then the controller, then the hang-up watch. The printer ending shuts the
            // group down: stdout closed (a write fails, or the hang-up watch finished the view model).
            services: [.init(service: HangUpWatch(viewModel: session.viewModel)),
                       .init(service: controller),
                       .init(service: printer, successTerminationBehavior: .gracefullyShutdownGroup)],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: context.logger)
        try await ServiceGroup(configuration: configuration).run()
        await ChildProcess.endAll()
        return .ok
    }
}

/// Turns ticks, clicks and signals into the view model's inputs for `watch`.
struct WatchController: Service {
    let context: AppContext
    let session: Session
    let listensForClicks: Bool
    /// False for an MQTT source: the publisher's retained state arrives at once instead.
    var seedsFromStore = true

    func run() async throws {
        let listensForClicks = self.listensForClicks
        let places = session.places
        let loop = ControllerLoop(session: session, signals: [.sigusr1, .sigusr2], extraSources: { continuation in
            guard listensForClicks else { return nil }
            let clicks = ClickReader.start { button in
                switch button {
                case 4: continuation.yield(.nextStandard(step: -1))
                case 2 where places.cycles: continuation.yield(.nextPlace)
                case 2, 5: continuation.yield(.nextStandard(step: 1))
                case 3: continuation.yield(.toggleCompact)
                default: continuation.yield(.userRefresh)
                }
            }
            return { clicks.cancel() }
        }, reload: nil)
        let stored = seedsFromStore ? context.storePolicy.stored(session.cache)?.conditions : nil
        // An MQTT source (no store to seed from) reads no sensor: the publisher does.
        await loop.run(stored: stored, timing: context.settings.loopTiming(readsSensors: seedsFromStore))
    }
}

/// Prints one line per change of what the bar shows (the clock alone is no change: a poll
/// that brings the same data prints nothing, so the bar is not redrawn every interval).
/// Returns when stdout is closed, which ends the group.
struct WatchPrinter: Service {
    let viewModel: MainViewModel
    let renderer: any Renderer
    let i3bar: Bool
    /// `[alerts]`: every reading counts, even one that prints nothing new.
    var alerts: AlertSettings?
    var logger: Logger
    /// The other places: their alerts, and a bar's `[bar] places`.
    var places: PlaceOutputs?
    /// Whether the format is a bar's, which `[bar] places` applies to.
    var drawsPlaces = false
    private let notifier = AlertNotifier()
    private let writer = StdoutWriter()

    func run() async {
        var lastKey: [String]?
        var first = true
        let viewModel = self.viewModel
        await withGracefulShutdownHandler {
        for await output in viewModel.outputs where output.isWorthDrawing {
            notifier.consider(output, settings: places?.shownAlerts ?? true ? alerts : nil, logger: logger)
            notifier.send(places?.otherAlerts(output, settings: alerts) ?? [], logger: logger, language: output.forPeople.language)
            let drawn = drawsPlaces ? places?.barOutput(output) ?? output : output
            let key = drawn.contentKey + [drawn.placesLine ?? "", drawn.conditions?.location.name ?? ""]
            guard key != lastKey else { continue }
            lastKey = key
            let text = i3bar ? (first ? "" : ",") + "[" + renderer.render(drawn) + "]" : renderer.render(drawn)
            first = false
            guard await writer.write(text) else { return }  // stdout closed (the bar went away), or shutdown
        }
        } onGracefulShutdown: { [writer] in
            viewModel.stop()
            writer.abandon()  // a write stuck on a full stdout must not hold the group
        }
    }

    /// Writes one line to stdout; false once stdout is closed (EPIPE) or unwritable.
    static func emit(_ line: String) -> Bool {
        var bytes = Array((line + "\n").utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            bytes = bytes.dropFirst(n)
        }
        return true
    }
}

/// Notices the bar closing our stdout (POLLERR/POLLHUP on the pipe), even while nothing
/// changes: a thread waits in poll(2) without a timeout, so this costs no wakeups. It then
/// finishes the view model, so the printer ends and shuts the group down, and itself returns
/// only in its own turn of the shutdown: a service that returns while the group is shutting
/// another one down (SIGTERM and the bar closing at once, as when i3bar exits) is an
/// "unexpected" end to swift-service-lifecycle, and `watch` would exit 1.
struct HangUpWatch: Service {
    let viewModel: MainViewModel

    func run() async throws {
        let (closed, continuation) = AsyncStream.makeStream(of: Void.self)
        BlockingThread.run {
            var descriptor = pollfd(fd: STDOUT_FILENO, events: 0, revents: 0)
            while poll(&descriptor, 1, -1) < 0, errno == EINTR {}
            continuation.yield()
        }
        let viewModel = self.viewModel
        await cancelWhenGracefulShutdown {
            for await _ in closed {
                viewModel.stop()
                break
            }
            try? await gracefulShutdown()
        }
    }
}
