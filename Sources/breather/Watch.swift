#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import BreatherCache
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

    enum Event: Sendable { case tick, click }

    func run() async throws {
        let logger = Logger(level: options.logLevel)
        let context: AppContext
        var session: PollingSession
        do {
            context = try AppContext(options: options)
            // The same gate as the daemon: Retry-After and backoff hold between polls.
            let gate = ProviderGate(baseBackoffSeconds: min(30, Double(context.settings.intervalSeconds) / 2))
            session = try PollingSession(context: context, gate: gate)
        } catch {
            logger.log(.error, error.message)
            throw ExitCode(error.status.rawValue)
        }
        signal(SIGPIPE, SIG_IGN)  // a closed stdout must come back as EPIPE, not kill us silently
        let stopSignals = Self.exitOnSignals([SIGTERM, SIGINT])
        defer { stopSignals.forEach { $0.cancel() } }

        let renderer = options.renderer(colorTerminal: true)
        let i3bar = options.template == nil && options.format == .i3bar
        let (events, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(4))
        var clicks: (any DispatchSourceRead)?
        if i3bar {
            guard Self.emit(I3barRenderer.header), Self.emit("[") else { return }
            clicks = ClickReader.start { continuation.yield(.click) }
        }
        defer { clicks?.cancel() }
        var printer = ChangePrinter(renderer: renderer, i3bar: i3bar)
        let cache = ConditionsCache(path: context.cachePath)
        // The last reading at once (stale if old), so a bar never starts blank.
        if let cached = context.usableCache(cache.load()) {
            guard printer.print(await session.seed(cached)) else { return }
        }
        let timer = RefreshTimer(configuredSeconds: context.settings.intervalSeconds).start { continuation.yield(.tick) }
        defer { timer.cancel() }
        let hangUpWatch = Self.exitWhenStdoutCloses()
        defer { hangUpWatch.cancel() }
        continuation.yield(.tick)
        for await _ in events {
            let output = await session.refresh()
            if let conditions = output.conditions, !output.isStale, conditions.pollution != nil {
                try? cache.save(conditions)  // best effort: the next start shows it at once
            }
            guard printer.print(output) else { return }  // stdout closed: the bar went away
        }
    }

    /// Prints an output only when it differs from the last one, ignoring the clock.
    struct ChangePrinter {
        let renderer: any Renderer
        let i3bar: Bool
        private var lastKey: String?
        private var first = true

        init(renderer: any Renderer, i3bar: Bool) {
            self.renderer = renderer
            self.i3bar = i3bar
        }

        /// False once stdout is closed.
        mutating func print(_ output: Output) -> Bool {
            let key = renderer.render(Watch.withoutClock(output))
            guard key != lastKey else { return true }
            lastKey = key
            let text = i3bar ? (first ? "" : ",") + "[" + renderer.render(output) + "]" : renderer.render(output)
            first = false
            return Watch.emit(text)
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
