import BreatherTestSupport
import Foundation
import Testing

/// The built binary reads TZ (through glibc's tzset and localtime_r): times a person reads move
/// with the zone, machine formats keep RFC 3339 with the offset, an unreadable zone says UTC.
@Suite("local time end to end")
struct LocalTimeEndToEndTests {
    /// The forecast body of `BarFormatTests.forecast`: a PM2.5 peak 6 hours ahead.
    func forecastBody() async -> String {
        await clearOfTheHourTurn()
        let now = Date()
        let hours = (-24...24).map { openMeteoTime(now.addingTimeInterval(Double($0) * 3600)) }
        let pm25 = (-24...24).map { $0 == 6 ? "150" : "8" }
        return """
            {"utc_offset_seconds": 0, "current": {"time": "\(hours[24])", "pm2_5": 8, "ozone": 20},
             "hourly": {"time": [\(hours.map { "\"\($0)\"" }.joined(separator: ","))],
                        "pm2_5": [\(pm25.joined(separator: ","))], "ozone": [\(Array(repeating: "20", count: 49).joined(separator: ","))]}}
            """
    }

    /// The hour of the first match of `pattern`, which ends in the two digits of an hour.
    func hour(_ pattern: String, in text: String) -> Int? {
        guard let range = text.range(of: pattern, options: .regularExpression) else { return nil }
        return Int(text[range].suffix(2))
    }

    @Test("TZ=Asia/Shanghai: the tooltip's forecast hour and update time are 8 h ahead of UTC; json has +08:00")
    func shanghai() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(await forecastBody())))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let arguments = ["--format", "waybar", "--config", sandbox.configPath]
        let utc = try await sandbox.run(arguments, environment: ["TZ": "UTC"])
        let shanghai = try await sandbox.run(arguments, environment: ["TZ": "Asia/Shanghai"])
        #expect(utc.status == 0 && shanghai.status == 0, "\(utc.stderr)\(shanghai.stderr)")
        let forecastUTC = try #require(hour(#"Next 24 h: [^\\]*? at \d\d"#, in: utc.stdout), "\(utc.stdout)")
        let forecastLocal = try #require(hour(#"Next 24 h: [^\\]*? at \d\d"#, in: shanghai.stdout), "\(shanghai.stdout)")
        #expect(forecastLocal == (forecastUTC + 8) % 24)
        let updatedUTC = try #require(hour(#"Updated \d{4}-\d\d-\d\d \d\d"#, in: utc.stdout))
        let updatedLocal = try #require(hour(#"Updated \d{4}-\d\d-\d\d \d\d"#, in: shanghai.stdout))
        #expect(updatedLocal == (updatedUTC + 8) % 24)
        #expect(utc.stdout.contains(" UTC"), "UTC is labelled: \(utc.stdout)")
        #expect(!shanghai.stdout.contains("UTC"), "a local zone needs no label: \(shanghai.stdout)")
        let json = try await sandbox.run(["--format", "json", "--config", sandbox.configPath], environment: ["TZ": "Asia/Shanghai"])
        let root = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((root?["updated_at"] as? String)?.hasSuffix("+08:00") == true, "\(json.stdout)")
        #expect(((root?["forecast"] as? [[String: Any]])?.first?["time"] as? String)?.hasSuffix("+08:00") == true)
    }

    @Test("an unreadable TZ falls back to UTC, labelled as such")
    func oddZone() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(await forecastBody())))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let odd = try await sandbox.run(["--format", "waybar", "--config", sandbox.configPath], environment: ["TZ": "Nowhere/Atlantis"])
        #expect(odd.status == 0, "\(odd.stderr)")
        #expect(odd.stdout.contains(" UTC, PM2.5") && odd.stdout.contains(" UTC, "), "\(odd.stdout)")
        let json = try await sandbox.run(["--format", "json", "--config", sandbox.configPath], environment: ["TZ": "Nowhere/Atlantis"])
        #expect(json.stdout.contains("Z\""), "\(json.stdout)")
    }
}
