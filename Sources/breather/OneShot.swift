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
        let fetcher = try context.makeFetcher()
        let location = try await context.resolveLocation()
        let cache = ConditionsCache(path: context.cachePath, maxAgeSeconds: context.settings.cache.maxAgeSeconds,
                                    logger: context.logger)
        let cacheKey = ConditionsCache.key(for: location, sources: context.settings.sources)
        let refresh = options.refresh
        let fetch: @Sendable () async -> CityConditions = {
            if !refresh, let cached = cache.fresh(key: cacheKey) { return cached }
            let fetched = await fetcher.fetch(at: location)
            cache.save(fetched, key: cacheKey)
            return fetched
        }
        let viewModel = MainViewModel(
            environment: .init(fetch: fetch, units: context.settings.units,
                               staleAfterSeconds: context.settings.cache.maxAgeSeconds),
            standard: context.settings.standard)
        viewModel.inputs.viewDidRefresh()
        viewModel.finish()
        var last: Output?
        for await output in viewModel.outputs { last = output }
        guard let output = last else { return .unavailable }

        let format = options.format ?? .plain
        let text = format.renderer.render(output)
        if let path = options.output {
            do { try AtomicFile.write(text + "\n", to: path) } catch {
                throw CommandFailure(status: .unavailable, message: "\(error)")
            }
        } else {
            Console.out(text)
        }
        return report(output, logger: context.logger)
    }

    /// Says on stderr what failed and picks the exit code: the air-quality index is the main
    /// job, so its absence decides; a missing weather or asthma part is a warning and exit 0.
    /// A failure that a fallback source covered is only a warning.
    private func report(_ output: Output, logger: Logger) -> ExitStatus {
        let conditions = output.conditions
        var missing: Set<ProviderFailure.Part> = []
        if output.airQuality == nil { missing.insert(.air) }
        if conditions?.weather == nil { missing.insert(.weather) }
        if conditions?.asthma == nil { missing.insert(.asthma) }
        for failure in output.failures {
            let level: LogLevel = failure.part == .air && missing.contains(.air) ? .error : .warning
            let retry = failure.retryAfterSeconds.map { " (retry after \($0) s)" } ?? ""
            logger.log(level, "\(failure.provider) (\(failure.part.rawValue)): \(failure.message)\(retry)")
        }
        let uncovered = output.failures.filter { missing.contains($0.part) }
        if uncovered.contains(where: { $0.kind == .configuration }) { return .configuration }
        guard missing.contains(.air) else { return .ok }
        if let lastAir = uncovered.last(where: { $0.part == .air }) { return ExitStatus(lastAir.kind) }
        // Air data arrived but cannot be indexed under the asked standard.
        logger.log(.error, "\(conditions?.pollution?.source ?? "air source"): \(output.error ?? "no index for \(output.standard.rawValue)")")
        return .unavailable
    }

    private func fail(_ failure: CommandFailure, logger: Logger) -> ExitStatus {
        logger.log(.error, failure.message)
        return failure.status
    }
}
