import BreatherTestSupport
import Foundation
import Testing

/// Sensors on the home network as air sources: loopback fake sensors serving the makers'
/// documented payloads, with Open-Meteo (also on loopback) as the next source.
@Suite("sensors on the home network, end to end")
struct SensorEndToEndTests {
    /// Open-Meteo with PM2.5 40 µg/m³ and ozone 120 µg/m³, and a PurpleAir at `/purpleair`
    /// serving `fixture` as if measured `at` (its `DateTime` set to that time; now by default).
    func routes(purpleAir fixture: String, at time: Date = Date()) throws -> [String: Route] {
        var routes = openMeteoRoutes(air: .json(airQualityBody(pm25: 40, o3: 120)))
        let text = try String(contentsOfFile: SupportPaths.fixtures + "/" + fixture, encoding: .utf8)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy/MM/dd'T'HH:mm:ss'z'"
        let now = formatter.string(from: time)
        let fresh = text.replacingOccurrences(of: #""DateTime": "[^"]*""#, with: "\"DateTime\": \"\(now)\"", options: .regularExpression)
        #expect(fresh != text, "the fixture has a DateTime")
        routes["/purpleair/json"] = .json(fresh)
        return routes
    }

    /// A sandbox whose config reads the PurpleAir at `server`'s `/purpleair` (or `sensorURL`)
    /// with `air` as the air sources; `polls` sets the main `interval` and the sensor's own.
    func sandbox(_ server: FixtureServer, sensorURL: String? = nil, air: String = "\"purpleair\", \"open-meteo\"",
                 polls: (main: String, sensor: String)? = nil) throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: """
            \(polls.map { "interval = \"\($0.main)\"" } ?? "")

            [sources]
            air = [\(air)]

            [providers.purpleair]
            url = "\(sensorURL ?? server.baseURL + "/purpleair")"
            \(polls.map { "interval = \"\($0.sensor)\"" } ?? "")
            """)
        return sandbox
    }

    func run(_ server: FixtureServer, sensorURL: String? = nil, air: String = "\"purpleair\", \"open-meteo\"",
             _ arguments: [String] = ["--format", "json"]) async throws -> RunResult {
        let sandbox = try sandbox(server, sensorURL: sensorURL, air: air)
        return try await sandbox.run(["--config", sandbox.configPath] + arguments)
    }

    /// The last json document `watch` printed that has the air quality in it.
    func lastDocument(_ watch: WatchProcess) -> [String: Any]? {
        guard let last = watch.lines.last(where: { $0.contains("\"air_quality\"") }) else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
    }

    func json(_ result: RunResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    func subIndex(_ air: [String: Any], _ pollutant: String) throws -> [String: Any] {
        let subIndices = try #require(air["sub_indices"] as? [[String: Any]])
        return try #require(subIndices.first { $0["pollutant"] as? String == pollutant })
    }

    @Test("air = [purpleair, open-meteo]: PM2.5 is the sensor's, EPA-corrected; ozone still comes from Open-Meteo")
    func sensorFirst() async throws {
        let server = try await FixtureServer.start(routes: try routes(purpleAir: "purpleair/json.pa-ii.clean.json"))
        let result = try await run(server)
        #expect(result.status == 0, "\(result.stderr)")
        let air = try #require(try json(result)["air_quality"] as? [String: Any])
        #expect(air["source"] as? String == "purpleair")
        #expect(air["fallback_from"] as? [String] == [])
        let pm25 = try subIndex(air, "pm2_5")
        #expect(pm25["source"] as? String == "purpleair")
        // A/B mean 13.0 µg/m³ at RH 62 %: 0.524·13 − 0.0862·62 + 5.75 = 7.2176, truncated to 7.2 by the EPA's rule.
        #expect(pm25["concentration"] as? Double == 7.2)
        #expect(pm25["period"] as? String == "1h", "one reading: a labelled 1-hour value, not a 24-hour mean")
        let o3 = try subIndex(air, "o3")
        #expect(o3["source"] as? String == "open-meteo")
        #expect(server.requests.contains { $0.hasPrefix("/purpleair/json") })
        #expect(server.requests.contains { $0.hasPrefix("/aq/v1/air-quality") })
    }

    @Test("the model after the sensor fails: the sensor's PM2.5 is shown and is no fallback; the model's failure is an error, exit 0")
    func modelFailsAfterSensor() async throws {
        var routes = try routes(purpleAir: "purpleair/json.pa-ii.clean.json")
        routes["/aq/v1/air-quality"] = .json("{}", status: 503)
        let server = try await FixtureServer.start(routes: routes)
        let result = try await run(server)
        #expect(result.status == 0, "\(result.stderr)")
        let document = try json(result)
        let air = try #require(document["air_quality"] as? [String: Any])
        #expect(air["source"] as? String == "purpleair")
        #expect(air["fallback_from"] as? [String] == [], "open-meteo was asked after the sensor, for the gases: \(air)")
        let errors = try #require(document["errors"] as? [[String: Any]])
        #expect(errors.contains { $0["provider"] as? String == "open-meteo" && $0["part"] as? String == "air" }, "\(errors)")
    }

    @Test("a sensor that does not answer: the model's PM2.5 at once, marked as a fallback, exit 0")
    func sensorDown() async throws {
        let server = try await FixtureServer.start(routes: try routes(purpleAir: "purpleair/json.pa-ii.clean.json"))
        // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
        let result = try await run(server, sensorURL: "http://127.0.0.1:9")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.seconds < 10)
        let document = try json(result)
        let air = try #require(document["air_quality"] as? [String: Any])
        #expect(air["source"] as? String == "open-meteo")
        #expect(air["fallback_from"] as? [String] == ["purpleair"])
        #expect(try subIndex(air, "pm2_5")["source"] as? String == "open-meteo")
        let errors = try #require(document["errors"] as? [[String: Any]])
        #expect(errors.contains { $0["provider"] as? String == "purpleair" && $0["part"] as? String == "air" })
        #expect(result.stderr.contains("purpleair (air)"), "\(result.stderr)")
    }

    @Test("a sensor that does not answer: the bar's line and class and the plain line name it, exit 0")
    func sensorDownInTheLine() async throws {
        let server = try await FixtureServer.start(routes: try routes(purpleAir: "purpleair/json.pa-ii.clean.json"))
        let bar = try await run(server, sensorURL: "http://127.0.0.1:9", ["--format", "waybar"])
        #expect(bar.status == 0, "\(bar.stderr)")
        let line = try #require(try JSONSerialization.jsonObject(with: Data(bar.stdout.utf8)) as? [String: Any])
        // Within the compact text's 40 characters the advice (smoke likely: keep closed) stays and
        // the fallback note shortens; the full text and the plain line name the sensor.
        #expect((line["text"] as? String)?.hasSuffix(" · keep closed · fallback") == true, "\(line)")
        #expect((line["class"] as? [String])?.contains("fallback") == true, "\(line)")
        let plain = try await run(server, sensorURL: "http://127.0.0.1:9", [])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.hasSuffix(" · purpleair failed\n"), "\(plain.stdout)")
        // The sensor answering: no such note.
        let answered = try await run(server, [])
        #expect(answered.status == 0 && answered.stdout.hasPrefix("Brooklyn · US AQI "), "\(answered.stdout)\(answered.stderr)")
        #expect(!answered.stdout.contains("failed"), "\(answered.stdout)")
    }

    @Test("the sensor's readings in the history store: one hour gives a labelled 1-h value, two give the NowCast, and json says from how many hours")
    func nowCastFromStoredReadings() async throws {
        let server = try await FixtureServer.start(routes: try routes(purpleAir: "purpleair/json.pa-ii.clean.json"))
        let sandbox = try sandbox(server)
        let first = try await sandbox.run(["--config", sandbox.configPath, "--format", "json"])
        #expect(first.status == 0, "\(first.stderr)")
        let firstAir = try #require(try json(first)["air_quality"] as? [String: Any])
        #expect(try subIndex(firstAir, "pm2_5")["period"] as? String == "1h")
        #expect((firstAir["notes"] as? [String])?.contains("PM2.5 1-h mean from 1 h of purpleair readings") == true, "\(firstAir)")
        // The sensor's reading moved an hour back: the store now holds the hour before this one.
        _ = try sqlite3(sandbox.historyPath, "UPDATE reading SET time = time - 3600 WHERE source = (SELECT id FROM source WHERE name = 'purpleair')")
        let second = try await sandbox.run(["--config", sandbox.configPath, "--format", "json", "--refresh"])
        #expect(second.status == 0, "\(second.stderr)")
        let air = try #require(try json(second)["air_quality"] as? [String: Any])
        let pm25 = try subIndex(air, "pm2_5")
        // Both hours 7.2 µg/m³ (the EPA-corrected reading): NowCast 7.2.
        #expect(pm25["period"] as? String == "nowcast")
        #expect(pm25["concentration"] as? Double == 7.2)
        #expect((air["notes"] as? [String])?.contains("PM2.5 NowCast from 2 h of purpleair readings") == true, "\(air)")
        // The model's ozone is untouched by the sensor's store.
        #expect(try subIndex(air, "o3")["source"] as? String == "open-meteo")
    }

    @Test("watch with interval 1h and the sensor's 1s: several sensor reads, one Open-Meteo request, the model's ozone kept")
    func sensorInterval() async throws {
        let server = try await FixtureServer.start(routes: try routes(purpleAir: "purpleair/json.pa-ii.clean.json"))
        let sandbox = try sandbox(server, polls: ("1h", "1s"))
        let watch = try WatchProcess(sandbox, ["--format", "json"])
        let sensorReads = { server.requests.filter { $0.hasPrefix("/purpleair/json") }.count }
        #expect(await waitUntil(timeout: 60) { sensorReads() >= 4 }, "\(server.requests)")
        // The main poll's one request each (a slow start may not have sent them yet): a sensor
        // poll asks no provider with a quota.
        let airRequests = server.requests.filter { $0.hasPrefix("/aq/v1/air-quality") }.count
        let weatherRequests = server.requests.filter { $0.hasPrefix("/v1/forecast") }.count
        #expect(airRequests <= 1 && weatherRequests <= 1, "\(server.requests)")
        #expect(await waitUntil { server.requests.contains { $0.hasPrefix("/aq/v1/air-quality") } })
        // After the sensor polls the output still has the model's ozone beside the sensor's PM2.5.
        let document = try #require(lastDocument(watch), "\(watch.lines.suffix(3))")
        let air = try #require(document["air_quality"] as? [String: Any])
        #expect(try subIndex(air, "pm2_5")["source"] as? String == "purpleair")
        #expect(try subIndex(air, "o3")["source"] as? String == "open-meteo")
        #expect(await watch.terminate() == 0)
        #expect(server.requests.filter { $0.hasPrefix("/aq/v1/air-quality") }.count == 1, "\(server.requests)")
    }

    @Test("one-shots read the sensor on every run and the model from the store; the sensor stops answering: the next one-shot shows the model's PM2.5 as a fallback, exit 0")
    func oneShotsReadTheSensor() async throws {
        var routes = try routes(purpleAir: "purpleair/json.pa-ii.clean.json")
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try sandbox(server)
        let sensorReads = { server.requests.filter { $0.hasPrefix("/purpleair/json") }.count }
        let modelReads = { server.requests.filter { $0.hasPrefix("/aq/v1/air-quality") }.count }
        func oneShot() async throws -> (RunResult, [String: Any]) {
            let result = try await sandbox.run(["--config", sandbox.configPath, "--format", "json"])
            #expect(result.status == 0, "\(result.stderr)")
            return (result, try #require(try json(result)["air_quality"] as? [String: Any]))
        }
        _ = try await oneShot()
        // A new two-minute average 20 s later: a new reading, within the sensor's minute.
        try server.setRoutes(try self.routes(purpleAir: "purpleair/json.pa-ii.clean.json", at: Date().addingTimeInterval(20)))
        let (_, second) = try await oneShot()
        #expect(second["source"] as? String == "purpleair")
        #expect(sensorReads() == 2 && modelReads() == 1, "the sensor on every run, the model from the store: \(server.requests)")
        #expect(try sqlite3(sandbox.historyPath, "SELECT count(*) FROM reading WHERE source = (SELECT id FROM source WHERE name = 'purpleair') AND variable = (SELECT id FROM variable WHERE name = 'pm2_5')")
                    .trimmingCharacters(in: .whitespacesAndNewlines) == "1", "one reading kept a minute (the sensor's interval), not one a run")
        routes["/purpleair/json"] = Route(body: "", status: 503)
        try server.setRoutes(routes)
        let (down, fallback) = try await oneShot()
        #expect(fallback["source"] as? String == "open-meteo")
        #expect(fallback["fallback_from"] as? [String] == ["purpleair"])
        #expect(try subIndex(fallback, "pm2_5")["source"] as? String == "open-meteo")
        #expect(try subIndex(fallback, "pm2_5")["concentration"] as? Double == 40)
        #expect(try json(down)["stale"] as? Bool == false)
        #expect(down.stderr.contains("purpleair (air)"), "\(down.stderr)")
        #expect(modelReads() == 1, "the model's air from the store, not asked again: \(server.requests)")
        // Within the sensor's interval of its failure the store answers: no run waits on a sensor that is off.
        let (_, again) = try await oneShot()
        #expect(again["fallback_from"] as? [String] == ["purpleair"])
        #expect(sensorReads() == 3)
    }

    @Test("the sensor alone in air, off: a one-shot the store answers says the sensor's failure on stderr, as a fetch would, exit 0")
    func sensorAloneFailsLoudly() async throws {
        var routes = try routes(purpleAir: "purpleair/json.pa-ii.clean.json")
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try sandbox(server, air: "\"purpleair\"")
        #expect(try await sandbox.run(["--config", sandbox.configPath]).status == 0)
        routes["/purpleair/json"] = Route(body: "", status: 503)
        try server.setRoutes(routes)
        let result = try await sandbox.run(["--config", sandbox.configPath])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("stale"), "\(result.stdout)")
        #expect(result.stderr.contains("purpleair"), "the failure of this run's read at the default log level: \(result.stderr)")
    }

    @Test("one-shots reading the sensor neither count nor end the store's run of failed fetches: the backoff stays the full fetches'")
    func sensorReadsKeepTheFailureCount() async throws {
        var routes = try routes(purpleAir: "purpleair/json.pa-ii.clean.json")
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try sandbox(server)
        let arguments = ["--config", sandbox.configPath, "--format", "json"]
        #expect(try await sandbox.run(arguments).status == 0)
        // The weather fails on a refresh: kept, stale, one failed fetch counted.
        routes["/v1/forecast"] = .json("{}", status: 503)
        try server.setRoutes(routes)
        #expect(try await sandbox.run(arguments + ["--refresh"]).status == 0)
        let store = sandbox.home.appendingPathComponent("cache/breather/conditions.json").path
        #expect(readJSON(store)?["failed_fetches"] as? Int == 1)
        let weatherAsked = server.requests.filter { $0.hasPrefix("/v1/forecast") }.count
        for _ in 0..<3 { #expect(try await sandbox.run(arguments).status == 0) }
        #expect(server.requests.filter { $0.hasPrefix("/v1/forecast") }.count == weatherAsked, "within the 30 s backoff: the store answers")
        #expect(server.requests.filter { $0.hasPrefix("/purpleair/json") }.count == 5, "the sensor read on every run")
        #expect(readJSON(store)?["failed_fetches"] as? Int == 1, "three sensor reads are no failed fetches")
    }

    @Test("a sensor that stops answering between polls: the next sensor poll shows the model's PM2.5, marked as a fallback, with no new model request")
    func sensorStopsBetweenPolls() async throws {
        var routes = try routes(purpleAir: "purpleair/json.pa-ii.clean.json")
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try sandbox(server, polls: ("1h", "1s"))
        let watch = try WatchProcess(sandbox, ["--format", "json"])
        func lastAir() -> [String: Any]? { lastDocument(watch) }
        #expect(await waitUntil(timeout: 60) { (lastAir()?["air_quality"] as? [String: Any])?["source"] as? String == "purpleair" },
                "\(watch.lines)")
        routes["/purpleair/json"] = Route(body: "", status: 503)
        try server.setRoutes(routes)
        #expect(await waitUntil(timeout: 20) { (lastAir()?["air_quality"] as? [String: Any])?["source"] as? String == "open-meteo" },
                "\(watch.lines.suffix(3))")
        let document = try #require(lastAir())
        let air = try #require(document["air_quality"] as? [String: Any])
        #expect(air["fallback_from"] as? [String] == ["purpleair"])
        let pm25 = try subIndex(air, "pm2_5")
        #expect(pm25["source"] as? String == "open-meteo")
        #expect(pm25["concentration"] as? Double == 40)
        #expect(document["stale"] as? Bool == false, "the model's air from this hour's poll is not stale")
        let display = try #require(document["display"] as? [String: String])
        #expect(display["error_short"]?.hasPrefix("purpleair: HTTP 503 · retry ") == true, "\(display)")
        #expect(display["error_short"]?.contains("min") == false, "asked again at the next sensor poll, not the hourly one: \(display)")
        #expect(server.requests.filter { $0.hasPrefix("/aq/v1/air-quality") }.count == 1, "no request to the model: \(server.requests)")
        // The sensor answers again: its reading at the next sensor poll, completed with the model's gases.
        routes["/purpleair/json"] = try self.routes(purpleAir: "purpleair/json.pa-ii.clean.json")["/purpleair/json"]
        try server.setRoutes(routes)
        #expect(await waitUntil(timeout: 20) { (lastAir()?["air_quality"] as? [String: Any])?["source"] as? String == "purpleair" })
        let back = try #require(lastAir()?["air_quality"] as? [String: Any])
        #expect(back["fallback_from"] as? [String] == [])
        #expect(try subIndex(back, "o3")["source"] as? String == "open-meteo")
        #expect(await watch.terminate() == 0)
    }

    @Test("every source down at a refresh, then the sensor back with the model still down: the sensor's reading, no fallback named, no gases kept from before")
    func sensorBackBeforeTheModel() async throws {
        var routes = try routes(purpleAir: "purpleair/json.pa-ii.clean.json")
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try sandbox(server, polls: ("1h", "1s"))
        let watch = try WatchProcess(sandbox, ["--format", "json"])
        func lastAir() -> [String: Any]? { lastDocument(watch)?["air_quality"] as? [String: Any] }
        #expect(await waitUntil(timeout: 60) { lastAir()?["source"] as? String == "purpleair" }, "\(watch.lines)")
        let down = Route(body: "", status: 503)
        for path in ["/purpleair/json", "/aq/v1/air-quality", "/v1/forecast"] { routes[path] = down }
        try server.setRoutes(routes)
        kill(watch.process.processIdentifier, SIGUSR1)  // a click: a full poll, which every source fails
        #expect(await waitUntil(timeout: 30) { lastDocument(watch)?["stale"] as? Bool == true }, "\(watch.lines.suffix(2))")
        // Sensor polls while everything is down keep the sensor's last reading, stale, not the
        // model's older air: two more polls of the sensor (events, not a sleep), then the line.
        let sensorPolls = { server.requests.filter { $0.hasPrefix("/purpleair/json") }.count }
        let pollsAtTheClick = sensorPolls()
        #expect(await waitUntil(timeout: 30) { sensorPolls() >= pollsAtTheClick + 2 }, "\(server.requests.suffix(4))")
        #expect(lastAir()?["source"] as? String == "purpleair" && lastDocument(watch)?["stale"] as? Bool == true, "\(watch.lines.suffix(2))")
        routes["/purpleair/json"] = try self.routes(purpleAir: "purpleair/json.pa-ii.clean.json")["/purpleair/json"]
        try server.setRoutes(routes)
        #expect(await waitUntil(timeout: 30) { lastDocument(watch)?["stale"] as? Bool == false }, "\(watch.lines.suffix(2))")
        let air = try #require(lastAir())
        #expect(air["source"] as? String == "purpleair")
        #expect(air["fallback_from"] as? [String] == [], "the sensor is the first source; the model failed after it: \(air)")
        let pollutants = (air["sub_indices"] as? [[String: Any]])?.compactMap { $0["pollutant"] as? String }
        #expect(pollutants?.contains("o3") == false, "the ozone of the hour before is not shown as now: \(air)")
        let display = try #require(lastDocument(watch)?["display"] as? [String: String])
        #expect(display["error"]?.contains("open-meteo") == true, "the model's failure still shows: \(display)")
        #expect(await watch.terminate() == 0)
    }

    @Test("the sensor polls of watch and the daemon leave the conditions store as the last full poll wrote it; the output follows the sensor")
    func sensorPollsLeaveTheStore() async throws {
        var routes = try routes(purpleAir: "purpleair/json.pa-ii.clean.json")
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try sandbox(server, polls: ("1h", "1s"))
        let store = sandbox.home.appendingPathComponent("cache/breather/conditions.json").path
        let watch = try WatchProcess(sandbox, ["--format", "json"])
        func pm25() -> Double? {
            (lastDocument(watch)?["air_quality"] as? [String: Any]).flatMap { try? subIndex($0, "pm2_5")["concentration"] as? Double }
        }
        #expect(await waitUntil(timeout: 60) { pm25() != nil && FileManager.default.fileExists(atPath: store) }, "\(watch.lines)")
        let written = try String(contentsOfFile: store, encoding: .utf8)
        let first = try #require(pm25())
        // The smoke reading: another PM2.5, which the next sensor poll shows.
        routes["/purpleair/json"] = try self.routes(purpleAir: "purpleair/json.pa-ii.smoke.json")["/purpleair/json"]
        try server.setRoutes(routes)
        #expect(await waitUntil(timeout: 20) { pm25().map { $0 != first } ?? false }, "\(watch.lines.suffix(3))")
        #expect(try String(contentsOfFile: store, encoding: .utf8) == written, "a sensor poll rewrote the store")
        #expect(server.requests.filter { $0.hasPrefix("/aq/v1/air-quality") }.count == 1, "no full poll in between: \(server.requests)")
        #expect(await watch.terminate() == 0)
    }

    @Test("a sensor down from the start: the main poll falls back, and the sensor polls after it keep the model's air, not stale")
    func sensorDownFromTheStart() async throws {
        var routes = try routes(purpleAir: "purpleair/json.pa-ii.clean.json")
        routes["/purpleair/json"] = Route(body: "", status: 503)
        let server = try await FixtureServer.start(routes: routes)
        let sandbox = try sandbox(server, polls: ("1h", "1s"))
        let watch = try WatchProcess(sandbox, ["--format", "json"])
        let sensorReads = { server.requests.filter { $0.hasPrefix("/purpleair/json") }.count }
        #expect(await waitUntil(timeout: 60) { sensorReads() >= 4 }, "\(server.requests)")
        let document = try #require(lastDocument(watch), "\(watch.lines.suffix(3))")
        let air = try #require(document["air_quality"] as? [String: Any])
        #expect(air["source"] as? String == "open-meteo")
        #expect(air["fallback_from"] as? [String] == ["purpleair"])
        #expect(document["stale"] as? Bool == false, "\(document)")
        #expect(server.requests.filter { $0.hasPrefix("/aq/v1/air-quality") }.count == 1)
        #expect(await watch.terminate() == 0)
    }

    @Test("PurpleAir channels that disagree: a fault of the sensor, not data; the model answers")
    func channelsDisagree() async throws {
        let server = try await FixtureServer.start(routes: try routes(purpleAir: "purpleair/json.pa-ii.channels_disagree.json"))
        let result = try await run(server)
        #expect(result.status == 0, "\(result.stderr)")
        let document = try json(result)
        let air = try #require(document["air_quality"] as? [String: Any])
        #expect(air["source"] as? String == "open-meteo")
        let errors = try #require(document["errors"] as? [[String: Any]])
        let fault = try #require(errors.first { $0["provider"] as? String == "purpleair" })
        #expect((fault["message"] as? String)?.hasPrefix("channels A and B disagree") == true)
        #expect(fault["kind"] as? String == "badData")
    }

    @Test("the sensor alone: its particles are the index, exit 0")
    func sensorAlone() async throws {
        let server = try await FixtureServer.start(routes: try routes(purpleAir: "purpleair/json.pa-ii.clean.json"))
        let result = try await run(server, air: "\"purpleair\"", [])
        #expect(result.status == 0, "\(result.stderr)")
        // PM2.5 7.2 µg/m³ (1-hour): (50 − 0)/(9.0 − 0)·7.2 = 40.
        #expect(result.stdout.hasPrefix("Brooklyn · US AQI 40 Good (PM2.5)"), "\(result.stdout)")
        #expect(!result.stdout.contains("stale"), "a reading the sensor took just now is fresh: \(result.stdout)")
    }

    @Test("breather config shows each sensor's url, place, interval and the PurpleAir correction")
    func configCommand() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("""
            [sources]
            air = ["purpleair", "open-meteo"]
            indoor = ["airgradient"]

            [providers.purpleair]
            url = "http://192.168.1.50"

            [providers.airgradient]
            url = "http://airgradient_ecda3b1eaaaf.local"
            """)
        let result = try await sandbox.run(["config", "--config", sandbox.configPath])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("sources.indoor = [\"airgradient\"]"))
        #expect(result.stdout.contains("providers.purpleair.url = \"http://192.168.1.50\""))
        #expect(result.stdout.contains("providers.purpleair.correction = \"epa\"  # default"))
        #expect(result.stdout.contains("providers.airgradient.place = \"indoor\"  # default"))
        #expect(result.stdout.contains("providers.airgradient.interval = \"1m\"  # default"))
    }
}

/// The model's air (PM2.5 40 µg/m³) and a loopback AirGradient answering its Open Air fixture.
func indoorRoutes() -> [String: Route] {
    var routes = openMeteoRoutes(air: .json(airQualityBody(pm25: 40)))
    routes["/airgradient/measures/current"] = .fixture("airgradient/measures_current.open_air_compensated.json")
    return routes
}

/// `[sources] indoor = ["airgradient"]` and its provider table: the loopback sensor of
/// `indoorRoutes()` (or `sensorURL`), with `extra` lines in the provider table.
func indoorTables(_ server: FixtureServer, sensorURL: String? = nil, extra: String = "") -> String {
    """
    [sources]
    indoor = ["airgradient"]

    [providers.airgradient]
    url = "\(sensorURL ?? server.baseURL + "/airgradient")"
    \(extra)
    """
}

@Suite("indoor sensor, end to end")
struct IndoorEndToEndTests {
    func run(_ server: FixtureServer, sensorURL: String? = nil) async throws -> RunResult {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: indoorTables(server, sensorURL: sensorURL))
        return try await sandbox.run(["--config", sandbox.configPath, "--format", "json"])
    }

    @Test("indoor = [airgradient]: json indoor has CO2 in ppm and the indoor PM index; the outdoor air is the model's")
    func indoor() async throws {
        let server = try await FixtureServer.start(routes: indoorRoutes())
        let result = try await run(server)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let indoor = try #require(json["indoor"] as? [String: Any])
        #expect(indoor["source"] as? String == "airgradient")
        #expect(indoor["co2_ppm"] as? Double == 1520)
        #expect(indoor["pm2_5"] as? Double == 24.6)
        #expect(indoor["humidity"] as? Double == 76.3)
        // PM2.5 24.6 µg/m³ as a 1-hour value: (100 − 51)/(35.4 − 9.1)·(24.6 − 9.1) + 51 = 79.9 → 80.
        #expect(indoor["aqi"] as? Int == 80)
        #expect(indoor["stale"] as? Bool == false)
        let air = try #require(json["air_quality"] as? [String: Any])
        #expect(air["source"] as? String == "open-meteo")
    }

    @Test("indoor readings go to the history store: breather history shows the indoor row with PM2.5, temperature, RH and CO2")
    func indoorHistory() async throws {
        let server = try await FixtureServer.start(routes: indoorRoutes())
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: indoorTables(server))
        let fetch = try await sandbox.run(["--config", sandbox.configPath])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        let table = try await sandbox.run(["history", "--since", "2h", "--config", sandbox.configPath])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.split(separator: "\n").first?.hasSuffix("CO2") == true, "\(table.stdout)")
        let row = try #require(table.stdout.split(separator: "\n").first { $0.contains("airgradient") }, "\(table.stdout)")
        // The fixture: pm02Compensated 24.6, atmpCompensated 17.1 °C, rhumCompensated 76.3 %, rco2 1520.
        for part in ["indoor", "24.6", "17.1°C", "76.3%", "1520ppm"] { #expect(row.contains(part), "\(row)") }
        let json = try await sandbox.run(["history", "--since", "2h", "--format", "json", "--config", sandbox.configPath])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let rows = try #require(document["rows"] as? [[String: Any]])
        let indoor = try #require(rows.first { $0["source"] as? String == "airgradient" })
        #expect(indoor["indoor_co2_ppm"] as? Double == 1520)
        #expect(indoor["indoor_pm2_5"] as? Double == 24.6)
        #expect(indoor["aqi"] == nil, "no outdoor index is worked out from indoor particles")
        #expect(indoor["pm2_5"] == nil)
    }

    @Test("an indoor sensor that does not answer: no indoor reading, an indoor failure, the outdoor air as usual, exit 0")
    func indoorDown() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let result = try await run(server, sensorURL: "http://127.0.0.1:9")
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["indoor"] is NSNull)
        let errors = try #require(json["errors"] as? [[String: Any]])
        #expect(errors.contains { $0["provider"] as? String == "airgradient" && $0["part"] as? String == "indoor" })
        #expect(result.stderr.contains("airgradient (indoor)"), "\(result.stderr)")
    }
}

@Suite("indoor sensor in the bar and in Prometheus, end to end")
struct IndoorBarEndToEndTests {
    @Test("waybar: 'in 80 · out 112' and the indoor tooltip line; prometheus: indoor CO2 in ppm")
    func barAndPrometheus() async throws {
        let server = try await FixtureServer.start(routes: indoorRoutes())
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: indoorTables(server))
        let waybar = try await sandbox.run(["--config", sandbox.configPath, "--format", "waybar", "--refresh"])
        #expect(waybar.status == 0, "\(waybar.stderr)")
        let line = try #require(try JSONSerialization.jsonObject(with: Data(waybar.stdout.utf8)) as? [String: Any])
        #expect((line["text"] as? String)?.contains("in 80 · out 112") == true, "\(waybar.stdout)")
        #expect((line["tooltip"] as? String)?.contains("Indoor (airgradient): US AQI 80 · PM2.5 24.6 µg/m³ · CO2 1520 ppm") == true)
        let prometheus = try await sandbox.run(["--config", sandbox.configPath, "--format", "prometheus", "--refresh"])
        #expect(prometheus.status == 0, "\(prometheus.stderr)")
        #expect(prometheus.stdout.contains("breather_indoor_co2_ppm{location=\"Brooklyn\",sensor=\"airgradient\"} 1520"), "\(prometheus.stdout)")
        let template = try await sandbox.run(["--config", sandbox.configPath, "--template", "{indoor_aqi}|{co2}|{aqi}"])
        #expect(template.stdout == "80|1520 ppm|112\n", "\(template.stdout)")
    }
}
