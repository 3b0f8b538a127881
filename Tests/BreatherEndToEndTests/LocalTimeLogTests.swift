import BreatherTestSupport
import Foundation
import Testing

/// The history's and the log's local times, read from the real binary with `TZ` in the child's
/// environment: a test that set the zone in-process would shift every other suite running
/// meanwhile (the zone is the process's). The expected times come from Foundation's zone data.
@Suite("local times in history and log, end to end, with TZ given to the child")
struct LocalTimeLogTests {
    /// `seconds` as `format` in `zone` (Foundation: a second opinion on glibc's localtime).
    static func local(_ seconds: Int, _ zone: String, _ format: String = "yyyy-MM-dd'T'HH:mm:ssxxx") -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)!
        formatter.dateFormat = format
        return formatter.string(from: Date(timeIntervalSince1970: Double(seconds)))
    }

    @Test("history in a zone: CSV times carry the local offset (with and without DST), quoted as RFC 4180; the table shows local minutes; --daily local days",
          arguments: [("Europe/Berlin", -1800), ("America/New_York", 9000)])
    func historyTimes(zone: String, secondsIntoUTCDay: Int) async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("[location]\nlatitude = 40.6769\nlongitude = -73.9423\n[history]\nkeep_raw = \"366d\"\n")
        // Days 270, 180, 90 and 1 back: at least one in summer time and one not. At 23:30 UTC
        // (Berlin) or 02:30 UTC (New York), each is on another local day than its UTC one.
        let today = Int(Date().timeIntervalSince1970) / 86_400 * 86_400
        let times = [270, 180, 90, 1].map { today - $0 * 86_400 + secondsIntoUTCDay }
        var csv = HistoryImportTests.header + "\r\n"
        for time in times {
            csv += "\(HistoryImportTests.utcStamp(time)),\"Brooklyn, \"\"NY\"\"\",40.6769,-73.9423,open-meteo,us,,,,22.1" + String(repeating: ",", count: 26) + "\r\n"
        }
        let file = sandbox.home.appendingPathComponent("in.csv").path
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        let env = ["TZ": zone]
        let imported = try await sandbox.run(["history", "import", file, "--config", sandbox.configPath], environment: env)
        #expect(imported.status == 0, "\(imported.stderr)")

        let export = try await sandbox.run(["history", "--since", "366d", "--format", "csv", "--config", sandbox.configPath], environment: env)
        let lines = export.stdout.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
        let stamps = times.map { Self.local($0, zone) }
        #expect(lines.map { String($0.prefix(25)) } == stamps, "\(export.stdout)")
        for line in lines { #expect(line.dropFirst(25).hasPrefix(",\"Brooklyn, \"\"NY\"\"\",40.6769,-73.9423,open-meteo,us,"), "\(line)") }
        // Summer time and standard time both seen: the offset is the day's, not today's.
        #expect(Set(stamps.map { $0.suffix(6) }).count == 2, "\(stamps)")

        let table = try await sandbox.run(["history", "--since", "366d", "--config", sandbox.configPath], environment: env)
        for time in times { #expect(table.stdout.contains(Self.local(time, zone, "yyyy-MM-dd HH:mm")), "\(table.stdout)") }

        let daily = try await sandbox.run(["history", "--daily", "--since", "366d", "--format", "csv", "--config", sandbox.configPath], environment: env)
        let days = daily.stdout.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }.map { String($0.prefix(10)) }
        #expect(days == times.map { Self.local($0, zone, "yyyy-MM-dd") }, "\(daily.stdout)")
        #expect(days != times.map { Self.local($0, "UTC", "yyyy-MM-dd") })
    }

    @Test("log --at reads local times in Europe/Berlin: a clock time, today, yesterday, a date and time (with and without DST), a date, RFC 3339",
          arguments: ["00:00", "today 0:00", "yesterday 22:00", "2026-11-27 08:00", "2026-07-01 08:00", "2026-02-28", "2026-11-20T06:00:00+00:00"])
    func logAt(text: String) async throws {
        let zone = "Europe/Berlin"
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        /// What `text` names, worked out now (the two runs may straddle midnight).
        func expected() -> String {
            let midnight = calendar.startOfDay(for: Date())
            switch text {
            case "00:00", "today 0:00": return Self.local(Int(midnight.timeIntervalSince1970), zone)
            case "yesterday 22:00":
                let yesterday = calendar.date(byAdding: .day, value: -1, to: midnight)!
                return Self.local(Int(calendar.date(bySettingHour: 22, minute: 0, second: 0, of: yesterday)!.timeIntervalSince1970), zone)
            case "2026-11-27 08:00": return "2026-11-27T08:00:00+01:00"
            case "2026-07-01 08:00": return "2026-07-01T08:00:00+02:00"
            case "2026-02-28": return "2026-02-28T12:00:00+01:00"
            default: return "2026-11-20T07:00:00+01:00"
            }
        }
        let sandbox = try Sandbox()
        try sandbox.writeConfig("[location]\nlatitude = 52.52\nlongitude = 13.41\nname = \"Berlin\"\n")
        let env = ["TZ": zone]
        let before = expected()
        let logged = try await sandbox.run(["log", "2", "--at", text, "--config", sandbox.configPath], environment: env)
        #expect(logged.status == 0, "\(logged.stderr)")
        let after = expected()
        let list = try await sandbox.run(["log", "list", "--format", "csv", "--config", sandbox.configPath], environment: env)
        let lines = list.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.count == 2, "\(list.stdout)")
        let time = String(lines.last?.prefix { $0 != "," } ?? "")
        #expect(time == before || time == after, "\(text): \(time), expected \(before)")
    }

    @Test("log list --format csv in Europe/Berlin writes local offsets; log import into another store gives the same bytes; twice adds nothing")
    func logRoundTrip() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("[location]\nlatitude = 40.6769\nlongitude = -73.9423\nname = \"Brooklyn\"\n")
        let env = ["TZ": "Europe/Berlin"]
        for arguments in [["3", "--reliever", "2", "--pef", "410", "--night", "--symptom", "wheeze=2", "--symptom", "cough=0", "--tag", "smoke",
                           "--tag", "my-own_tag", "--note", "bonfire, \"next door\"\nall evening", "--at", "2026-11-20 09:00", "--place", "Brooklyn"],
                          ["1", "--pef", "480", "--at", "2026-07-01 07:00"]] {
            let logged = try await sandbox.run(["log"] + arguments + ["--config", sandbox.configPath], environment: env)
            #expect(logged.status == 0, "\(logged.stderr)")
        }
        let export = try await sandbox.run(["log", "list", "--format", "csv", "--config", sandbox.configPath], environment: env)
        let lines = export.stdout.components(separatedBy: "\r\n")
        #expect(lines.first == "time,place,score,reliever,peak_flow,night_waking,activity_limited,cough,wheeze,chest_tightness,breathlessness,tags,note,exposure")
        #expect(lines.contains("2026-11-20T09:00:00+01:00,Brooklyn,3,2,410,1,,0,2,,,smoke;my-own_tag,\"bonfire, \"\"next door\"\"\nall evening\","),
                "\(export.stdout)")
        #expect(lines.contains("2026-07-01T07:00:00+02:00,,1,,480,,,,,,,,,"), "\(export.stdout)")

        let file = sandbox.home.appendingPathComponent("log.csv").path
        try export.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let other = ["XDG_STATE_HOME": sandbox.home.appendingPathComponent("other").path, "TZ": "Europe/Berlin"]
        let imported = try await sandbox.run(["log", "import", file, "--config", sandbox.configPath], environment: other)
        #expect(imported.status == 0 && imported.stdout.hasSuffix("(2 new)\n"), "\(imported.stdout)\(imported.stderr)")
        let again = try await sandbox.run(["log", "list", "--format", "csv", "--config", sandbox.configPath], environment: other)
        #expect(again.stdout == export.stdout)
        let twice = try await sandbox.run(["log", "import", file, "--config", sandbox.configPath], environment: other)
        #expect(twice.status == 0 && twice.stdout.hasSuffix("(0 new)\n"), "\(twice.stdout)\(twice.stderr)")
    }
}
