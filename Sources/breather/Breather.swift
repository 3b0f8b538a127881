#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import BreatherModel
import BreatherViewModel
import BreatherViews

/// `breather`: with no subcommand, the one-shot run: fetch, render once, print or write, exit.
@main
struct Breather: AsyncParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "breather",
        abstract: "Air quality, weather and asthma risk for your status bar.",
        discussion: """
            Exit codes: 0 ok, 64 usage, 65 unreadable provider data, 69 every provider failed, \
            75 temporary (timeout, rate limit), 78 configuration (bad file, missing or rejected key).
            """,
        version: version,
        subcommands: [DaemonCommand.self, Watch.self, ConfigCommand.self, AQICommand.self])

    @OptionGroup var options: CommonOptions

    /// Parses and runs like ArgumentParser's own entry point, except that a usage error is one
    /// line on stderr (exit 64) instead of the error, a list of values and the whole usage: a
    /// bar or a systemd journal shows one line, and that line must say what was wrong.
    @MainActor static func main() async {
        // `--version` alone skips the parser, whose reflection is most of a short run's time
        // (README "Speed and size").
        if CommandLine.arguments.dropFirst().elementsEqual(["--version"]) { return print(version) }
        // Before anything else: a SIGHUP/SIGUSR1/SIGUSR2/SIGRTMIN+1 that arrives while the daemon starts
        // (systemd may reload it at once) must not take the default action, which ends the
        // process. The daemon's and watch's signal sources take them over once they run.
        for number in [SIGHUP, SIGUSR1, SIGUSR2, CompactToggleSignal.number] { signal(number, SIG_IGN) }
        // libdispatch asks for a thread priority an unprivileged process may not have and
        // logs the refusal to syslog; the priority changes nothing for Breather (a user's own
        // LIBDISPATCH_LOG wins).
        setenv("LIBDISPATCH_LOG", "NO", 0)
        do {
            var command = try parseAsRoot()
            if let asyncCommand = command as? any AsyncParsableCommand {
                // Every command's tasks on Breather's own thread (LoopExecutor), never on Swift's
                // global pool: once that pool has run a job, libdispatch wakes the process every
                // second for as long as it lives.
                // The command value is handed over whole: nothing else holds it.
                nonisolated(unsafe) var handedOver = asyncCommand
                try await withTaskExecutorPreference(LoopExecutor.shared) { try await handedOver.run() }
            } else {
                try command.run()
            }
        } catch {
            let message = message(for: error)
            guard exitCode(for: error) == .validationFailure, !message.isEmpty else { exit(withError: error) }
            Console.err(UsageMessage.oneLine(message))
            exit(withError: ExitCode(ExitStatus.usage.rawValue))
        }
    }

    func run() async throws {
        let status = await OneShot(options: options).run()
        if status != .ok { throw ExitCode(status.rawValue) }
    }
}

/// Flags shared by the one-shot run, `daemon` and `watch`. API keys are never flags: they
/// would show in `ps`.
struct CommonOptions: ParsableArguments {
    @Option(help: "Air-quality standard (default us; china is HJ 633-2026).")
    var standard: AQIStandard?

    @Option(help: "Latitude in degrees, -90 to 90; needs --longitude.")
    var latitude: Double?

    @Option(help: "Longitude in degrees, -180 to 180; needs --latitude.")
    var longitude: Double?

    @Option(help: "A place name, geocoded through Open-Meteo.")
    var city: String?

    @Option(help: "Output format (default plain).")
    var format: OutputFormat?

    @Option(help: "Units (default metric).")
    var units: Units?

    @Option(help: "Weather condition icons: none, emoji or nerd (Nerd Fonts) (default none).")
    var icons: Icons?

    @Option(help: "Render with a template instead of --format, e.g. \"{city} {aqi} {category}\"; placeholders are the json display keys plus raw values.")
    var template: String?

    @Option(name: .customLong("config"), help: "Config file (TOML).")
    var configPath: String?

    @Option(help: "Write the output to this file atomically instead of stdout.")
    var output: String?

    @Flag(help: "Ignore the cache and fetch now.")
    var refresh = false

    @Option(help: "Log level.")
    var logLevel: LogLevel = .warning

    func validate() throws {
        if (latitude == nil) != (longitude == nil) {
            throw ValidationError("--latitude and --longitude must be given together")
        }
        if let latitude, !(-90...90).contains(latitude) { throw ValidationError("--latitude must be between -90 and 90") }
        if let longitude, !(-180...180).contains(longitude) { throw ValidationError("--longitude must be between -180 and 180") }
        if city != nil && latitude != nil { throw ValidationError("give either --city or --latitude/--longitude, not both") }
        if let city, city.trimmingWhitespace().isEmpty { throw ValidationError("--city needs a place name") }
        if template != nil && format != nil { throw ValidationError("give either --template or --format, not both") }
        if let template {
            do { _ = try TemplateRenderer(template) } catch { throw ValidationError("--template: \(error)") }
        }
    }
}

extension AQIStandard: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}
extension Units: ExpressibleByArgument {}
extension Icons: ExpressibleByArgument {}
extension LogLevel: ExpressibleByArgument {}
