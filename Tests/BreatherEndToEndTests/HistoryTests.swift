import BreatherTestSupport
import Foundation
import Testing

/// An Open-Meteo air-quality reply as `past_days=7&forecast_hours=25` brings it: every hour
/// from 7 days ago to 24 hours ahead (UTC), PM2.5 rising and falling through the day.
func backfillBody(days: Int = 7) async -> String {
    await clearOfTheHourTurn()
    let now = Date()
    let hourStart = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 3600).rounded(.down) * 3600)
    let hours = (-(days * 24)...24).map { hourStart.addingTimeInterval(Double($0) * 3600) }
    let times = hours.map { "\"\(openMeteoTime($0))\"" }.joined(separator: ",")
    func series(_ base: Double, _ swing: Double) -> String {
        "[" + hours.indices.map { "\(((base + swing * sin(Double($0) / 4)) * 10).rounded() / 10)" }.joined(separator: ",") + "]"
    }
    return """
        {"latitude": 40.7, "longitude": -73.9, "utc_offset_seconds": 0,
         "current": {"time": "\(openMeteoTime(now))", "interval": 3600, "pm2_5": 22.1, "pm10": 28.2, "ozone": 42.0,
                     "nitrogen_dioxide": 11.2, "sulphur_dioxide": 2.5, "carbon_monoxide": 229.0, "birch_pollen": 14.0},
         "hourly": {"time": [\(times)], "pm2_5": \(series(20, 15)), "pm10": \(series(30, 10)), "ozone": \(series(50, 30)),
                    "nitrogen_dioxide": \(series(15, 5)), "sulphur_dioxide": \(series(2, 1)), "carbon_monoxide": \(series(200, 50))}}
        """
}

/// Runs the `sqlite3` shell on `path` (Debian's sqlite3 package, installed by install-deps.sh).
func sqlite3(_ path: String, _ sql: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [path, sql]
    let pipe = try closeOnExecPipe()
    process.standardOutput = pipe.write
    try process.run()
    try pipe.write.close()
    let data = pipe.read.readDataToEndOfFile()
    _ = reap(process)
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

extension Sandbox {
    var historyPath: String { home.appendingPathComponent(".local/state/breather/history.sqlite3").path }
    var historyFolder: String { home.appendingPathComponent(".local/state/breather").path }
}

@Suite("breather history: the store every fetch fills, read back and imported")
struct HistoryTests {
    static let berlin = ["TZ": "Europe/Berlin"]

    func backfilled() async throws -> (FixtureServer, Sandbox) {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(await backfillBody())))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let result = try await sandbox.run(["--config", sandbox.configPath], environment: Self.berlin)
        #expect(result.status == 0, "\(result.stderr)")
        return (server, sandbox)
    }

    @Test("on an empty HOME one one-shot backfills: --since 48h as CSV has a header and ≥ 24 hourly rows with the local offset")
    func backfill() async throws {
        let (server, sandbox) = try await backfilled()
        #expect(server.requests.contains { $0.hasPrefix("/aq/v1/air-quality") && $0.contains("past_days=7&") })
        let csv = try await sandbox.run(["history", "--since", "48h", "--format", "csv", "--config", sandbox.configPath], environment: Self.berlin)
        #expect(csv.status == 0, "\(csv.stderr)")
        let lines = csv.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.first?.hasPrefix("time,place,latitude,longitude,source,standard,aqi,category,main_pollutant,pm2_5,") == true)
        let hourly = lines.dropFirst().filter { $0.contains(",open-meteo,us,") && $0.contains(":00:00+01:00,") }
        #expect(hourly.count >= 24, "\(lines.count) lines")
        #expect(csv.stderr.isEmpty)
        // The next fetch for the same place asks for the usual 24 hours only.
        _ = try await sandbox.run(["--refresh", "--config", sandbox.configPath])
        let air = server.requests.filter { $0.hasPrefix("/aq/v1/air-quality") }
        #expect(air.count == 2)
        #expect(air.last?.contains("past_hours=24") == true)
    }

    @Test("two one-shots of the same hours make one row per place, source, time and variable (the daemon: killNine)")
    func oneRowPerKey() async throws {
        let (_, sandbox) = try await backfilled()
        let first = try sqlite3(sandbox.historyPath, "SELECT count(*) FROM reading")
        _ = try await sandbox.run(["--refresh", "--config", sandbox.configPath])
        #expect(try sqlite3(sandbox.historyPath, "SELECT count(*) FROM reading") == first)
        #expect(try sqlite3(sandbox.historyPath, "SELECT count(*) FROM reading WHERE variable = (SELECT id FROM variable WHERE name = 'pm2_5')")
                == "\(7 * 24 + 1)")
        #expect(try sqlite3(sandbox.historyPath, "PRAGMA journal_mode") == "wal")
    }

    @Test("--format json parses, --daily gives a row per day, chart fits 80 columns without colour under NO_COLOR")
    func formats() async throws {
        let (_, sandbox) = try await backfilled()
        let json = try await sandbox.run(["history", "--format", "json", "--standard", "eu", "--config", sandbox.configPath], environment: Self.berlin)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["standard"] as? String == "eu")
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(rows.count >= 7 * 24)
        #expect(rows.contains { $0["aqi"] is Int && $0["category"] is String && $0["pm2_5"] is Double })
        let daily = try await sandbox.run(["history", "--daily", "--format", "csv", "--config", sandbox.configPath], environment: Self.berlin)
        let days = daily.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }.dropFirst()
        let dates = days.map { $0.prefix(10) }
        #expect(Set(dates).count == dates.filter { _ in true }.count, "one row per day and source: \(dates)")
        #expect(days.count >= 7 && days.count <= 9)
        let chart = try await sandbox.run(["history", "--format", "chart", "--config", sandbox.configPath], environment: ["NO_COLOR": "1"])
        #expect(chart.status == 0)
        let lines = chart.stdout.split(separator: "\n")
        #expect(lines.count >= 12)
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(!chart.stdout.contains("\u{1B}"))
        // Issue 48: COLUMNS sets the width (the time axis spans it).
        let wide = try await sandbox.run(["history", "--format", "chart", "--config", sandbox.configPath],
                                         environment: ["NO_COLOR": "1", "COLUMNS": "132"])
        let wideLines = wide.stdout.split(separator: "\n")
        #expect(wideLines.allSatisfy { $0.count <= 132 } && wideLines.contains { $0.count == 131 }, "\(wide.stdout)")
        let table = try await sandbox.run(["history", "--since", "6h", "--config", sandbox.configPath])
        #expect(table.stdout.hasPrefix("Time "))
    }

    @Test("export, import into a new store, export again: the same bytes; a second import adds nothing")
    func roundTrip() async throws {
        let (_, sandbox) = try await backfilled()
        let export = try await sandbox.run(["history", "--since", "30d", "--format", "csv", "--config", sandbox.configPath], environment: Self.berlin)
        let file = sandbox.home.appendingPathComponent("air.csv").path
        try export.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let other = ["XDG_STATE_HOME": sandbox.home.appendingPathComponent("other").path, "TZ": "Europe/Berlin"]
        let imported = try await sandbox.run(["history", "import", file, "--config", sandbox.configPath], environment: other)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("into \(sandbox.home.path)/other/breather/history.sqlite3"))
        let again = try await sandbox.run(["history", "--since", "30d", "--format", "csv", "--config", sandbox.configPath], environment: other)
        #expect(again.stdout == export.stdout)
        let twice = try await sandbox.run(["history", "import", file, "--config", sandbox.configPath], environment: other)
        #expect(twice.status == 0)
        #expect(twice.stdout.hasSuffix("(0 new)\n"), "\(twice.stdout)")
    }

    @Test("an import that ends six days ago: the next fetch asks for the days since, so --daily has no hole (issue 48)")
    func importThenBackfill() async throws {
        let (server, sandbox) = try await backfilled()
        let export = try await sandbox.run(["history", "--since", "8d", "--until", "6d", "--format", "csv", "--config", sandbox.configPath],
                                           environment: Self.berlin)
        let file = sandbox.home.appendingPathComponent("older.csv").path
        try export.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let other = ["XDG_STATE_HOME": sandbox.home.appendingPathComponent("other").path, "TZ": "Europe/Berlin"]
        let imported = try await sandbox.run(["history", "import", file, "--config", sandbox.configPath], environment: other)
        #expect(imported.status == 0, "\(imported.stderr)")
        let before = server.requests.count
        let fetched = try await sandbox.run(["--refresh", "--config", sandbox.configPath], environment: other)
        #expect(fetched.status == 0, "\(fetched.stderr)")
        let air = server.requests.dropFirst(before).filter { $0.hasPrefix("/aq/v1/air-quality") }
        #expect(air.contains { $0.contains("past_days=6&") || $0.contains("past_days=7&") }, "\(air)")
    }

    @Test("an export from before UV (no uv_index column) imports, UV missing, every other reading kept")
    func importBeforeUV() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("[location]\nlatitude = 48.137\nlongitude = 11.575\n")
        let file = SupportPaths.repository.appendingPathComponent("Tests/Fixtures/history/export-before-uv.csv").path
        let berlin = ["TZ": "Europe/Berlin"]
        let imported = try await sandbox.run(["history", "import", file, "--config", sandbox.configPath], environment: berlin)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try sqlite3(sandbox.historyPath, "SELECT count(*) FROM reading JOIN variable ON variable.id = reading.variable WHERE variable.name = 'uv_index'") == "0")
        let export = try await sandbox.run(["history", "--since", "3650d", "--format", "csv", "--config", sandbox.configPath], environment: berlin)
        let lines = export.stdout.split(separator: "\r\n").map(String.init)
        let header = try #require(lines.first).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        func column(_ name: String, of line: String) -> String? {
            header.firstIndex(of: name).map { line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)[$0] }
        }
        let air = lines.filter { $0.hasPrefix("2026-06-02T12:00:00+02:00") && $0.contains(",open-meteo,") }
        #expect(air.count == 1, "\(export.stdout)")
        #expect(column("pm2_5", of: air.first ?? "") == "14" && column("pollen_grass", of: air.first ?? "") == "52")
        #expect(column("asthma_risk", of: air.first ?? "") == "medium")
        #expect(column("uv_index", of: air.first ?? "") == "", "UV missing, not 0")
        #expect(lines.contains { column("temperature_c", of: $0) == "21.4" })
    }

    @Test("days older than a year, kept as daily summaries, show with --daily; without it a warning says where they are")
    func dailySummariesShow() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("[location]\nlatitude = 48.137\nlongitude = 11.575\n")
        // A day from 2025 in an export: importing it rolls it into the daily tier at once.
        let fixture = SupportPaths.repository.appendingPathComponent("Tests/Fixtures/history/export-before-uv.csv").path
        let header = try #require(try String(contentsOfFile: fixture, encoding: .utf8).split(separator: "\r\n").first).split(separator: ",").map(String.init)
        var lines = [header.joined(separator: ",")]
        for hour in 0..<24 {
            var fields = header.map { _ in "" }
            func set(_ column: String, _ value: String) { fields[header.firstIndex(of: column)!] = value }
            set("time", "2025-06-02T\(hour < 10 ? "0" : "")\(hour):00:00+00:00")
            set("place", "Home"); set("latitude", "48.137"); set("longitude", "11.575"); set("source", "open-meteo")
            set("pm2_5", hour == 12 ? "60" : "10")
            set("pollen_grass", hour == 9 ? "40" : "5")
            lines.append(fields.joined(separator: ","))
        }
        let file = sandbox.home.appendingPathComponent("2025.csv").path
        try (lines.joined(separator: "\r\n") + "\r\n").write(toFile: file, atomically: true, encoding: .utf8)
        let utc = ["TZ": "UTC"]
        let imported = try await sandbox.run(["history", "import", file, "--config", sandbox.configPath], environment: utc)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasSuffix("(0 new); 1 day over a year old kept as daily summaries\n"), "\(imported.stdout)")
        #expect(try sqlite3(sandbox.historyPath, "SELECT count(*) FROM reading") == "0")
        #expect(try sqlite3(sandbox.historyPath, "SELECT count(*) FROM daily") == "2")

        let daily = try await sandbox.run(["history", "--daily", "--since", "2025-06-01", "--format", "csv", "--config", sandbox.configPath], environment: utc)
        #expect(daily.status == 0, "\(daily.stderr)")
        // US AQI of the day's mean (12.0 µg/m³) 56, of its highest hour (60) 154; no hours by category.
        let csv = daily.stdout.split(separator: "\r\n").map(String.init)
        let blankHours = String(repeating: ",", count: (csv.first ?? "").split(separator: ",").filter { $0.hasPrefix("hours_") }.count)
        #expect(blankHours.count == 7)
        #expect(csv.dropFirst().map { $0 }
                == ["2025-06-02,Home,48.137,11.575,open-meteo,us,154,56,pm2_5,\(blankHours)40,grass"], "\(daily.stdout)")
        let table = try await sandbox.run(["history", "--daily", "--since", "2025-06-01", "--config", sandbox.configPath], environment: utc)
        #expect(table.stdout.contains("2025-06-02") && table.stdout.contains("daily summary (UTC day)"), "\(table.stdout)")

        let rows = try await sandbox.run(["history", "--since", "2025-06-01", "--config", sandbox.configPath], environment: utc)
        #expect(rows.status == 0)
        #expect(rows.stdout.split(separator: "\n").count == 1, "only the heading: \(rows.stdout)")
        #expect(rows.stderr.contains("history: the days up to 2025-06-02 are kept only as daily summaries: add --daily to see them"), "\(rows.stderr)")
        // The chart draws hours (--daily is refused with it): it says so too.
        let chart = try await sandbox.run(["history", "--format", "chart", "--since", "2025-06-01", "--config", sandbox.configPath], environment: utc)
        #expect(chart.stderr.contains("kept only as daily summaries"), "\(chart.stderr)")
    }

    @Test("bad import input is one line naming the line, exit 65, and nothing imported")
    func badImport() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("[location]\nlatitude = 1\nlongitude = 2\n")
        let header = "time,place,latitude,longitude,source,standard,aqi,category,main_pollutant,pm2_5,pm10,o3,no2,so2,co,reported_us,reported_china,reported_china_2012,reported_eu,reported_uk,reported_india,reported_canada,temperature_c,humidity,pressure_hpa,wind_speed_ms,wind_direction_deg,pollen_alder,pollen_birch,pollen_grass,pollen_mugwort,pollen_olive,pollen_ragweed,uv_index,asthma_risk,asthma_probability"
        let good = "2026-11-20T00:00:00+00:00,Home,1,2,open-meteo,us,,,,12" + String(repeating: ",", count: 26)
        let bad = "2026-11-20T01:00:00+00:00,Home,1,2,open-meteo,us,,,,twelve" + String(repeating: ",", count: 26)
        let cases: [(String, Data, String)] = [
            ("numbers.csv", Data((header + "\r\n" + good + "\r\n" + bad + "\r\n").utf8), "line 3: pm2_5 \"twelve\" is not a number"),
            ("header.csv", Data("date,value\r\n1,2\r\n".utf8), "line 1: not a breather history export"),
            ("binary.csv", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }), "line 1"),
        ]
        for (name, bytes, message) in cases {
            let file = sandbox.home.appendingPathComponent(name).path
            try bytes.write(to: URL(fileURLWithPath: file))
            let result = try await sandbox.run(["history", "import", file, "--config", sandbox.configPath])
            #expect(result.status == 65, "\(name): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(name): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(name): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.historyPath), "nothing half-imported")
    }

    @Test("a store of random bytes: the one-shot prints its status, exits 0, warns once and moves the file aside")
    func corruptStore() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(await backfillBody())))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        try FileManager.default.createDirectory(atPath: sandbox.historyFolder, withIntermediateDirectories: true)
        try Data((0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }).write(to: URL(fileURLWithPath: sandbox.historyPath))
        let result = try await sandbox.run(["--config", sandbox.configPath])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Brooklyn · US AQI "), "\(result.stdout)")
        let warnings = result.stderr.split(separator: "\n")
        #expect(warnings.count == 1, "\(result.stderr)")
        #expect(warnings.first?.contains("moved it to \(sandbox.historyPath).corrupt-") == true, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: sandbox.historyFolder)
        #expect(files.contains { $0.hasPrefix("history.sqlite3.corrupt-") })
        #expect(try sqlite3(sandbox.historyPath, "PRAGMA integrity_check") == "ok")
        #expect(Int(try sqlite3(sandbox.historyPath, "SELECT count(*) FROM reading")) ?? 0 > 24)
    }

    @Test("a store that cannot be written: the status still prints, one warning, the exit code unchanged")
    func unwritableStore() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(await backfillBody())))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "[history]\npath = \"\(sandbox.home.path)/plain-file/history.sqlite3\"\n")
        try Data("x".utf8).write(to: sandbox.home.appendingPathComponent("plain-file"))
        let result = try await sandbox.run(["--config", sandbox.configPath])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Brooklyn · US AQI "), "\(result.stdout)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("history: cannot write"))
    }

    @Test("[history] enabled = false: no file, no backfill")
    func disabled() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(await backfillBody())))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "[history]\nenabled = false\n")
        let result = try await sandbox.run(["--config", sandbox.configPath])
        #expect(result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: sandbox.historyFolder))
        #expect(server.requests.contains { $0.contains("past_hours=24") })
        let config = try await sandbox.run(["config", "--config", sandbox.configPath])
        #expect(config.stdout.contains("history.enabled = false  # "))
        #expect(config.stdout.contains("history.path = \"\(sandbox.historyPath)\"  # default"))
        #expect(config.stdout.contains("history.keep_raw = \"90d\"  # default"))
    }

    @Test("kill -9 during writes leaves a store that passes integrity_check and keeps every committed row")
    func killNine() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(await backfillBody())))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, interval: "1s")
        var committed = 0
        for round in 0..<8 {
            let daemon = try DaemonProcess(sandbox: sandbox)
            let ready = await waitUntil(timeout: 30) { FileManager.default.fileExists(atPath: sandbox.historyPath) }
            #expect(ready)
            try await Task.sleep(for: .milliseconds(300 + (round * 137) % 900))
            daemon.send(SIGKILL)
            _ = await daemon.waitForExit()
            #expect(try sqlite3(sandbox.historyPath, "PRAGMA integrity_check") == "ok", "round \(round)")
            let count = Int(try sqlite3(sandbox.historyPath, "SELECT count(*) FROM reading")) ?? -1
            #expect(count >= committed, "round \(round): \(count) rows after \(committed)")
            committed = count
        }
        #expect(committed > 7 * 24)
    }

    @Test("the bar: the waybar tooltip carries a 24-hour sparkline, json a trend, templates both")
    func inTheBar() async throws {
        let (_, sandbox) = try await backfilled()
        let waybar = try await sandbox.run(["--format", "waybar", "--config", sandbox.configPath])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(waybar.stdout.utf8)) as? [String: Any])
        let tooltip = try #require(object["tooltip"] as? String)
        let line = try #require(tooltip.split(separator: "\n").first { $0.hasPrefix("Last 24 h ") })
        let blocks = line.dropFirst("Last 24 h ".count).prefix(24)
        #expect(blocks.count == 24 && blocks.allSatisfy { "▁▂▃▄▅▆▇█".contains($0) }, "\(line)")
        let json = try await sandbox.run(["--format", "json", "--config", sandbox.configPath])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(["rising", "falling", "steady"].contains(root["trend"] as? String ?? ""), "\(root["trend"] ?? "none")")
        let display = try #require(root["display"] as? [String: Any])
        #expect((display["sparkline"] as? String)?.count == 24)
        let template = try await sandbox.run(["--template", "{trend}|{sparkline}", "--config", sandbox.configPath])
        #expect(template.stdout.hasPrefix(root["trend"] as! String + "|"))
        // plain shows no sparkline and, answered from the cache, opens no database.
        let plain = try await sandbox.run(["--config", sandbox.configPath])
        #expect(!plain.stdout.contains("▁") && !plain.stdout.contains("█"))
    }

    @Test("help names every flag; an unknown one is a usage error")
    func help() async throws {
        let sandbox = try Sandbox()
        let help = try await sandbox.run(["help", "history"])
        for flag in ["--since <when>", "--until <when>", "--standard <standard>", "--format <format>", "--daily", "import <file.csv>"] {
            #expect(help.stdout.contains(flag), "\(flag)")
        }
        let bad = try await sandbox.run(["history", "--since", "soon"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("'--since <when>'"))
        let chart = try await sandbox.run(["history", "--daily", "--format", "chart"])
        #expect(chart.status == 64)
        let ignored = try await sandbox.run(["--latitude", "1", "--longitude", "2", "history"])
        #expect(ignored.status == 64)
        #expect(ignored.stderr.contains("breather history reads --config, --log-level, --standard and --language before 'history'"))
        let bash = try await sandbox.run(["--generate-completion-script", "bash"])
        #expect(bash.stdout.contains("history") && bash.stdout.contains("--since") && bash.stdout.contains("chart"))
    }
}
