import BreatherTestSupport
import Foundation
import Testing

@Suite("breather --version, --help and what it tells providers")
struct CommandLineTests {
    @Test("--version prints the version alone, exit 0")
    func version() async throws {
        let result = try await Sandbox().run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(result.stdout)")
    }

    @Test("--help lists every one-shot flag and the exit codes, exit 0")
    func help() async throws {
        let result = try await Sandbox().run(["--help"])
        #expect(result.status == 0)
        for flag in ["--standard", "--latitude", "--longitude", "--city", "--format", "--units", "--config", "--output",
                     "--refresh", "--log-level", "--version", "--help"] {
            #expect(result.stdout.contains(flag), "--help does not mention \(flag)")
        }
        #expect(result.stdout.contains("64 usage"))
        #expect(result.stdout.contains("78 configuration"))
    }

    @Test("each subcommand's help: `breather help daemon`, `breather daemon --help` and -h agree")
    func subcommandHelp() async throws {
        let sandbox = try Sandbox()
        for command in ["daemon", "watch", "config", "aqi"] {
            let viaHelp = try await sandbox.run(["help", command])
            let viaFlag = try await sandbox.run([command, "--help"])
            let viaShort = try await sandbox.run([command, "-h"])
            #expect(viaHelp.status == 0 && viaFlag.status == 0 && viaShort.status == 0)
            #expect(viaHelp.stdout.hasPrefix("Usage: breather \(command) "), "\(viaHelp.stdout)")
            #expect(viaHelp.stdout == viaFlag.stdout && viaFlag.stdout == viaShort.stdout)
        }
        let daemon = try await sandbox.run(["daemon", "--help"]).stdout
        #expect(daemon.contains("SIGUSR1 refresh now") && daemon.contains("--refresh"))
        let aqi = try await sandbox.run(["aqi", "--help"]).stdout
        #expect(aqi.contains("<readings>") && aqi.contains("--standard <standard>") && !aqi.contains("--latitude"))
        // Help and the version answer whatever else the line holds, a bad flag included; a word
        // that is an option's value is not a subcommand.
        let afterFlag = try await sandbox.run(["--standard", "eu", "help", "daemon"]).stdout
        let afterBadFlag = try await sandbox.run(["--bogus", "daemon", "-h"]).stdout
        let cityNamedDaemon = try await sandbox.run(["--city", "daemon", "--help"]).stdout
        #expect(afterFlag == daemon && afterBadFlag == daemon)
        #expect(cityNamedDaemon.hasPrefix("Usage: breather [options]"))
        let version = try await sandbox.run(["--standard", "mars", "--version"])
        let plainVersion = try await sandbox.run(["--version"])
        #expect(version.status == 0 && version.stdout == plainVersion.stdout)
        // watch refuses --output and aqi reads only --standard: their help does not offer the others.
        let watchHelp = try await sandbox.run(["watch", "--help"]).stdout
        let aqiHelp = try await sandbox.run(["aqi", "--help"]).stdout
        #expect(!watchHelp.contains("--output <output>") && !aqiHelp.contains("waybar"))
    }

    @Test("values: --name=value, a negative number after its option, the last of a repeated option wins")
    func optionValues() async throws {
        let sandbox = try Sandbox()
        // Southern and western coordinates start with a minus sign; they are values, not options.
        let config = try await sandbox.run(["config", "--latitude", "-33.87", "--longitude=-70.65",
                                            "--units", "imperial", "--units", "metric"])
        #expect(config.status == 0, "\(config.stderr)")
        #expect(config.stdout.contains("location.latitude = -33.87  # flag"), "\(config.stdout)")
        #expect(config.stdout.contains("location.longitude = -70.65  # flag"))
        #expect(config.stdout.contains("units = \"metric\"  # flag"))
        // `--` ends the options: a reading after it may look like one.
        let aqi = try await sandbox.run(["aqi", "--standard=eu", "--", "pm2_5=40"])
        #expect(aqi.status == 0 && aqi.stdout.hasPrefix("European AQI"), "\(aqi.stdout)\(aqi.stderr)")
    }

    @Test("a usage mistake is one line on stderr, nothing on stdout, exit 64 (each message: CommandLineParserTests)")
    func usageMessage() async throws {
        let result = try await Sandbox().run(["--standard", "x\ny\u{1B}[31m"])
        #expect(result.status == 64)
        #expect(result.stderr == "breather: error: The value 'x\\ny\\u{1B}[31m' is invalid for '--standard <standard>'. "
                + "Please provide one of the following: us, china, china-2012, eu, uk, india, canada (see breather --help)\n")
        #expect(result.stdout.isEmpty)
    }

    @Test("shell completions offer every flag, every choice and the subcommands", arguments: ["bash", "zsh", "fish"])
    func completions(shell: String) async throws {
        let sandbox = try Sandbox()
        let script = try await sandbox.run(["--generate-completion-script", shell])
        #expect(script.status == 0, "\(script.stderr)")
        let help = try await sandbox.run(["--help"]).stdout
        // Every `--flag` that --help lists, so a flag added to the parser cannot be missed here.
        let flags = Set(help.split(whereSeparator: { " \n,.;()[]".contains($0) })
            .filter { $0.hasPrefix("--") && $0.count > 2 }.map(String.init))
        #expect(flags.count >= 14, "\(flags)")
        for flag in flags {
            let name = flag.dropFirst(2)
            #expect(script.stdout.contains(shell == "fish" ? "-l \(name) " : flag), "\(shell) lacks \(flag)")
        }
        for word in ["daemon", "watch", "config", "aqi", "china-2012", "prometheus", "imperial", "nerd"] {
            #expect(script.stdout.contains(word), "\(shell) lacks \(word)")
        }
    }

    @Test("the bash completion completes a flag and a standard in a real bash")
    func bashCompletion() async throws {
        let sandbox = try Sandbox()
        let script = try await sandbox.run(["--generate-completion-script", "bash"]).stdout
        let path = sandbox.home.appendingPathComponent("breather.bash").path
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        let probe = """
            source '\(path)'
            COMP_WORDS=(breather --stan); COMP_CWORD=1; _breather; echo "${COMPREPLY[*]}"
            COMP_WORDS=(breather --standard ch); COMP_CWORD=2; _breather; echo "${COMPREPLY[*]}"
            COMP_WORDS=(breather da); COMP_CWORD=1; _breather; echo "${COMPREPLY[*]}"
            COMP_WORDS=(breather --standard = ch); COMP_CWORD=3; _breather; echo "${COMPREPLY[*]}"
            COMP_WORDS=(breather --units metric w); COMP_CWORD=3; _breather; echo "${COMPREPLY[*]}"
            COMP_WORDS=(breather watch --form); COMP_CWORD=2; _breather; echo "${COMPREPLY[*]}"
            COMPREPLY=(); COMP_WORDS=(breather watch w); COMP_CWORD=2; _breather; echo "${COMPREPLY[*]}"
            """
        let result = try await sandbox.run([], executable: "/bin/bash", executableArguments: ["-c", probe])
        // "da" is the start of two subcommands since the dashboard.
        #expect(result.stdout == "--standard\nchina china-2012\ndaemon dashboard\nchina china-2012\nwatch\n--format\n\n",
                "\(result.stdout)\(result.stderr)")
    }

    @Test("every request carries User-Agent Breather/<version>")
    func userAgent() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let version = try await sandbox.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let result = try await sandbox.run(["--config", sandbox.configPath])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.userAgents.count == 2)
        #expect(server.userAgents.allSatisfy { $0 == "Breather/\(version)" }, "\(server.userAgents)")
    }
}
