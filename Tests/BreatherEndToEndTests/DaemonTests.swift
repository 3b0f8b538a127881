import BreatherTestSupport
import Foundation
import Testing

/// `breather daemon` against the loopback server: writes, signals, cache. Each test has its own
/// daemon, server and sandbox, so they run side by side with the rest of the suite; every wait
/// is for an event (a file, a request, a log line, an exit) with a generous bound, off the
/// cooperative pool (`waitUntil`, `waitForExit`).
@Suite("breather daemon")
struct DaemonTests {
    static func airRequests(_ line: String) -> Bool { line.hasPrefix("/aq/v1/air-quality") }

    @Test("first write: every [[output]] appears, fresh; the process is named breather; SIGUSR1 refreshes; SIGTERM exits 0")
    func firstWriteSignalsAndStop() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server)
        let daemon = try DaemonProcess(sandbox: sandbox)
        #expect(await waitUntil { sandbox.outputsSettled },
                "\(daemon.stderr)")
        let json = try #require(readJSON(sandbox.jsonOutput))
        #expect((json["air_quality"] as? [String: Any])?["aqi"] as? Int == 112)
        #expect(json["stale"] as? Bool == false)
        // Asthma: PM2.5 40 µg/m³ this hour → AQHI-Plus ⌈4.0⌉ = 4 → medium, above the AQHI's low (issue 41).
        #expect(try String(contentsOfFile: sandbox.plainOutput, encoding: .utf8)
            == "Brooklyn · US AQI 112 Unhealthy for Sensitive Groups (PM2.5) · Partly cloudy 18°C · Asthma medium\n")
        let before = server.requests.filter(Self.airRequests).count
        #expect(before == 1)
        // One binary: `pgrep -x breather` and `killall breather` find the daemon by this name.
        #expect(try String(contentsOfFile: "/proc/\(daemon.pid)/comm", encoding: .utf8) == "breather\n")

        daemon.send(SIGUSR1)
        #expect(await waitUntil { server.requests.filter(Self.airRequests).count == before + 1 })

        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0)
    }

    @Test("provider failure keeps the last values marked stale with their age, then recovers")
    func staleThenRecovery() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, interval: "1s")
        let daemon = try DaemonProcess(sandbox: sandbox)
        #expect(await waitUntil { sandbox.outputsSettled && readJSON(sandbox.jsonOutput)?["stale"] as? Bool == false }, "\(daemon.stderr)")

        try server.setRoutes(openMeteoRoutes(air: .json("{}", status: 503)))
        #expect(await waitUntil {
            guard let json = readJSON(sandbox.jsonOutput) else { return false }
            return json["stale"] as? Bool == true && (json["age_seconds"] as? Int ?? 0) >= 1
                && (json["air_quality"] as? [String: Any])?["aqi"] as? Int == 112
        }, "\(daemon.stderr)")
        #expect(await waitUntil {
            let plain = (try? String(contentsOfFile: sandbox.plainOutput, encoding: .utf8)) ?? ""
            return plain.contains("AQI 112") && plain.contains("stale, updated")
        })

        try server.setRoutes(openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        #expect(await waitUntil {
            guard let json = readJSON(sandbox.jsonOutput) else { return false }
            return json["stale"] as? Bool == false && (json["air_quality"] as? [String: Any])?["aqi"] as? Int == 28
        }, "\(daemon.stderr)")
        // The asthma estimate is computed locally: it comes back with the air data, not after
        // a backoff earned while the air provider was down.
        let recovered = readJSON(sandbox.jsonOutput)
        #expect((recovered?["asthma"] as? [String: Any])?["risk"] as? String != nil, "\(String(describing: recovered?["asthma"]))")
        #expect(!daemon.stderr.contains("estimate (asthma): not asked"), "\(daemon.stderr)")
        #expect(daemon.isRunning, "the daemon must not exit because a provider failed")
    }

    @Test("SIGHUP reloads the config: a changed standard shows without a restart; an invalid config is rejected")
    func reload() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 75))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server)
        let daemon = try DaemonProcess(sandbox: sandbox)
        #expect(await waitUntil { sandbox.outputsSettled && readJSON(sandbox.jsonOutput)?["standard"] as? String == "us" }, "\(daemon.stderr)")

        try sandbox.writeConfig("standard = \"bogus\"\n")
        daemon.send(SIGHUP)
        #expect(await waitUntil { daemon.stderr.contains("reload rejected, keeping the previous config") })
        #expect(readJSON(sandbox.jsonOutput)?["standard"] as? String == "us")

        let requestsBefore = server.requests.count
        try sandbox.writeDaemonConfig(server: server, top: "standard = \"china\"")
        daemon.send(SIGHUP)
        #expect(await waitUntil {
            guard let json = readJSON(sandbox.jsonOutput) else { return false }
            return json["standard"] as? String == "china" && (json["air_quality"] as? [String: Any])?["aqi"] as? Int == 114
        }, "\(daemon.stderr)")
        #expect(await waitUntil { (try? String(contentsOfFile: sandbox.plainOutput, encoding: .utf8))?.contains("AQI 114") == true })
        // Only the standard changed: the view model re-rendered the data on hand, no provider was asked.
        #expect(server.requests.count == requestsBefore, "\(server.requests)")
        #expect(daemon.isRunning)
    }

    @Test("SIGHUP with a new [history]: the next fetch records into the new file; enabled = false stops recording")
    func reloadHistory() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server)
        let daemon = try DaemonProcess(sandbox: sandbox)
        defer { daemon.send(SIGKILL) }
        #expect(await waitUntil { sandbox.outputsSettled }, "\(daemon.stderr)")
        func readings(_ path: String) -> Int { Int((try? sqlite3(path, "SELECT count(*) FROM reading")) ?? "") ?? 0 }
        #expect(readings(sandbox.historyPath) > 0)

        let moved = sandbox.home.appendingPathComponent("moved/history.sqlite3").path
        try sandbox.writeDaemonConfig(server: server, sources: "[history]\npath = \"\(moved)\"")
        daemon.send(SIGHUP)
        #expect(await waitUntil { daemon.stderr.contains("reloaded") || !daemon.isRunning })
        func backfills() -> Int { server.requests.filter { Self.airRequests($0) && $0.contains("past_days") }.count }
        let backfilled = backfills()
        daemon.send(SIGUSR1)
        #expect(await waitUntil { readings(moved) > 0 }, "the next fetch records into the new file: \(daemon.stderr)")
        #expect(backfills() == backfilled + 1, "the new file gets its past days: \(server.requests)")
        #expect(!daemon.stderr.contains("restart"), "\(daemon.stderr)")

        try sandbox.writeDaemonConfig(server: server, sources: "[history]\npath = \"\(moved)\"\nenabled = false")
        daemon.send(SIGHUP)
        #expect(await waitUntil { daemon.stderr.components(separatedBy: "reloaded").count == 3 }, "\(daemon.stderr)")
        let (kept, shown) = (readings(moved), readJSON(sandbox.jsonOutput)?["updated_at"] as? String)
        daemon.send(SIGUSR1)
        // A fetch is recorded before its output is written: once the output shows it, it would be there.
        #expect(await waitUntil { (readJSON(sandbox.jsonOutput)?["updated_at"] as? String).map { $0 != shown } == true }, "\(daemon.stderr)")
        #expect(readings(moved) == kept, "recording is off")
        #expect(daemon.isRunning)
    }

    @Test("SIGTERM while a fetch hangs: exit 0 without waiting for it, every output file whole")
    func stopDuringSlowFetch() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        // A 20 s request limit: a daemon that waited for the hung fetch would take that long to exit.
        try sandbox.writeDaemonConfig(server: server, timeout: "20s")
        let daemon = try DaemonProcess(sandbox: sandbox)
        #expect(await waitUntil { sandbox.outputsSettled },
                "\(daemon.stderr)")
        var routes = openMeteoRoutes(air: .json(airQualityBody(pm25: 40)))
        routes["/aq/v1/air-quality"] = Route(body: airQualityBody(pm25: 12), delay: 120)
        try server.setRoutes(routes)
        let asked = server.requests.filter(Self.airRequests).count
        daemon.send(SIGUSR1)
        #expect(await waitUntil { server.requests.filter(Self.airRequests).count == asked + 1 }, "the slow fetch started")
        daemon.send(SIGTERM)
        // The bound is ample for an exit on a loaded machine yet under the 20 s the hung request
        // would hold a daemon that waited for it.
        #expect(await daemon.waitForExit(timeout: 15) == 0, "\(daemon.stderr)")
        #expect(readJSON(sandbox.jsonOutput) != nil)
        let plain = try String(contentsOfFile: sandbox.plainOutput, encoding: .utf8)
        #expect(plain.hasPrefix("Brooklyn · US AQI 112") && plain.hasSuffix("\n"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.home.appendingPathComponent("out").path)
            .filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test("--template shapes the daemon's --output file")
    func daemonTemplate() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server)
        let path = sandbox.home.appendingPathComponent("out/template.txt").path
        let daemon = try DaemonProcess(sandbox: sandbox, arguments: ["--template", "{aqi} {category_id}", "--output", path])
        #expect(await waitUntil { (try? String(contentsOfFile: path, encoding: .utf8)) == "112 unhealthy_for_sensitive_groups\n" },
                "\(daemon.stderr)")
    }

    @Test("a reader polling the output while the daemon rewrites it never sees a torn or empty file")
    func noTornReads() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server)
        let daemon = try DaemonProcess(sandbox: sandbox)
        #expect(await waitUntil { sandbox.outputsSettled }, "\(daemon.stderr)")
        // Read in a tight loop, on a thread of its own (it never yields), until the file has
        // been rewritten several times; the bound only stops a broken build.
        let (reads, torn, seen) = try await offThePool {
            var reads = 0, torn = 0
            var seen: Set<String> = []
            let deadline = Date().addingTimeInterval(60)
            var nextSignal = Date()
            while Date() < deadline && (seen.count < 5 || reads < 100) {
                if Date() >= nextSignal {
                    // Alternate the reply so every refresh really rewrites the file.
                    try server.setRoutes(openMeteoRoutes(air: .json(airQualityBody(pm25: reads % 2 == 0 ? 40 : 12))))
                    daemon.send(SIGUSR1)
                    nextSignal = Date().addingTimeInterval(0.1)
                }
                let text = (try? String(contentsOfFile: sandbox.jsonOutput, encoding: .utf8)) ?? ""
                reads += 1
                if readJSON(sandbox.jsonOutput) == nil || !text.hasSuffix("}\n") { torn += 1 } else { seen.insert(text) }
            }
            return (reads, torn, seen)
        }
        #expect(torn == 0)
        #expect(reads >= 100)
        #expect(seen.count >= 5, "the file should have been rewritten several times")
    }

    @Test("one-shot right after the daemon is served from its fresh cache with no request; --refresh fetches")
    func oneShotFromDaemonCache() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server)
        let daemon = try DaemonProcess(sandbox: sandbox)
        #expect(await waitUntil { sandbox.outputsSettled }, "\(daemon.stderr)")
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0)
        let requests = server.requests.count

        let cached = try await sandbox.run(["--config", sandbox.configPath])
        #expect(cached.status == 0, "\(cached.stderr)")
        #expect(cached.stdout == (try String(contentsOfFile: sandbox.plainOutput, encoding: .utf8)))
        #expect(cached.stdout.hasPrefix("Brooklyn · US AQI 112 Unhealthy for Sensitive Groups (PM2.5)"))
        #expect(server.requests.count == requests)

        let refreshed = try await sandbox.run(["--config", sandbox.configPath, "--refresh"])
        #expect(refreshed.status == 0)
        #expect(server.requests.count > requests)
    }

    @Test("after a restart with every provider down, the cached data shows at once, marked stale with its age")
    func restartOffline() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server)
        let first = try await sandbox.run(["--config", sandbox.configPath])
        #expect(first.status == 0, "\(first.stderr)")

        try server.setRoutes([:])
        let daemon = try DaemonProcess(sandbox: sandbox)
        #expect(await waitUntil {
            guard let json = readJSON(sandbox.jsonOutput) else { return false }
            return json["stale"] as? Bool == true && json["age_seconds"] is Int
                && (json["air_quality"] as? [String: Any])?["aqi"] as? Int == 112 && !((json["errors"] as? [Any]) ?? []).isEmpty
        }, "\(daemon.stderr)")
        #expect(await waitUntil {
            let plain = (try? String(contentsOfFile: sandbox.plainOutput, encoding: .utf8)) ?? ""
            return plain.hasPrefix("Brooklyn · US AQI 112") && plain.contains("stale, updated")
        })
        #expect(daemon.isRunning)
    }

    @Test("SIGUSR2 cycles through the configured standards with no provider request")
    func cycleStandards() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 75))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, top: "standards = [\"us\", \"china\"]")
        let daemon = try DaemonProcess(sandbox: sandbox)
        #expect(await waitUntil { sandbox.outputsSettled && readJSON(sandbox.jsonOutput)?["standard"] as? String == "us" }, "\(daemon.stderr)")
        let requests = server.requests.count
        daemon.send(SIGUSR2)
        #expect(await waitUntil {
            guard let json = readJSON(sandbox.jsonOutput) else { return false }
            return json["standard"] as? String == "china" && (json["air_quality"] as? [String: Any])?["aqi"] as? Int == 114
        }, "\(daemon.stderr)")
        daemon.send(SIGUSR2)
        #expect(await waitUntil { sandbox.outputsSettled && readJSON(sandbox.jsonOutput)?["standard"] as? String == "us" })
        #expect(server.requests.count == requests, "\(server.requests)")
    }

    @Test("a scroll (SIGUSR2) after a SIGHUP reload shows the standard after the one shown, not after the config's")
    func cycleAfterReload() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 75))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, top: "standards = [\"us\", \"china\", \"eu\"]")
        let daemon = try DaemonProcess(sandbox: sandbox)
        #expect(await waitUntil { sandbox.outputsSettled && readJSON(sandbox.jsonOutput)?["standard"] as? String == "us" }, "\(daemon.stderr)")
        daemon.send(SIGUSR2)
        #expect(await waitUntil { readJSON(sandbox.jsonOutput)?["standard"] as? String == "china" }, "\(daemon.stderr)")
        daemon.send(SIGHUP)
        #expect(await waitUntil { daemon.stderr.contains("reloaded") }, "\(daemon.stderr)")
        #expect(readJSON(sandbox.jsonOutput)?["standard"] as? String == "china", "a reload keeps the standard shown")
        daemon.send(SIGUSR2)
        #expect(await waitUntil { readJSON(sandbox.jsonOutput)?["standard"] as? String == "eu" }, "\(daemon.stderr)")
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0)
    }

    @Test("during a 429's backoff every SIGUSR1 still makes one request; a timer tick would not")
    func userRefreshDuringBackoff() async throws {
        var routes = openMeteoRoutes(air: .json(airQualityBody(pm25: 40)))
        routes["/aq/v1/air-quality"] = .json("{}", status: 429)
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, interval: "1h")
        let daemon = try DaemonProcess(sandbox: sandbox)
        #expect(await waitUntil { server.requests.filter(Self.airRequests).count == 1 }, "\(daemon.stderr)")
        // The gate now holds open-meteo back for 15 to 30 s (a 429 without Retry-After): a person's request goes through anyway.
        for attempt in 2...4 {
            daemon.send(SIGUSR1)
            #expect(await waitUntil { server.requests.filter(Self.airRequests).count == attempt }, "attempt \(attempt): \(daemon.stderr)")
        }
        try server.setRoutes(openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        daemon.send(SIGUSR1)
        #expect(await waitUntil { (readJSON(sandbox.jsonOutput)?["air_quality"] as? [String: Any])?["aqi"] as? Int == 28 }, "\(daemon.stderr)")
    }

    @Test("a reload that changes the providers drops the fetch in flight and asks the new ones at once, with no old backoff")
    func reloadCancelsFetchInFlight() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, timeout: "20s")
        let daemon = try DaemonProcess(sandbox: sandbox)
        #expect(await waitUntil { sandbox.outputsSettled }, "\(daemon.stderr)")
        var routes = openMeteoRoutes(air: .json(airQualityBody(pm25: 40)))
        routes["/aq/v1/air-quality"] = Route(body: airQualityBody(pm25: 40), delay: 25)
        try server.setRoutes(routes)
        let asked = server.requests.filter(Self.airRequests).count
        daemon.send(SIGUSR1)
        #expect(await waitUntil { server.requests.filter(Self.airRequests).count == asked + 1 }, "the slow fetch started")
        // The provider is fixed and the config changed (a shorter timeout): the new fetch must
        // not wait the 20 s the old request would take (its timeout; the reply would come at 25 s).
        try server.setRoutes(openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        try sandbox.writeDaemonConfig(server: server, timeout: "5s")
        daemon.send(SIGHUP)
        // The bound is ample for one fetch on a loaded machine yet under the 20 s the old request
        // would take: a daemon that waited for it fails here.
        #expect(await waitUntil(timeout: 15) { (readJSON(sandbox.jsonOutput)?["air_quality"] as? [String: Any])?["aqi"] as? Int == 28 },
                "\(daemon.stderr)")
        #expect(!daemon.stderr.contains("not asked"), "\(daemon.stderr)")
    }

    @Test("SIGRTMIN+1 switches a bar file between compact and full text, with no provider request")
    func compactToggle() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server)
        let path = sandbox.home.appendingPathComponent("out/waybar.json").path
        let daemon = try DaemonProcess(sandbox: sandbox, arguments: ["--format", "waybar", "--output", path])
        func text() -> String? { readJSON(path)?["text"] as? String }
        #expect(await waitUntil { text()?.hasPrefix("US AQI 112") == true }, "\(daemon.stderr)")
        #expect(text()?.contains("Brooklyn") == false, "compact by default: \(text() ?? "")")
        let requests = server.requests.count
        daemon.send(__libc_current_sigrtmin() + 1)
        #expect(await waitUntil { text()?.contains("Brooklyn") == true }, "full text names the place: \(text() ?? "")")
        daemon.send(__libc_current_sigrtmin() + 1)
        #expect(await waitUntil { text()?.contains("Brooklyn") == false })
        #expect(server.requests.count == requests)
        #expect(daemon.isRunning)
    }

    @Test("SIGUSR1 and SIGHUP sent the moment the daemon starts are not fatal")
    func earlySignals() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server)
        for signal in [SIGUSR1, SIGHUP, SIGUSR2] {
            try? FileManager.default.removeItem(atPath: sandbox.jsonOutput)
            let daemon = try DaemonProcess(sandbox: sandbox)
            daemon.send(signal)  // before main has run, most likely: the default action would end it
            #expect(await waitUntil { sandbox.outputsSettled }, "\(daemon.stderr)")
            #expect(daemon.isRunning, "signal \(signal) ended the daemon: \(daemon.stderr)")
            daemon.send(SIGTERM)
            #expect(await daemon.waitForExit() == 0)
        }
    }

    @Test("the on_update hook runs without Breather's API keys or its own settings in its environment, with the user's",
          arguments: [nil, "YES"])
    func onUpdateWithoutKeys(userDispatchLog: String?) async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        let envFile = sandbox.home.appendingPathComponent("hook-env.txt").path
        try sandbox.writeDaemonConfig(server: server, top: "on_update = [\"sh\", \"-c\", \"env > \(envFile)\"]")
        var environment = ["BREATHER_WAQI_TOKEN": "sekrit-token-0000", "BREATHER_AIRVISUAL_KEY": "sekrit-key-0000",
                           "CREDENTIALS_DIRECTORY": "/run/credentials/x"]
        environment["LIBDISPATCH_LOG"] = userDispatchLog
        let daemon = try DaemonProcess(sandbox: sandbox, environment: environment)
        #expect(await waitUntil { ((try? String(contentsOfFile: envFile, encoding: .utf8)) ?? "").contains("HOME=") }, "\(daemon.stderr)")
        let lines = try String(contentsOfFile: envFile, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(!lines.contains { $0.contains("sekrit") || $0.hasPrefix("CREDENTIALS_DIRECTORY=") }, "\(lines)")
        // What Breather set for itself (ProcessEnvironment) stays with it; what the user set goes on.
        let dispatchLog = lines.filter { $0.hasPrefix("LIBDISPATCH_LOG=") }
        #expect(dispatchLog == (userDispatchLog.map { ["LIBDISPATCH_LOG=\($0)"] } ?? []), "\(lines)")
    }

    @Test("a deleted output file comes back on the next refresh even when its content is unchanged")
    func deletedOutputRecreated() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server)
        let daemon = try DaemonProcess(sandbox: sandbox)
        #expect(await waitUntil { sandbox.outputsSettled }, "\(daemon.stderr)")
        try FileManager.default.removeItem(atPath: sandbox.plainOutput)
        daemon.send(SIGUSR1)
        #expect(await waitUntil { sandbox.outputsSettled }, "\(daemon.stderr)")
    }

    @Test("an unusable cache at start-up is set aside with one warning, and the daemon goes on")
    func corruptCacheWarned() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server)
        let cache = sandbox.home.appendingPathComponent("cache/breather/conditions.json").path
        try FileManager.default.createDirectory(atPath: (cache as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "garbage{".write(toFile: cache, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(sandbox: sandbox)
        #expect(await waitUntil { sandbox.outputsSettled }, "\(daemon.stderr)")
        let warnings = daemon.stderr.split(separator: "\n").filter { $0.contains("cache: \(cache)") && $0.contains("set aside") }
        #expect(warnings.count == 1, "\(daemon.stderr)")
        #expect(FileManager.default.fileExists(atPath: cache + ".unusable"))
    }

    @Test("a provider failure is logged when it starts, not on every poll; its recovery once")
    func failureLoggedOnce() async throws {
        var routes = openMeteoRoutes(air: .json(airQualityBody(pm25: 40)))
        routes["/v1/forecast"] = .json("{}", status: 503)
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, interval: "1s")
        let daemon = try DaemonProcess(sandbox: sandbox)
        let forecastAsked = { server.requests.filter { $0.hasPrefix("/v1/forecast") }.count }
        #expect(await waitUntil { forecastAsked() >= 3 }, "\(daemon.stderr)")
        let lines = daemon.stderr.split(separator: "\n").filter { $0.contains("open-meteo (weather): HTTP 503") }
        #expect(lines.count == 1, "\(daemon.stderr)")
        try server.setRoutes(openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        #expect(await waitUntil { daemon.stderr.contains("all sources answered again") }, "\(daemon.stderr)")
    }
}
