#if canImport(Glibc)
import Glibc
#endif
import BreatherIO
import BreatherLocale
import BreatherConfig
import BreatherModel
import BreatherViewModel
import BreatherViews
import Logging
import Synchronization

/// The daemon's "views": every `[[output]]` file (and `--output`, rendered with `--format`
/// or `--template`), or stdout when no file is configured. A file is rewritten when its
/// content changes or when it has gone missing (a user or a tmpfs cleaner deleted it).
final class DaemonOutputs: Sendable {
    private let written = Mutex<[String: String]>([:])
    private let stdoutClosed = Atomic<Bool>(false)

    /// True once a line for stdout could not be written (EPIPE: its reader went away).
    var isStdoutClosed: Bool { stdoutClosed.load(ordering: .relaxed) }

    /// Renders `output` to every sink; returns true when any file changed.
    @discardableResult
    /// The html and svg files draw `history`'s past hours, read once per output when one does.
    /// A file with `place` shows that place from what `places` has on hand (none yet: not written).
    func show(_ output: Output, settings: Settings, options: CommonOptions, history: HistorySlot? = nil, places: PlaceOutputs? = nil,
              logger: Logger) -> Bool {
        let charts = ChartSource(output: output, history: history, refreshSeconds: settings.intervalSeconds, withLog: settings.log.dashboard,
                                 places: places)
        var targets: [(path: String, renderer: any Renderer, output: Output)] = []
        for file in settings.outputs {
            guard let (placed, placeCharts) = Self.placed(file, output, places: places, history: history, settings: settings) else { continue }
            let renderer = file.format == .prometheus && file.place == nil ? places?.prometheus(output) : nil
            targets.append((file.path, renderer ?? placeCharts?.filled(file.renderer) ?? charts.filled(file.renderer), placed))
        }
        // --output adds a file (the systemd units use it for %t/breather/); [[output]] files stay.
        let barOutput = options.template == nil && (options.format ?? .plain).isBar ? places?.barOutput(output) ?? output : output
        if let path = options.output, !targets.contains(where: { $0.path == path }) {
            let prometheus = options.template == nil && options.format == .prometheus ? places?.prometheus(output) : nil
            targets.append((path, prometheus ?? charts.filled(options.renderer(colorTerminal: false)), barOutput))
        }
        var changed = false
        if targets.isEmpty {
            // No files configured: a line on stdout per change (handy in a terminal).
            let text = charts.filled(options.renderer(colorTerminal: true)).render(barOutput)
            changed = written.withLock { memory in
                defer { memory["-"] = text }
                return memory["-"] != text
            }
            if changed, !Console.out(text) { stdoutClosed.store(true, ordering: .relaxed) }
        }
        for target in targets {
            let text = target.renderer.render(target.output) + "\n"
            guard written.withLock({ $0[target.path] != text }) || access(target.path, F_OK) != 0 else { continue }
            do {
                try AtomicFile.write(text, to: target.path)
                written.withLock { $0[target.path] = text }
                changed = true
            } catch {
                // Logged once per failing file and message, not on every poll.
                let key = "error:\(target.path)"
                // In the people's language (the journal's reader), the path and reason as they are.
                let message = L10n.$language.withValue(output.forPeople.language) { error.forPeople }
                if written.withLock({ memory in defer { memory[key] = message }; return memory[key] != message }) {
                    logger.log(.error, "output: \(message)")
                }
            }
        }
        return changed
    }

    /// What `file` shows: `output` (with no chart source of its own), or its `place`'s output
    /// and charts when that is another place; nil when nothing is known of that place yet.
    static func placed(_ file: OutputSettings, _ output: Output, places: PlaceOutputs?, history: HistorySlot?,
                       settings: Settings) -> (Output, ChartSource?)? {
        guard let name = file.place, let places, name != places.shown else {
            return (file.format.isBar ? places?.barOutput(output) ?? output : output, nil)
        }
        guard let placed = places.output(of: name, standard: output.standard) else { return nil }
        return (placed, ChartSource(output: placed, history: history, refreshSeconds: settings.intervalSeconds, withLog: settings.log.dashboard,
                                    places: places, place: name))
    }

    /// Forgets what was written, so the next output rewrites every file (after a reload).
    func reset() { written.withLock { $0 = [:] } }

    /// A one-line summary for `systemctl status` (STATUS=).
    static func status(_ output: Output) -> String {
        // The plain line already ends with the staleness when stale.
        PlainRenderer().render(output).split(whereSeparator: { $0 == "\n" }).joined(separator: " ")
    }
}
