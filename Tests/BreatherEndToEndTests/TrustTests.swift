import BreatherTestSupport
import Foundation
import Testing

/// Issue 27's checks, through the built binary: files that cannot eat each other, secrets that
/// stay secret, a FIFO that cannot hang a start, time that a clock step cannot fake, helpers
/// that start with a clean signal mask, and a click stream that cannot grow without limit.
/// (Signals before main: scripts/check-early-signals.sh.)
@Suite("trustworthy under every condition")
struct TrustTests {
    static let airVisualSources = "[sources]\nair = [\"airvisual\"]\nweather = [\"airvisual\"]\nasthma = [\"estimate\"]"
    static let airVisualRoutes: [String: Route] = ["/v2/nearest_city": .fixture("iqair-airvisual/nearest_city.success.json")]

    @Test("an [[output]] that is the config file (also through a symlink): exit 78 naming both, config untouched",
          arguments: [[], ["daemon"], ["config"]])
    func outputIsTheConfig(command: [String]) async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        let link = sandbox.home.appendingPathComponent("status.txt").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: sandbox.configPath)
        try sandbox.writeConfig(server: server, extra: "[[output]]\npath = \"\(link)\"\nformat = \"plain\"")
        let before = try String(contentsOfFile: sandbox.configPath, encoding: .utf8)
        let result = try await sandbox.run(command + ["--config", sandbox.configPath], timeout: 20)
        #expect(result.status == 78)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("[[output]] path \"\(link)\" is the same file as the config file \"\(sandbox.configPath)\""),
                "\(result.stderr)")
        #expect(try String(contentsOfFile: sandbox.configPath, encoding: .utf8) == before)
        #expect(server.requests.isEmpty)
    }

    @Test("--output that is the conditions cache, or two outputs that are one file: exit 78")
    func outputIsTheCacheOrAnotherOutput() async throws {
        let sandbox = try Sandbox()
        let cache = sandbox.home.appendingPathComponent("cache/breather/conditions.json").path
        try sandbox.writeConfig("[location]\nlatitude = 1\nlongitude = 2\n")
        let onCache = try await sandbox.run(["--config", sandbox.configPath, "--output", cache])
        #expect(onCache.status == 78)
        #expect(onCache.stderr.contains("--output \"\(cache)\" is the same file as the conditions cache \"\(cache)\""), "\(onCache.stderr)")
        let history = sandbox.home.appendingPathComponent("state/breather/history.sqlite3").path
        let onHistory = try await sandbox.run(["--config", sandbox.configPath, "--output", history],
                                              environment: ["XDG_STATE_HOME": sandbox.home.appendingPathComponent("state").path])
        #expect(onHistory.status == 78)
        #expect(onHistory.stderr.contains("is the same file as the history store \"\(history)\""), "\(onHistory.stderr)")
        let out = sandbox.home.appendingPathComponent("out").path
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: sandbox.home.appendingPathComponent("alias").path, withDestinationPath: out)
        try sandbox.writeConfig("""
            [[output]]
            path = "\(out)/a.txt"
            [[output]]
            path = "\(sandbox.home.path)/alias/a.txt"
            format = "json"
            """)
        let twice = try await sandbox.run(["config", "--config", sandbox.configPath])
        #expect(twice.status == 78)
        #expect(twice.stderr.contains("is the same file as the [[output]] path \"\(out)/a.txt\""), "\(twice.stderr)")
    }

    @Test("a key file of several lines, 10 KB or binary: exit 78, and no byte of it in any output or request",
          arguments: ["several", "large", "binary"])
    func badKeyFile(kind: String) async throws {
        let server = try await FixtureServer.start(routes: Self.airVisualRoutes)
        let sandbox = try Sandbox()
        let keyFile = sandbox.home.appendingPathComponent("airvisual.key").path
        let content: [UInt8] = switch kind {
        case "several": Array("zqxkey1\nzqxkey2\n".utf8)
        case "large": Array(String(repeating: "zqxkey", count: 1700).utf8)
        default: [0x7A, 0x71, 0x78, 0x00, 0xC3, 0x28, 0x6B, 0x65, 0x79]
        }
        try Data(content).write(to: URL(fileURLWithPath: keyFile))
        chmod(keyFile, 0o600)
        try sandbox.writeConfig(server: server, extra: Self.airVisualSources)
        let text = try String(contentsOfFile: sandbox.configPath, encoding: .utf8)
        try sandbox.writeConfig(text.replacingOccurrences(of: "[providers.airvisual]\n", with: "[providers.airvisual]\nkey_file = \"\(keyFile)\"\n"))
        for command in [["--format", "json"], ["config"]] {
            let result = try await sandbox.run(command + ["--config", sandbox.configPath])
            #expect(result.status == 78, "\(result.stderr)")
            #expect(result.stderr.contains("\(keyFile): the key file "), "\(result.stderr)")
            #expect(!result.stdout.contains("zqx") && !result.stderr.contains("zqx"), "\(result.stdout)\(result.stderr)")
        }
        #expect(server.requests.isEmpty, "\(server.requests)")
    }

    @Test("a key file others can read: one warning; breather config shows no URL user or password")
    func sharedKeyFileAndURLCredentials() async throws {
        let server = try await FixtureServer.start(routes: Self.airVisualRoutes)
        let sandbox = try Sandbox()
        let keyFile = sandbox.home.appendingPathComponent("airvisual.key").path
        try "zqx-shared-key\n".write(toFile: keyFile, atomically: false, encoding: .utf8)
        chmod(keyFile, 0o644)
        try sandbox.writeConfig(server: server, extra: Self.airVisualSources)
        let text = try String(contentsOfFile: sandbox.configPath, encoding: .utf8)
        try sandbox.writeConfig(text.replacingOccurrences(of: "[providers.airvisual]\n", with: "[providers.airvisual]\nkey_file = \"\(keyFile)\"\n")
            .replacingOccurrences(of: "[providers.propeller]\nbase_url = \"http://", with: "[providers.propeller]\nbase_url = \"http://zqxuser:zqxpass@"))
        let result = try await sandbox.run(["--config", sandbox.configPath])
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("can be read by other users") }
        #expect(warnings == ["breather: warning: \(keyFile): the key file can be read by other users (mode 0644): chmod 600 \(keyFile)"],
                "\(result.stderr)")
        let config = try await sandbox.run(["config", "--config", sandbox.configPath])
        #expect(config.status == 0, "\(config.stderr)")
        #expect(config.stdout.contains("providers.propeller.base_url = \"http://REDACTED@127.0.0.1:"), "\(config.stdout)")
        #expect(!config.stdout.contains("zqx") && !config.stderr.contains("zqx-shared"), "\(config.stdout)")
    }

    @Test("once a key is loaded the daemon cannot dump core")
    func noCoreDumpWithAKey() async throws {
        let server = try await FixtureServer.start(routes: Self.airVisualRoutes)
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, sources: Self.airVisualSources)
        let daemon = try DaemonProcess(sandbox: sandbox, environment: ["BREATHER_AIRVISUAL_KEY": "zqx-key"])
        #expect(await waitUntil { FileManager.default.fileExists(atPath: sandbox.jsonOutput) }, "\(daemon.stderr)")
        let limits = try String(contentsOfFile: "/proc/\(daemon.pid)/limits", encoding: .utf8)
        let core = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") }
        #expect(core?.split(separator: " ", omittingEmptySubsequences: true).dropFirst(4).prefix(2) == ["0", "0"], "\(limits)")
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0)
    }

    @Test("a FIFO as the config: exit 78 at once, not a hang")
    func fifoConfig() async throws {
        let sandbox = try Sandbox()
        let fifo = sandbox.home.appendingPathComponent("config.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for command in [[], ["config"], ["daemon"]] {
            let result = try await sandbox.run(command + ["--config", fifo], timeout: 30)
            #expect(result.status == 78)
            // Alone it takes milliseconds; a start on a loaded machine took 6 s (stress-ng --cpu 4
            // on two cores). A blocked open never ends by itself: killed after 30 s, no 78.
            #expect(result.seconds < 20, "\(result.seconds) s")
            #expect(result.stderr.contains("\(fifo): the config file is not a regular file (a FIFO), not read"), "\(result.stderr)")
        }
    }

    @Test("a cache dated a year ahead while the provider fails: shown stale, exit 0, and the next one-shot asks again")
    func cacheDatedAhead() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        #expect(try await sandbox.run(["--config", sandbox.configPath]).status == 0)
        let cache = sandbox.home.appendingPathComponent("cache/breather/conditions.json").path
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cache))) as? [String: Any])
        let yearAhead = Date().timeIntervalSince1970 + 366 * 86_400
        json["fetched_at_unix"] = yearAhead
        json["parts_fetched_at_unix"] = ["air": yearAhead, "weather": yearAhead, "asthma": yearAhead]
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: cache))
        try server.setRoutes(["/v1/forecast": .json("{}", status: 503), "/aq/v1/air-quality": .json("{}", status: 503)])
        let asked = server.requests.count
        let failed = try await sandbox.run(["--config", sandbox.configPath, "--format", "json"])
        #expect(failed.status == 0, "\(failed.stderr)")
        let shown = try #require(try JSONSerialization.jsonObject(with: Data(failed.stdout.utf8)) as? [String: Any])
        #expect(shown["stale"] as? Bool == true, "\(failed.stdout)")
        #expect((shown["air_quality"] as? [String: Any])?["aqi"] as? Int == 112)
        #expect(server.requests.count > asked)
        // The failed fetch did not make the old data "fetched now": the next one-shot asks again.
        let askedBefore = server.requests.count
        let next = try await sandbox.run(["--config", sandbox.configPath])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(server.requests.count > askedBefore, "the second one-shot answered from the store")
        #expect(next.stdout.contains("stale"), "\(next.stdout)")
    }

    @Test("an on_update helper starts with no signal blocked or ignored")
    func helperSignalMask() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        let status = sandbox.home.appendingPathComponent("hook-status.txt").path
        try sandbox.writeDaemonConfig(server: server, top: "on_update = [\"sh\", \"-c\", \"grep -E '^Sig(Blk|Ign)' /proc/self/status > \(status).tmp && mv \(status).tmp \(status)\"]")
        let daemon = try DaemonProcess(sandbox: sandbox)
        #expect(await waitUntil { FileManager.default.fileExists(atPath: status) }, "\(daemon.stderr)")
        let lines = try String(contentsOfFile: status, encoding: .utf8).split(separator: "\n")
        let masks = lines.compactMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) }
        // HUP, INT, USR1, USR2, PIPE, TERM, RTMIN+1 and RTMIN+2 (bit N-1 for signal N). Other ignored
        // signals come from whoever started the daemon (here, the test runner), not from Breather.
        let handled: UInt64 = (1 << 0) | (1 << 1) | (1 << 9) | (1 << 11) | (1 << 12) | (1 << 14) | (1 << 34) | (1 << 35)
        #expect(masks.count == 2 && masks[0] == 0 && masks[1] & handled == 0, "\(lines)")
    }

    @Test("watch: a click line without a newline is dropped at 4 KiB, not buffered; clicks go on working")
    func clickLineCapped() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "interval = \"1h\"")
        let watch = try WatchProcess(sandbox, ["--format", "i3bar"])
        // The header, "[", the loading state and the reading.
        #expect(await watch.waitForLines(4).count == 4)
        let pid = watch.process.processIdentifier
        let before = try #require(residentKiB(pid))
        // 16 MiB, twice the bound below: a reader that kept the line would hold all of it. (32 MiB
        // cost the debug binary 3.5 s of CPU scanning it, for the same verdict.)
        let chunk = String(repeating: "x", count: 1 << 20)
        try await offThePool { for _ in 0..<16 { watch.send(chunk) } }
        // The writes have returned, so the reader has taken in all but a pipe's buffer of the line:
        // a reader holding it would be 16 MiB larger now. (After the newline below it may have
        // handed the memory back: this is the check that sees a line buffered whole.)
        let during = try #require(residentKiB(pid))
        #expect(during - before < 8 * 1024, "RSS grew from \(before) KiB to \(during) KiB while reading a 16 MiB line")
        // Once the reader has taken it all in, a click on a line of its own still refreshes.
        try server.setRoutes(openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        watch.send("\n{\"name\":\"breather\",\"button\":1}\n")
        #expect(await waitUntil { watch.lines.last?.contains("AQI 28") == true }, "\(watch.lines.suffix(2))")
        let after = try #require(residentKiB(pid))
        #expect(after - before < 8 * 1024, "RSS grew from \(before) KiB to \(after) KiB reading a 16 MiB line")
        #expect(await watch.terminate() == 0)
    }
}

/// VmRSS of a process in KiB, nil when it is gone.
func residentKiB(_ pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
    return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
}
