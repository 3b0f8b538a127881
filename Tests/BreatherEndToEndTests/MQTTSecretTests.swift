import BreatherTestSupport
import Foundation
import Testing

/// The MQTT password is kept like an API key: out of the hooks' environment, a file others
/// can read warned about, no core dump once it is loaded, and `breather config` refusing
/// what a run refuses.
@Suite("the MQTT password is a secret like the API keys")
struct MQTTSecretTests {
    @Test("on_update never sees BREATHER_MQTT_PASSWORD, and a daemon holding only that secret cannot dump core")
    func passwordFromTheEnvironment() async throws {
        let broker = try await MosquittoBroker.start()
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        let envFile = sandbox.home.appendingPathComponent("hook-env.txt").path
        let table = sandbox.mqttTable(broker, prefix: "breather/envpw").replacingOccurrences(of: "password_file = \"\(broker.passwordFile)\"\n", with: "")
        try sandbox.writeDaemonConfig(server: server, top: "on_update = [\"sh\", \"-c\", \"env > \(envFile)\"]", sources: table)
        let daemon = try DaemonProcess(sandbox: sandbox, environment: ["BREATHER_MQTT_PASSWORD": MosquittoBroker.password,
                                                                       "BREATHER_FUTURE_SECRET": "zqx-future", "MY_OWN_SETTING": "kept"])
        defer { daemon.send(SIGKILL) }
        #expect(await waitUntil { (try? await broker.retained("breather/envpw/state")).flatMap(jsonObject) != nil }, "\(daemon.stderr)")
        #expect(await waitUntil { ((try? String(contentsOfFile: envFile, encoding: .utf8)) ?? "").contains("HOME=") }, "\(daemon.stderr)")
        let lines = try String(contentsOfFile: envFile, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(!lines.contains { $0.contains(MosquittoBroker.password) || $0.hasPrefix("BREATHER_MQTT_PASSWORD=") || $0.contains("zqx-future") }, "\(lines)")
        #expect(lines.contains("MY_OWN_SETTING=kept"), "\(lines)")
        let limits = try String(contentsOfFile: "/proc/\(daemon.pid)/limits", encoding: .utf8)
        let core = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") }
        #expect(core?.split(separator: " ", omittingEmptySubsequences: true).dropFirst(4).prefix(2) == ["0", "0"], "\(limits)")
        let status = try String(contentsOfFile: "/proc/\(daemon.pid)/status", encoding: .utf8)
        #expect(!status.contains("CoreDumping:\t1"))
    }

    @Test("a password file others can read: one warning, from the daemon and from breather config")
    func sharedPasswordFile() async throws {
        let broker = try await MosquittoBroker.start()
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        let file = sandbox.home.appendingPathComponent("mqtt.password").path
        try "\(MosquittoBroker.password)\n".write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o644)
        try sandbox.writeDaemonConfig(server: server, sources: sandbox.mqttTable(broker, prefix: "breather/shared")
            .replacingOccurrences(of: broker.passwordFile, with: file))
        let warning = "breather: warning: \(file): the key file can be read by other users (mode 0644): chmod 600 \(file)"
        let config = try await sandbox.run(["config", "--config", sandbox.configPath])
        #expect(config.status == 0, "\(config.stderr)")
        #expect(config.stderr.split(separator: "\n").filter { $0.contains("can be read by other users") } == [Substring(warning)], "\(config.stderr)")
        let daemon = try DaemonProcess(sandbox: sandbox)
        #expect(await waitUntil { (try? await broker.retained("breather/shared/state")).flatMap(jsonObject) != nil }, "\(daemon.stderr)")
        #expect(daemon.stderr.split(separator: "\n").filter { $0.contains("can be read by other users") } == [Substring(warning)], "\(daemon.stderr)")
        #expect(!daemon.stderr.contains(MosquittoBroker.password) && !config.stdout.contains(MosquittoBroker.password))
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0)
    }

    @Test("breather config exits 78, as the run does, for a password file of two lines, a FIFO, or none with a username")
    func configRefusesWhatTheRunRefuses() async throws {
        let broker = try await MosquittoBroker.start()
        let trap = try await FixtureServer.start(routes: [:])
        let sandbox = try Sandbox()
        let twoLines = sandbox.home.appendingPathComponent("two.password").path
        try "zqx-one\nzqx-two\n".write(toFile: twoLines, atomically: true, encoding: .utf8)
        chmod(twoLines, 0o600)
        let fifo = sandbox.home.appendingPathComponent("fifo.password").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let table = sandbox.mqttTable(broker, prefix: "breather/refused")
        for variant in [table.replacingOccurrences(of: broker.passwordFile, with: twoLines),
                        table.replacingOccurrences(of: broker.passwordFile, with: fifo),
                        table.replacingOccurrences(of: "password_file = \"\(broker.passwordFile)\"\n", with: "")] {
            try sandbox.writeConfig(server: trap, extra: variant)
            let run = try await sandbox.run(["daemon", "--config", sandbox.configPath], timeout: 10)
            #expect(run.status == 78, "daemon: \(run.stderr)")
            let config = try await sandbox.run(["config", "--config", sandbox.configPath], timeout: 10)
            #expect(config.status == 78, "config: \(config.stderr) \(variant)")
            #expect(config.stderr.split(separator: "\n").count == 1, "\(config.stderr)")
            #expect(!config.stderr.contains("zqx") && !config.stdout.contains("zqx"))
        }
    }
}
