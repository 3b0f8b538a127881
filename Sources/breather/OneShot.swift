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
        let cached = options.refresh ? nil : context.usableCache(cache.fresh(maxAgeSeconds: context.settings.cache.maxAgeSeconds))
        let viewModel: MainViewModel
        if let cached {
            // Young enough: no request at all (a bar refreshing every few seconds must not
            // burn provider quotas).
            context.logger.log(.debug, "served from the cache \(cache.path)")
            viewModel = MainViewModel(environment: .init(fetch: { cached }, units: context.settings.units,
                                                         staleAfterSeconds: context.settings.cache.maxAgeSeconds,
                                                         icons: context.settings.icons),
                                      standard: context.settings.standard)
            viewModel.seed(with: cached)
        } else {
            let fetcher = try context.makeFetcher()
            let location = try await context.resolveLocation()
            viewModel = MainViewModel(
                environment: .init(fetch: { await fetcher.fetch(at: location) }, units: context.settings.units,
                                   staleAfterSeconds: context.settings.cache.maxAgeSeconds, icons: context.settings.icons),
                standard: context.settings.standard)
            viewModel.inputs.viewDidRefresh()
        }
        viewModel.finish()
        var last: Output?
        for await output in viewModel.outputs { last = output }
        guard let output = last else { return .unavailable }
        // Only a complete answer is kept for the next runs: a partial one would hide, for
        // max_age, a part that a new request (or another source) could have brought.
        if cached == nil, let fresh = output.conditions, !output.isStale, output.failures.isEmpty, output.airQuality != nil {
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
        return report(output, logger: context.logger)
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

    /// "open-meteo (air): rate limited: … (retry after 120 s)"
    private func describe(_ failure: ProviderFailure) -> String {
        let retry = failure.retryAfterSeconds.map { " (retry after \($0) s)" } ?? ""
        return "\(failure.provider) (\(failure.part.rawValue)): \(failure.message)\(retry)"
    }

    private func fail(_ failure: CommandFailure, logger: Logger) -> ExitStatus {
        logger.log(.error, failure.message)
        return failure.status
    }
}
