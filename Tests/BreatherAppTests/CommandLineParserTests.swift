@testable import BreatherApp
import BreatherModel
import Testing

/// The command line parsed in-process: every usage mistake's one line, and what a good line
/// asks for. (The process's exit 64 and stderr: CommandLineTests.)
@Suite("the command line, parsed in-process")
struct CommandLineParserTests {
    @Test("each usage mistake names itself in one line", arguments: [
        (["--latitude"], "Missing value for '--latitude <latitude>'"),
        (["--latitude", "--refresh"], "Missing value for '--latitude <latitude>'"),
        (["--latitude", "north", "--longitude", "0"], "The value 'north' is invalid for '--latitude <latitude>'"),
        (["--latitude", "nan", "--longitude", "0"], "The value 'nan' is invalid for '--latitude <latitude>'"),
        (["--refresh=yes"], "The flag '--refresh' takes no value"),
        (["-x"], "Unknown option '-x'"),
        (["--bogus=1"], "Unknown option '--bogus'"),
        (["frob"], "Unexpected argument 'frob'"),
        (["daemon", "extra"], "Unexpected argument 'extra'"),
        (["--log-level", "loud"], "The value 'loud' is invalid for '--log-level <log-level>'. Please provide one of the following: debug, info, warning, error"),
        (["--generate-completion-script", "tcsh"], "The value 'tcsh' is invalid for '--generate-completion-script <shell>'. Please provide one of the following: bash, zsh, fish"),
        (["--template="], "Missing value for '--template <template>'"),
        (["--output", ""], "Missing value for '--output <output>'"),
        (["--", "daemon"], "Unexpected argument 'daemon'"),
        (["aqi", "pm2_5=3", "--latitude", "1"], "breather aqi reads only --standard, --format, --language and --log-level, not --latitude"),
        (["--standard", "x\ny\u{1B}[31m"], "The value 'x\\ny\\u{1B}[31m' is invalid for '--standard <standard>'. Please provide one of the following: us, china, china-2012, eu, uk, india, canada"),
        (["help", "frob"], "Unknown subcommand 'frob'"),
        (["--language", "xx"], "The value 'xx' is invalid for '--language <language>'. Please provide one of the following: en, zh_CN, fr, de, es"),
        (["--language", "zh_TW.UTF-8"], "The value 'zh_TW.UTF-8' is invalid for '--language <language>'. Please provide one of the following: en, zh_CN, fr, de, es"),
    ])
    func usageMessages(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try CommandLineParser.parse(arguments) }
        do {
            _ = try CommandLineParser.parse(arguments)
        } catch {
            #expect(error.line == "breather: error: \(message) (see breather --help)")
        }
    }

    @Test("flags before and after the subcommand, = and separate values, the last of a repeated flag")
    func goodLine() throws {
        let invocation = try CommandLineParser.parse(["--standard=china", "watch", "--format", "waybar", "--latitude", "-33.87",
                                                      "--longitude=-70.65", "--units", "imperial", "--units", "metric"])
        guard case .run(let command, let options, let readings) = invocation else {
            Issue.record("not a run: \(invocation)")
            return
        }
        #expect(command == .watch)
        #expect(options.standard == .china && options.format == .waybar && options.units == .metric)
        #expect(options.latitude == -33.87 && options.longitude == -70.65)
        #expect(readings.isEmpty)
    }

    @Test("--source names a publisher's state for the one-shot, daemon and watch")
    func source() throws {
        guard case .run(nil, let options, _) = try CommandLineParser.parse(["--source", "mqtt://host:1884/breather/kitchen"]) else {
            Issue.record("not a one-shot")
            return
        }
        #expect(options.source?.host == "host" && options.source?.port == 1884 && options.source?.path == "breather/kitchen")
    }
}

@Suite("breather dashboard and --format svg on the command line")
struct DashboardCommandLineTests {
    @Test("dashboard -o FILE is the one-shot writing html to FILE")
    func dashboard() throws {
        guard case .run(.dashboard, let options, _) = try CommandLineParser.parse(["dashboard", "-o", "/tmp/page.html", "--standard", "eu"]) else {
            Issue.record("not the dashboard")
            return
        }
        #expect(options.format == .html && options.output == "/tmp/page.html" && options.standard == .eu)
    }

    @Test("what the dashboard and svg refuse", arguments: [
        (["dashboard", "--format", "json"], "breather dashboard always writes html; --format and --template are for the one-shot"),
        (["watch", "--format", "html"], "watch prints lines for a bar; --format html is a file: use the one-shot with --output, the daemon or breather dashboard"),
        (["--format", "svg", "--width", "8"], "The value '8' is invalid for '--width <pixels>'"),
        (["--format", "svg", "--chart", "pie"], "The value 'pie' is invalid for '--chart <chart>'. Please provide one of the following: history, forecast"),
    ])
    func refusals(arguments: [String], message: String) {
        do {
            _ = try CommandLineParser.parse(arguments)
            Issue.record("parsed")
        } catch {
            #expect(error.line == "breather: error: \(message) (see breather --help)")
        }
    }

    @Test("--format svg takes its chart and size")
    func svg() throws {
        guard case .run(nil, let options, _) = try CommandLineParser.parse(["--format", "svg", "--chart", "forecast", "--width=96", "--height", "24"]) else {
            Issue.record("not a one-shot")
            return
        }
        #expect(options.chart == .forecast && options.width == 96 && options.height == 24)
    }

    @Test("help and the completions know the subcommand")
    func helpAndCompletions() {
        #expect(HelpText.page(for: nil).contains("  dashboard  "))
        #expect(HelpText.page(for: .dashboard).hasPrefix("Usage: breather dashboard [-o FILE] [options]"))
        for shell in CompletionShell.allCases { #expect(shell.script(in: .english).contains("dashboard"), "\(shell)") }
    }
}
