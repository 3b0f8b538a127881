import BreatherIO
import BreatherCache
import BreatherConfig
import BreatherModel
import BreatherProviders
import BreatherViewModel
import BreatherViews

/// The one-shot "view controller": turns start-up into `aqiStandard` + `viewDidRefresh`,
/// renders the view model's final output once, and maps what failed to an exit code.
struct OneShot {
    var options: CommonOptions

    func run() async -> ExitStatus {
        let context: AppContext
        do {
            context = try AppContext(options: options)
        } catch {
            return fail(error, logger: Logger(level: options.logLevel))
        }
        do {
            return try await run(context)
        } catch {
            return fail(error, logger: context.logger)
        }
    }

    private func run(_ context: AppContext) async throws(CommandFailure) -> ExitStatus {
        let cache = ConditionsCache(path: context.cachePath)
        // The file is read once: young enough, it answers; of any age, it is shown, marked
        // stale, when the fetch fails (`--refresh` included), so a bar keeps its last values
        // through an outage instead of going blank.
        let onDisk = context.usableCache(cache.load())
        let maxAge = context.settings.cache.maxAgeSeconds
        let cached = options.refresh ? nil : onDisk.flatMap { ConditionsCache.isFresh($0, maxAgeSeconds: maxAge) ? $0 : nil }
        let saved = cached == nil ? onDisk : nil
        let viewModel: MainViewModel
        if let cached {
            // Young enough: no request at all (a bar refreshing every few seconds must not
            // burn provider quotas).
            context.logger.log(.debug, "served from the cache \(cache.path)")
            viewModel = makeViewModel(context, fetch: { cached })
            viewModel.seed(with: cached)
        } else {
            let fetch = try await makeFetch(context, canFallBack: saved != nil)
            viewModel = makeViewModel(context, fetch: fetch)
            if let saved { viewModel.seed(with: saved) }
            viewModel.inputs.viewDidRefresh()
        }
        viewModel.finish()
        var last: Output?
        for await output in viewModel.outputs { last = output }
        guard let output = last else { return .unavailable }
        // The refresh brought nothing to replace the saved conditions: they are what shows.
        let fellBack = saved != nil && output.conditions == saved
        // Only a complete answer is kept for the next runs: a partial one would hide, for
        // max_age, a part that a new request (or another source) could have brought.
        if cached == nil, !fellBack, let fresh = output.conditions, output.failures.isEmpty, output.airQuality != nil {
            do { try cache.save(fresh) } catch { context.logger.log(.warning, "cache: \(error)") }
        }

        let text = options.renderer(colorTerminal: options.output == nil).render(output)
        if let path = options.output {
            do { try AtomicFile.write(text + "\n", to: path) } catch {
                throw CommandFailure(status: .unavailable, message: "\(error)")
            }
        } else {
            Console.out(text)
        }
        // The [[output]] files too: run by breather.timer, the one-shot keeps them current as
        // the daemon would. A file that cannot be written is logged; the line above stands.
        for target in context.settings.outputs where target.path != options.output {
            do { try AtomicFile.write(target.format.renderer.render(output) + "\n", to: target.path) } catch {
                context.logger.log(.error, "output: \(error)")
            }
        }
        return fellBack ? reportFallback(output, logger: context.logger) : report(output, logger: context.logger)
    }

    private func makeViewModel(_ context: AppContext, fetch: @escaping @Sendable () async throws(ProviderFailure) -> CityConditions) -> MainViewModel {
        MainViewModel(environment: .init(fetch: fetch, units: context.settings.units,
                                         staleAfterSeconds: context.settings.cache.maxAgeSeconds, icons: context.settings.icons),
                      standard: context.settings.standard)
    }

    /// The fetch, with the location lookup and every provider request under one deadline
    /// (`FetchDeadline`: a hung provider must not hang the command). A location that cannot
    /// be found ends the command as before, unless saved conditions can stand in: then the
    /// failure becomes the fetch's, and the saved data shows as stale.
    private func makeFetch(_ context: AppContext, canFallBack: Bool) async throws(CommandFailure)
        -> @Sendable () async throws(ProviderFailure) -> CityConditions {
        let fetcher = try context.makeFetcher()
        let deadline = FetchDeadline(seconds: context.fetchDeadlineSeconds)
        let located: Result<Location, CommandFailure> = await deadline.run {
            do throws(CommandFailure) { return .success(try await context.resolveLocation()) } catch { return .failure(error) }
        }
        switch located {
        case .success(let location):
            return { await deadline.run { await fetcher.fetch(at: location) } }
        case .failure(let failure):
            // A wrong city or config is not an outage: no stale data hides it.
            guard canFallBack, ![.configuration, .usage].contains(failure.status) else { throw failure }
            let kind: FailureKind = switch failure.status {
            case .temporary: .timeout
            case .dataError: .badData
            default: .unavailable
            }
            let asFetchFailure = ProviderFailure(provider: "location", part: .location, kind: kind, message: failure.message)
            return { () throws(ProviderFailure) in throw asFetchFailure }
        }
    }

    /// The fetch failed and saved conditions are shown, marked stale with their age: one
    /// line (the failure that decided, as `report` would pick it, and the age) and exit 0,
    /// because the output is usable and a bar must not go blank. A configuration failure (a
    /// rejected key) still exits 78 after printing the stale data: no retry will fix it, and a
    /// script must hear of it before the cached data is days old. The other failures follow
    /// at `--log-level info`.
    private func reportFallback(_ output: Output, logger: Logger) -> ExitStatus {
        let main = output.failures.first(where: { $0.kind == .configuration })
            ?? output.failures.last(where: { $0.part == .air || $0.part == .location })
            ?? output.failures.first
        for failure in output.failures where failure != main { logger.log(.info, describe(failure)) }
        let age = output.age.isEmpty ? "" : " from \(output.age) ago"
        let line = "\(main.map(describe) ?? "no new data"); showing the cached data\(age), marked stale"
        if let main, main.kind == .configuration {
            logger.log(.error, line)
            return ExitStatus(main.kind)
        }
        logger.log(.warning, line)
        return .ok
    }

    /// Picks the exit code and says on stderr what failed: the air-quality index is the main
    /// job, so its absence decides; a missing weather or asthma part is a warning and exit 0,
    /// and so is a failure a fallback source covered. Configuration and bad-data failures of
    /// any part decide too (78, 65): waiting does not fix them, so a script must hear of them
    /// even when the air part answered. A failing run prints one error line (the decisive
    /// failure); the others follow only at `--log-level info`.
    private func report(_ output: Output, logger: Logger) -> ExitStatus {
        let conditions = output.conditions
        var missing: Set<ProviderFailure.Part> = []
        if output.airQuality == nil { missing.insert(.air) }
        if conditions?.weather == nil { missing.insert(.weather) }
        if conditions?.asthma == nil { missing.insert(.asthma) }
        let uncovered = output.failures.filter { missing.contains($0.part) }
        let decisive = uncovered.first(where: { $0.kind == .configuration })
            ?? (missing.contains(.air) ? uncovered.last(where: { $0.part == .air }) : nil)
            ?? uncovered.first(where: { $0.kind == .badData })
        for failure in output.failures where failure != decisive {
            logger.log(decisive == nil ? .warning : .info, describe(failure))
        }
        if let decisive {
            logger.log(.error, describe(decisive))
            return ExitStatus(decisive.kind)
        }
        guard missing.contains(.air) else { return .ok }
        // Air data arrived but cannot be indexed under the asked standard.
        logger.log(.error, "\(conditions?.pollution?.source ?? "air source"): \(output.error ?? "no index for \(output.standard.rawValue)")")
        return .unavailable
    }

    /// "open-meteo (air): rate limited: … (retry after 120 s)"; a location failure's message
    /// already names its provider ("open-meteo geocoding: …").
    private func describe(_ failure: ProviderFailure) -> String {
        let retry = failure.retryAfterSeconds.map { " (retry after \($0) s)" } ?? ""
        if failure.part == .location { return failure.message + retry }
        return "\(failure.provider) (\(failure.part.rawValue)): \(failure.message)\(retry)"
    }

    private func fail(_ failure: CommandFailure, logger: Logger) -> ExitStatus {
        logger.log(.error, failure.message)
        return failure.status
    }
}
