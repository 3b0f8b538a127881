import BreatherTestSupport
import Foundation
import Testing

/// `breather history import` of files made elsewhere: large ones, Excel's, wrong ones far down.
@Suite("breather history import: held to live readings' limits, read as it streams")
struct HistoryImportTests {
    static let header = "time,place,latitude,longitude,source,standard,aqi,category,main_pollutant,pm2_5,pm10,o3,no2,so2,co,reported_us,reported_china,reported_china_2012,reported_eu,reported_uk,reported_india,reported_canada,temperature_c,humidity,pressure_hpa,wind_speed_ms,wind_direction_deg,pollen_alder,pollen_birch,pollen_grass,pollen_mugwort,pollen_olive,pollen_ragweed,uv_index,asthma_risk,asthma_probability"

    /// Ten-minute rows ending two days ago, with PM2.5, ozone and the temperature.
    /// `count` rows 10 minutes apart, ending two days ago; none whose age is in `skippingAges`
    /// (seconds), so a run that lasts minutes cannot see a row cross that age between imports.
    static func rows(_ count: Int, skippingAges: Range<Int>? = nil, ozone: (Int) -> String = { _ in "55" }) -> String {
        let now = Int(Date().timeIntervalSince1970)
        let end = now / 600 * 600 - 2 * 86_400
        var text = header + "\r\n"
        for index in 0..<count {
            if let skippingAges, skippingAges.contains(now - (end - (count - index) * 600)) { continue }
            let stamp = utcStamp(end - (count - index) * 600)
            text += "\(stamp),Home,1,2,open-meteo,us,,,,12.5,,\(ozone(index)),,,,,,,,,,,-3.5" + String(repeating: ",", count: 13) + "\r\n"
        }
        return text
    }

    /// `2026-11-22T13:40:00+00:00` for a Unix time, from gmtime_r: an ISO8601DateFormatter made
    /// for each of 45,000 rows cost the suite 11 s of CPU, more than the imports it feeds.
    static func utcStamp(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var fields = tm()
        gmtime_r(&time, &fields)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(fields.tm_year + 1900)-\(two(fields.tm_mon + 1))-\(two(fields.tm_mday))T\(two(fields.tm_hour)):\(two(fields.tm_min)):\(two(fields.tm_sec))+00:00"
    }

    @Test("an ozone of -40 on line 15,000 of 20,000: one line naming it, exit 65, no store left behind; then into an existing store, nothing added")
    func implausibleFarDown() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("[location]\nlatitude = 1\nlongitude = 2\n")
        let file = sandbox.home.appendingPathComponent("far.csv").path
        // Line 1 is the header: row index 14,998 is line 15,000.
        try Self.rows(20_000) { $0 == 14_998 ? "-40" : "55" }.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try await sandbox.run(["history", "import", file, "--config", sandbox.configPath])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("line 15000: o3 -40 µg/m³ (expected 0 to 100000 µg/m³)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: sandbox.historyPath), "nothing half-imported")
        // A store that exists keeps what it had.
        let good = sandbox.home.appendingPathComponent("good.csv").path
        try Self.rows(10).write(toFile: good, atomically: true, encoding: .utf8)
        let first = try await sandbox.run(["history", "import", good, "--config", sandbox.configPath])
        #expect(first.status == 0, "\(first.stderr)")
        let again = try await sandbox.run(["history", "import", file, "--config", sandbox.configPath])
        #expect(again.status == 65, "\(again.stderr)")
        let export = try await sandbox.run(["history", "--since", "30d", "--format", "csv", "--config", sandbox.configPath])
        #expect(export.stdout.split(whereSeparator: \.isNewline).count == 11, "\(export.stdout.prefix(500))")
    }

    @Test("Excel's CSV UTF-8 (a byte order mark) imports; a row dated 2099 is refused with its line")
    func byteOrderMarkAndFuture() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("[location]\nlatitude = 1\nlongitude = 2\n")
        let excel = sandbox.home.appendingPathComponent("excel.csv").path
        try (Data([0xEF, 0xBB, 0xBF]) + Data(Self.rows(3).utf8)).write(to: URL(fileURLWithPath: excel))
        let imported = try await sandbox.run(["history", "import", excel, "--config", sandbox.configPath])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("imported 9 readings"), "\(imported.stdout)")
        let future = sandbox.home.appendingPathComponent("future.csv").path
        try (Self.rows(2) + "2099-01-01T00:00:00+00:00,Home,1,2,open-meteo,us,,,,12.5" + String(repeating: ",", count: 26) + "\r\n")
            .write(toFile: future, atomically: true, encoding: .utf8)
        let refused = try await sandbox.run(["history", "import", future, "--config", sandbox.configPath])
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains("line 4: time 2099-01-01T00:00:00+00:00 is in the future"), "\(refused.stderr)")
    }

    @Test("killed part-way (its file a pipe, half written): the store passes its integrity check and keeps what it had; importing the file then adds each row once")
    func killedPartWay() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("[location]\nlatitude = 1\nlongitude = 2\n")
        // About 2.3 MB (the import reads a megabyte at a time), 2 to 176 days old, with no row
        // within a day of `keep_raw`'s 90 days: the imports minutes apart roll up the same rows.
        let all = Self.rows(25_000, skippingAges: 89 * 86_400 ..< 91 * 86_400)
        let file = sandbox.home.appendingPathComponent("all.csv").path
        try all.write(toFile: file, atomically: true, encoding: .utf8)
        let last = sandbox.home.appendingPathComponent("last.csv").path
        try Self.rows(10).write(toFile: last, atomically: true, encoding: .utf8)  // the file's last 10 rows
        #expect(try await sandbox.run(["history", "import", last, "--config", sandbox.configPath]).status == 0)
        let before = try sqlite3(sandbox.historyPath, "SELECT count(*) FROM reading")
        #expect(before == "30")
        // The file through a pipe: once 1.6 MB are written, the import has read its first megabyte
        // and written its batches, and waits for the rest inside its transaction.
        let fifo = sandbox.home.appendingPathComponent("pipe.csv").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let head = Data(all.utf8.prefix(1_600_000))
        let (home, config) = (sandbox.home.path, sandbox.configPath)
        let status = try await offThePool { () throws -> Int32 in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Paths.binary)
            process.arguments = ["history", "import", fifo, "--config", config]
            process.environment = ["HOME": home, "PATH": "/usr/bin:/bin"]
            try process.run()
            let pipe = FileHandle(forWritingAtPath: fifo)!  // opens once the import opens it
            pipe.write(head)
            kill(process.processIdentifier, SIGKILL)
            let status = reap(process)
            try? pipe.close()
            return status
        }
        #expect(status != 0, "the import was killed before the end of its file")
        #expect(try sqlite3(sandbox.historyPath, "PRAGMA integrity_check") == "ok")
        #expect(try sqlite3(sandbox.historyPath, "SELECT count(*) FROM reading") == before, "nothing of the killed import stays")
        // Imported whole, twice: each row once, as into a new store.
        #expect(try await sandbox.run(["history", "import", file, "--config", sandbox.configPath]).status == 0)
        let once = try sqlite3(sandbox.historyPath, "SELECT count(*) FROM reading") + " " + (try sqlite3(sandbox.historyPath, "SELECT count(*) FROM daily"))
        #expect(try await sandbox.run(["history", "import", file, "--config", sandbox.configPath]).status == 0)
        let twice = try sqlite3(sandbox.historyPath, "SELECT count(*) FROM reading") + " " + (try sqlite3(sandbox.historyPath, "SELECT count(*) FROM daily"))
        #expect(twice == once)
        let fresh = try Sandbox()
        try fresh.writeConfig("[location]\nlatitude = 1\nlongitude = 2\n")
        #expect(try await fresh.run(["history", "import", file, "--config", fresh.configPath]).status == 0)
        #expect(try sqlite3(fresh.historyPath, "SELECT count(*) FROM reading") + " " + (try sqlite3(fresh.historyPath, "SELECT count(*) FROM daily")) == once)
        #expect(try sqlite3(sandbox.historyPath, "PRAGMA integrity_check") == "ok")
    }
}
