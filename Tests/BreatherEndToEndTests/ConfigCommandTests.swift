import BreatherTestSupport
import Foundation
import Testing

@Suite("breather config")
struct ConfigCommandTests {
    static let sample = SupportPaths.repository.appendingPathComponent("etc/breather.toml").path

    @Test("etc/breather.toml is accepted as shipped and with every key uncommented")
    func sampleConfig() async throws {
        let sandbox = try Sandbox()
        let shipped = try await sandbox.run(["config", "--config", Self.sample])
        #expect(shipped.status == 0, "\(shipped.stderr)")
        #expect(shipped.stdout.contains("interval = \"15m\"  # default"))

        // Uncommenting every "# key" line must give a valid config whose values are the defaults.
        let text = try String(contentsOfFile: Self.sample, encoding: .utf8)
        let uncommented = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("# ") ? String($0.dropFirst(2)) : String($0) }.joined(separator: "\n")
        // The MQTT password file is read and checked as the daemon reads it: one the user made.
        let password = sandbox.home.appendingPathComponent("mqtt.password").path
        try "zqx-sample-password\n".write(toFile: password, atomically: true, encoding: .utf8)
        chmod(password, 0o600)
        #expect(uncommented.contains("password_file = \"/etc/breather/mqtt.password\""))
        try sandbox.writeConfig(uncommented.replacingOccurrences(of: "/etc/breather/mqtt.password", with: password))
        let full = try await sandbox.run(["config", "--config", sandbox.configPath])
        #expect(full.status == 0, "\(full.stderr)")
        #expect(full.stdout.contains("interval = \"15m\"  # \(sandbox.configPath):"))
        #expect(full.stdout.contains("standard = \"us\"  # \(sandbox.configPath):"))
        // The sample is complete: every setting but the ones unset by design comes from it
        // (sources.state would make every command a subscriber: shown, not uncommented).
        let unsetByDesign = ["location.city", "bar.places", "mqtt.ca_file", "sources.state", "providers.airvisual.key_file", "providers.waqi.token_file", "providers.openweathermap.key_file"]
        let fromDefaults = full.stdout.split(separator: "\n").filter { $0.hasSuffix("# default") }
            .map { String($0.prefix { $0 != " " }) }
        #expect(fromDefaults.sorted() == unsetByDesign.sorted(), "\(full.stdout)")
        // …and `breather config` shows where each of the three provider keys would come from.
        for provider in ["airvisual", "waqi", "openweathermap"] {
            #expect(full.stdout.contains("# \(provider) key: not set"), "\(full.stdout)")
        }
    }

    @Test("an invalid config exits 78 with file:line: reason")
    func invalid() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("units = \"metric\"\ninterval = \"soon\"\n")
        let result = try await sandbox.run(["config", "--config", sandbox.configPath])
        #expect(result.status == 78)
        #expect(result.stderr.contains("\(sandbox.configPath):2: interval: must be a duration"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("a config file over 1 MiB is refused unread: exit 78, one line naming the file")
    func oversized() async throws {
        let sandbox = try Sandbox()
        let big = sandbox.home.appendingPathComponent("big.toml").path
        // Valid TOML all the way through: only the size can be the reason it is refused.
        let comment = "# " + String(repeating: "x", count: 1021) + "\n"
        try String(repeating: comment, count: 2048).write(toFile: big, atomically: true, encoding: .utf8)
        let result = try await sandbox.run(["config", "--config", big])
        #expect(result.status == 78)
        #expect(result.stderr.hasSuffix("\(big): the config file is larger than 1 MiB, not read\n"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
    }

    @Test("an interval of centuries is a config error (78), not an overflow", arguments: ["config", "daemon"])
    func hugeInterval(command: String) async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("interval = \"106751991167301d\"\n")
        let result = try await sandbox.run([command, "--config", sandbox.configPath])
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains("\(sandbox.configPath):1: interval: must be a duration from 1s to 366d"), "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("overflow"))
    }

    @Test("keys are never printed, only where they come from")
    func redacted() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("[sources]\nair = [\"airvisual\"]\n")
        let result = try await sandbox.run(["config", "--config", sandbox.configPath], environment: ["BREATHER_AIRVISUAL_KEY": "sekrit-123"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("sekrit-123") && !result.stderr.contains("sekrit-123"))
        #expect(result.stdout.contains("airvisual key: set (redacted), from env BREATHER_AIRVISUAL_KEY"))
    }
}

@Suite("logging for journald")
struct JournalLoggingTests {
    @Test("with $JOURNAL_STREAM set, log lines carry syslog priorities; without it they do not")
    func priorities() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("interval = \"5s\"\n")
        let journal = try await sandbox.run(["config", "--config", sandbox.configPath], environment: ["JOURNAL_STREAM": "8:12345"])
        #expect(journal.stderr.hasPrefix("<4>breather: warning: "), "\(journal.stderr)")
        let terminal = try await sandbox.run(["config", "--config", sandbox.configPath])
        #expect(terminal.stderr.hasPrefix("breather: warning: "), "\(terminal.stderr)")
    }
}
