import BreatherIO
import BreatherCache
import BreatherConfig
import BreatherModel
import BreatherViewModel
import BreatherViews
import Synchronization

/// The daemon's "views": every `[[output]]` file, the cache, systemd's STATUS= and the
/// on_update hook. A file is rewritten only when its content changes, and every write holds
/// `writeLock` so SIGTERM can wait for the write in progress before exiting.
final class DaemonOutputs: Sendable {
    let writeLock = Mutex<Void>(())
    private let state = Mutex<State>(State())

    private struct State {
        var written: [String: String] = [:]
        var cachedAt: CityConditions?
    }

    /// Renders `output` to every sink; returns true when any file changed.
    @discardableResult
    func show(_ output: Output, settings: Settings, options: CommonOptions, cache: ConditionsCache, logger: Logger) -> Bool {
        var targets = settings.outputs
        // --output adds a file (the systemd units use it for %t/breather/); [[output]] files stay.
        if let path = options.output, !targets.contains(where: { $0.path == path }) {
            targets.append(OutputSettings(path: path, format: options.format ?? .plain))
        }
        var changed = false
        if targets.isEmpty {
            // No files configured: a line on stdout per change (handy in a terminal).
            let text = (options.format ?? .plain).renderer.render(output)
            changed = state.withLock { s in
                defer { s.written["-"] = text }
                return s.written["-"] != text
            }
            if changed { Console.out(text) }
        }
        for target in targets {
            let text = target.format.renderer.render(output) + "\n"
            guard state.withLock({ $0.written[target.path] != text }) else { continue }
            do {
                try writeLock.withLock { _ throws(AtomicFile.WriteError) in try AtomicFile.write(text, to: target.path) }
                state.withLock { $0.written[target.path] = text }
                changed = true
            } catch {
                logger.log(.error, "output: \(error)")
            }
        }
        if let conditions = output.conditions, !output.isStale, conditions.pollution != nil,
           state.withLock({ $0.cachedAt != conditions }) {
            do {
                try writeLock.withLock { _ throws(AtomicFile.WriteError) in try cache.save(conditions) }
                state.withLock { $0.cachedAt = conditions }
            } catch {
                logger.log(.warning, "cache: \(error)")
            }
        }
        return changed
    }

    /// Forgets what was written, so the next output rewrites every file (after a reload).
    func reset() { state.withLock { $0.written = [:] } }

    /// A one-line summary for `systemctl status` (STATUS=).
    static func status(_ output: Output) -> String {
        // The plain line already ends with the staleness when stale.
        PlainRenderer().render(output).split(whereSeparator: { $0 == "\n" }).joined(separator: " ")
    }
}
