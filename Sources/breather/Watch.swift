#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import BreatherJSON
import BreatherModel
import BreatherProviders
import BreatherViewModel
import BreatherViews
import Dispatch

/// `breather watch`: the "view controller" for bars that read a child process. Polls like the
/// daemon, prints one line per change (for i3bar the protocol header, then one array element
/// per change), turns i3bar clicks into `viewDidRefresh`, and exits 0 when stdout closes or on
/// SIGTERM/SIGINT.
struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Stay running and print one line per change (for bars that read a child process).",
        discussion: "Polls every `interval` from the config. With --format i3bar it speaks the full i3bar protocol and a click refreshes.")

    @OptionGroup var options: CommonOptions

    func run() async throws {
        let logger = Logger(level: options.logLevel)
        let context: AppContext
        let fetcher: ConditionsFetcher
        let location: Location
        do {
            context = try AppContext(options: options)
            fetcher = try context.makeFetcher()
            location = try await context.resolveLocation()
        } catch {
            logger.log(.error, error.message)
            throw ExitCode(error.status.rawValue)
        }
        signal(SIGPIPE, SIG_IGN)  // a closed stdout must come back as EPIPE, not kill us silently
        let stopSignals = Self.exitOnSignals([SIGTERM, SIGINT])
        defer { stopSignals.forEach { $0.cancel() } }

        let viewModel = MainViewModel(
            environment: .init(fetch: { await fetcher.fetch(at: location) }, units: context.settings.units,
                               staleAfterSeconds: context.settings.cache.maxAgeSeconds, icons: context.settings.icons),
            standard: context.settings.standard)
        let format = options.format ?? .plain
        let renderer = options.renderer(colorTerminal: true)
        let i3bar = options.template == nil && format == .i3bar
        if i3bar {
            guard Self.emit(I3barRenderer.header), Self.emit("[") else { return }
            Self.readClicks { viewModel.inputs.viewDidRefresh() }
        }
        let timer = RefreshTimer(configuredSeconds: context.settings.intervalSeconds).start { viewModel.inputs.viewDidRefresh() }
        defer { timer.cancel() }
        let hangUpWatch = Self.exitWhenStdoutCloses()
        defer { hangUpWatch.cancel() }

        var lastKey: String?
        var first = true
        for await output in viewModel.outputs {
            // "Loading" is not worth a line: the bar keeps what it shows until the refresh ends.
            if output.isLoading { continue }
            let key = renderer.render(Self.withoutClock(output))
            guard key != lastKey else { continue }
            lastKey = key
            let text = i3bar ? (first ? "" : ",") + "[" + renderer.render(output) + "]" : renderer.render(output)
            first = false
            guard Self.emit(text) else { return }  // stdout closed: the bar went away
        }
    }

    /// The output with the clock taken out (update time, age): a poll that brings the same data
    /// prints nothing, so the bar is not redrawn every interval for an unchanged reading.
    static func withoutClock(_ output: Output) -> Output {
        var copy = output
        copy.updated = ""
        copy.age = ""
        copy.ageSeconds = nil
        copy.staleness = output.isStale ? "stale" : output.staleness
        copy.details = output.details.filter { !$0.hasPrefix("Updated ") }
        copy.conditions?.fetchedAt = Date(timeIntervalSince1970: 0)
        return copy
    }

    /// Between changes nothing is written, so a closed stdout would go unnoticed until the next
    /// change: poll the pipe once a second and exit 0 when its reader has gone (POLLERR/POLLHUP).
    static func exitWhenStdoutCloses() -> Task<Void, Never> {
        Task.detached {
            while !Task.isCancelled {
                var descriptor = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
                if poll(&descriptor, 1, 0) > 0, descriptor.revents & Int16(POLLERR | POLLHUP) != 0 { Glibc.exit(0) }
                do { try await Task.sleep(nanoseconds: 1_000_000_000) } catch { return }
            }
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

    /// Reads i3bar click events (`[`, then one JSON object per line, comma-led) on a background
    /// thread; every click object calls `onClick`. End of input just stops reading.
    static func readClicks(_ onClick: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async {
            while let line = readLine() {
                var text = Substring(line)
                while let first = text.first, first == "," || first == "[" || first == " " { text = text.dropFirst() }
                guard text.first == "{", (try? JSON.parse(String(text))) != nil else { continue }
                onClick()
            }
        }
    }

    /// SIGTERM/SIGINT end the process with status 0 between two writes (each line is one write).
    static func exitOnSignals(_ signals: [Int32]) -> [any DispatchSourceSignal] {
        // A parent may have spawned us with these blocked (Swift's Process from a worker thread).
        var unblock = sigset_t()
        sigemptyset(&unblock)
        signals.forEach { sigaddset(&unblock, $0) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        return signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { Glibc.exit(0) }
            source.resume()
            return source
        }
    }
}
