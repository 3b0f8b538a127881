#if canImport(Glibc)
import Glibc
#endif
import BreatherIO
import BreatherCache
import BreatherConfig
import BreatherLocale
import BreatherModel
import BreatherProviders
import BreatherViewModel
import BreatherViews
import CProcess
import Logging

/// The one-shot "view controller": turns start-up into the view model's inputs (the stored
/// conditions as a seed, `--standard` as `aqiStandard`, `viewDidRefresh` when the store is
/// older than `max_age`), renders the final output once, and exits with the status the view
/// model's `Output` says the run earned.
struct OneShot {
    var options: CommonOptions

    func run() async -> ExitStatus {
        let context: AppContext
        do {
            context = try AppContext(options: options, applyingStandardFlag: false)
        } catch {
            return fail(error, logger: Logger.breather(options.logLevel))
        }
        // One limit for every request the run makes ("30 s in all"): the location lookup and
        // the fetch after it. A task-local, so the view model's tasks, made inside, inherit it.
        // A bar's very first run has a shorter one (`firstBarLineSeconds`).
        let deadline = FetchDeadline(seconds: isFirstBarRun(context) ? min(Self.firstBarLineSeconds, context.fetchDeadlineSeconds)
                                                                     : context.fetchDeadlineSeconds)
        let result: Result<ExitStatus, CommandFailure> = await deadline.run {
            do throws(CommandFailure) {
                if let source = context.settings.sources.state { return .success(try await run(context, source: source)) }
                return .success(try await run(context))
            } catch { return .failure(error) }
        }
        switch result {
        case .success(let status): return status
        case .failure(let failure): return fail(failure, logger: context.logger)
        }
    }

    private func run(_ context: AppContext) async throws(CommandFailure) -> ExitStatus {
        let cache = ConditionsCache(path: context.cachePath)
        let policy = context.storePolicy
        // The store is read once: it answers when the policy says so; of any age it is shown,
        // marked stale, when the fetch fails.
        // An i3blocks click asks for fresh data as --refresh does.
        let refresh = options.refresh || Self.clickedInI3blocks()
        var found = policy.stored(cache)
        var fresh = policy.answersOneShot(found, refresh: refresh)
        // One-shots started together on an empty or old store take turns (a lock file beside
        // it): the first fetches, the others wait, within the run's deadline, and answer from
        // what it stored. Held until this run's fetch is stored.
        var storeLock: FileLock?
        if !fresh, !refresh {
            let wait = FetchDeadline.current?.remainingSeconds ?? context.fetchDeadlineSeconds
            storeLock = await FileLock.acquire(cache.path + ".lock", waitingAtMost: wait)
            found = policy.stored(cache)
            fresh = policy.answersOneShot(found, refresh: false)
            if fresh { storeLock = nil }
        }
        let stored = found?.conditions
        var location = stored?.location
        var locationFailure: ProviderFailure?
        if !fresh {
            switch try await resolveLocation(context, canFallBack: stored != nil) {
            case .success(let found): location = found
            case .failure(let failure): locationFailure = failure
            }
        }
        let sensorSeconds = context.settings.readSensorSeconds
        let session = try Session(context: context, source: .providers(ProviderSessionOptions(
            gate: nil, staleAfterSeconds: policy.oneShotStaleAfterSeconds, location: location, locationFailure: locationFailure,
            showsHistory: showsHistory(context), failedFetches: found?.failedFetches ?? 0, sensorRecordSeconds: sensorSeconds,
            rendersEveryState: false, rendersEnglish: printsForMachines(context))))
        let viewModel = session.viewModel
        var readSensors = false
        if fresh, let stored {
            context.logger.log(.debug, "answered from the store \(cache.path)")
            viewModel.seed(with: stored)
            // A standard the stored air data cannot serve makes the view model ask the next source.
            if let standard = options.standard { viewModel.inputs.aqiStandard(standard) }
            // Another place with no store entry (just added) or an old one is fetched now, not
            // when the place shown's store expires.
            await session.fetching.fetchOthersDue(FetchRequest(standard: options.standard ?? context.settings.standard))
            // A sensor on the home network has no quota: read on every run, so the bar shows the
            // air now, or the model's at once when the sensor stopped answering.
            if let sensorSeconds, Self.readsSensors(stored, intervalSeconds: sensorSeconds) {
                readSensors = true
                viewModel.inputs.sensorsDidRefresh()
            }
        } else {
            if let standard = options.standard { viewModel.inputs.aqiStandard(standard) }
            if let stored { viewModel.seed(with: stored) }
            viewModel.inputs.viewDidRefresh()
        }
        viewModel.finish()
        var final: Output?
        for await output in viewModel.outputs { final = output }
        withExtendedLifetime(storeLock) {}
        guard let output = final else { return .unavailable }

        let outputsWritten = try write(output, context: context, history: session.history, places: session.places)
        let status = report(output, fromStore: fresh, sensorsRead: readSensors, printedBarLine: options.template == nil && (options.format ?? .plain).isBar,
                            logger: context.logger)
        // An [[output]] file that cannot be written is as unavailable as --output (69), whatever
        // the format: breather.timer's files would silently go old.
        return outputsWritten ? status : .unavailable
    }

    /// The limit of a bar's very first run: i3blocks shows nothing until the command exits and
    /// tmux until it prints, so a provider hanging at first start left them blank for the whole
    /// 30 s. What arrived in this time is shown, a part that did not is marked (`–°C`, the
    /// `partial` class; with no data at all the short error and the `error` class), and the
    /// store counts the fetch as failed, so the next run asks again within a minute
    /// (`StorePolicy.retryAfterFailures`) with the whole limit.
    static let firstBarLineSeconds = 6.0

    /// True when a format the one-shot writes is for machines (json, Prometheus: English
    /// whatever the language); else only the people's copy is rendered (docs/LANGUAGES.md).
    func printsForMachines(_ context: AppContext) -> Bool {
        let printed = options.template == nil ? [options.format ?? .plain] : []
        return (printed + context.settings.outputs.map(\.format)).contains { $0 == .json || $0 == .prometheus }
    }

    /// True for a bar format's line on stdout with no store and no run before it (no lock file
    /// beside the store: every run that fetches makes one), so a provider slower than
    /// `firstBarLineSeconds` is cut once, never at every run.
    func isFirstBarRun(_ context: AppContext) -> Bool {
        guard options.template == nil, options.output == nil, (options.format ?? .plain).isBar,
              context.settings.sources.state == nil else { return false }
        return access(context.cachePath, F_OK) != 0 && access(context.cachePath + ".lock", F_OK) != 0
    }

    /// Whether a run answering from the store reads the sensors too: yes, unless a sensor failed
    /// at the last read, less than its `interval` ago (one that is off would make every run wait
    /// for its connect timeout; the store then answers, the fallback included).
    static func readsSensors(_ stored: CityConditions, intervalSeconds: Int, now: Timestamp = Timestamp.now()) -> Bool {
        let sensorFailed = stored.failures.contains(where: SensorMerge.isRetriedBySensorPoll)
        return !sensorFailed || now.timeIntervalSince(stored.fetchedAt) >= Double(intervalSeconds)
    }

    /// Whether any output of this run shows the sparkline or trend (the tooltip, json, a bar's
    /// full text, a template): plain and prometheus do not, and a one-shot printing only those
    /// skips reading the history (a cached plain run opens no database unless it reads a sensor).
    private func showsHistory(_ context: AppContext) -> Bool {
        let formats = [options.format ?? .plain] + context.settings.outputs.map(\.format)
        return options.template != nil || formats.contains { $0 != .plain && $0 != .prometheus }
    }

    /// A location that cannot be found ends the command (a wrong city is a usage error, a bad
    /// config 78), unless stored conditions can stand in for an outage: then the failure
    /// becomes the fetch's and the stored data shows as stale.
    private func resolveLocation(_ context: AppContext, canFallBack: Bool) async throws(CommandFailure) -> Result<Location, ProviderFailure> {
        do {
            return .success(try await context.resolveLocation())
        } catch {
            guard canFallBack, ![.configuration, .usage].contains(error.status) else { throw error }
            return .failure(error.asLocationFailure)
        }
    }

    /// Prints the line (or writes `--output`, which throws 69 when it cannot) and every
    /// `[[output]]` file: run by breather.timer, the one-shot keeps them current as the daemon
    /// would. False when an `[[output]]` file could not be written (each logged, naming it).
    /// The html and svg outputs draw `history`'s past hours (read once, only when one does).
    func write(_ output: Output, context: AppContext, history: HistorySlot?, places: PlaceOutputs? = nil) throws(CommandFailure) -> Bool {
        let charts = ChartSource(output: output, history: history, refreshSeconds: context.settings.intervalSeconds,
                                 withLog: context.settings.log.dashboard, places: places)
        let shown = options.template == nil && (options.format ?? .plain).isBar ? places?.barOutput(output) ?? output : output
        let prometheus = options.template == nil && options.format == .prometheus ? places?.prometheus(output) : nil
        let text = (prometheus ?? charts.filled(options.renderer(colorTerminal: options.output == nil))).render(shown)
        if let path = options.output {
            do { try AtomicFile.write(text + "\n", to: path) } catch {
                throw CommandFailure(status: .unavailable, message: L10n.$language.withValue(output.forPeople.language) { error.forPeople })
            }
        } else {
            Console.out(text)
        }
        var allWritten = true
        for target in context.settings.outputs where target.path != options.output {
            // A place not known yet (never fetched nor stored) leaves its file as it is.
            guard let (placed, placeCharts) = DaemonOutputs.placed(target, output, places: places, history: history, settings: context.settings) else { continue }
            let renderer = (target.format == .prometheus && target.place == nil ? places?.prometheus(output) : nil)
                ?? (placeCharts ?? charts).filled(target.renderer)
            do { try AtomicFile.write(renderer.render(placed) + "\n", to: target.path) } catch {
                context.logger.log(.error, "output: " + L10n.$language.withValue(output.forPeople.language) { error.forPeople })
                allWritten = false
            }
        }
        return allWritten
    }

    /// The exit code the view model's `Output.status` says the run earned, with one line on
    /// stderr when it is not a clean success. Data from the store without a fetch repeats no
    /// warning already reported by the run that fetched it (it shows in the line and the json);
    /// a run that exits with an error code says why, wherever the failure came from.
    /// A bar format exits 0 once its line is printed: bars discard the output of a failing
    /// command, so the failure lives in the line, its colour and class, and on stderr.
    /// `sensorsRead`: this run, answered from the store, read the sensors: their failures are
    /// this run's, said as a fetch's are; the stored ones only at --log-level info.
    func report(_ output: Output, fromStore: Bool, sensorsRead: Bool = false, printedBarLine: Bool, logger: Logger,
                keptData: String = "the cached data") -> ExitStatus {
        // In the people's language: the lines and the status the people's copy worked out.
        L10n.$language.withValue(output.forPeople.language) { reportLines(output.forPeople, fromStore: fromStore, sensorsRead: sensorsRead,
                                                                          printedBarLine: printedBarLine, logger: logger, keptData: keptData) }
    }

    private func reportLines(_ output: Output, fromStore: Bool, sensorsRead: Bool, printedBarLine: Bool, logger: Logger, keptData: String) -> ExitStatus {
        let status = output.status
        let others = output.failures.map { (RunStatus.describe($0), sensorsRead && SensorMerge.isRetriedBySensorPoll($0)) }.filter { $0.0 != status.line }
        // One line when something decided; the rest only at --log-level info.
        for (line, ofThisRun) in others { logger.log((fromStore && !ofThisRun) || status.line != nil ? .info : .warning, line) }
        guard let line = status.line else { return .ok }
        // A sensor that failed in this run's read decided it as a fetch's failure would.
        let sensorFailedNow = sensorsRead && output.failures.contains(where: SensorMerge.isRetriedBySensorPoll)
        let exitsWithError = status.kind != nil && !printedBarLine
        if fromStore, !sensorFailedNow, !exitsWithError {
            logger.log(.info, line)
        } else if status.showsKeptData {
            let kept = output.age.isEmpty ? tr("%s; showing %s, marked stale").filled(line, tr(keptData))
                : tr("%s; showing %s from %s ago, marked stale").filled(line, tr(keptData), output.age)
            logger.log(status.kind == nil ? .warning : .error, kept)
        } else {
            logger.log(status.kind == nil ? .warning : .error, line)
        }
        guard let kind = status.kind else { return .ok }
        return printedBarLine ? .ok : ExitStatus(kind)
    }

    /// i3blocks runs the block's command again on a click, with `BLOCK_BUTTON` set: a left
    /// click (1) asks for fresh data as `--refresh` does; other buttons answer as usual.
    static func clickedInI3blocks(_ environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) -> Bool {
        environment("BLOCK_BUTTON") == "1"
    }

    private func fail(_ failure: CommandFailure, logger: Logger) -> ExitStatus {
        logger.log(.error, failure.message)
        return failure.status
    }
}
