import BreatherConfig
import BreatherLocale
import CProcess
#if canImport(Glibc)
import Glibc
#endif

/// `breather`: with no subcommand, the one-shot run: fetch, render once, print or write, exit.
/// The executable's `main.swift` calls `main()`; everything else is this library's, so tests
/// reach it in-process.
public enum Breather {
    /// The version `--version` prints and the User-Agent names.
    public static let version = "0.1.0"

    static let help = CommandHelp(
        abstract: "Air quality, weather and asthma risk for your status bar.",
        discussion: "Exit codes: 0 ok, 64 usage, 65 unreadable provider data, 69 every provider failed, "
            + "75 temporary (timeout, rate limit), 78 configuration (bad file, missing or rejected key). "
            + "With --source mqtt://HOST[:PORT]/TOPIC_PREFIX (or [sources] state) it renders the state a Breather daemon "
            + "publishes over MQTT, asking no provider: 69 when the broker cannot be reached or holds no state, "
            + "78 when it refuses the login.")

    /// Parses the command line and runs what it asks for. A usage error is one line on stderr and
    /// exit 64: a bar or a systemd journal shows one line, and that line must say what was wrong.
    public static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // Before anything else: a SIGHUP/SIGUSR1/SIGUSR2/SIGRTMIN+1/+2 that arrives while the daemon starts
        // (systemd may reload it at once) must not take the default action, which ends the
        // process. The daemon's and watch's signal sources take them over once they run.
        for number in [SIGHUP, SIGUSR1, SIGUSR2, RealTimeSignals.compactToggle, RealTimeSignals.previousStandard] { signal(number, SIG_IGN) }
        // Quiet libdispatch (ProcessEnvironment).
        ProcessEnvironment.prepare()
        // Before any other thread starts: one arena saves 0.3-1 MB of the daemon's and watch's
        // RSS and a heap to map per thread (docs/PERFORMANCE.md).
        cprocess_use_one_malloc_arena()
        let invocation: Invocation
        switch CommandLineParser.parseForPeople(arguments) {
        case .success(let parsed): invocation = parsed
        case .failure(let error):
            // In the line's `--language`, else the environment's (`messageLanguage`).
            Console.err(error.text)
            exit(ExitStatus.usage.rawValue)
        }
        // The signals Breather handles were blocked since the binary loaded (cprocess.c), so
        // none sent before now was fatal. The daemon and watch keep them blocked: their signal
        // sources read them through a signalfd, which needs exactly that. The other commands
        // handle none and let them through (a SIGTERM pending since start ends them now).
        switch invocation {
        case .run(.daemon, _, _), .run(.watch, _, _): break
        default: cprocess_unblock_handled_signals()
        }
        switch invocation {
        case .version: Console.out(version)
        case .help(let command, let request): Console.out(HelpText.page(for: command, language: HelpText.language(for: request)))
        case .completionScript(let shell, let request): Console.out(shell.script(in: HelpText.language(for: request)), newline: false)
        case .history(let options): exit(HistoryCommand(options: options).run().rawValue)
        case .log(let options): exit(LogCommand(options: options).run().rawValue)
        case .insights(let options): exit(InsightsCommand(options: options).run().rawValue)
        case .run(let command, let options, let readings):
            // Every command's tasks on Breather's own executor, run by this thread, never on
            // Swift's global pool: once that pool has run a job, libdispatch wakes the process
            // every second for as long as it lives (LoopExecutor says more).
            Task(executorPreference: LoopExecutor.shared) {
                await runAndExit(command, options: options, readings: readings)
            }
            LoopExecutor.shared.runForever()
        }
    }

    /// Runs `command` and exits with its status.
    private static func runAndExit(_ command: Subcommand?, options: CommonOptions, readings: [String]) async -> Never {
        let status: ExitStatus
        if options.source != nil, ![nil, .daemon, .watch, .dashboard].contains(command) {
            Console.err(L10n.$language.withValue(options.language ?? Language.fromEnvironment(Environment.get)) {
                tr("--source is for the one-shot, `breather daemon` and `breather watch` (reading a publishing daemon's state)")
            })
            cprocess_exit_now(ExitStatus.usage.rawValue)
        }
        switch command {
        case nil, .dashboard: status = await OneShot(options: options).run()
        case .daemon: status = await Daemon.start(options: options)
        case .watch: status = await Watch(options: options).run()
        case .config: status = ConfigCommand(options: options).run()
        case .aqi: status = AQICommand(common: options, readings: readings).run()
        case .history, .log, .insights: status = .usage  // parsed into their own Invocation cases, never run from here
        }
        // Not exit(3): the exit handlers of libcurl's libraries cost 0.3-0.5 ms of a
        // fetching one-shot run and free nothing the kernel would not.
        cprocess_exit_now(status.rawValue)
    }
}
