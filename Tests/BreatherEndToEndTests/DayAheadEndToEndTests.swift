import BreatherTestSupport
import Foundation
import Testing

/// An Open-Meteo fixture with its hours moved so that its current hour is the present one
/// (values untouched): a reply from June read as if it came now, so it is not stale.
func fixtureNow(_ name: String) async throws -> String {
    await clearOfTheHourTurn()
    let path = SupportPaths.fixtures + "/" + name
    var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    var current = try #require(json["current"] as? [String: Any])
    var hourly = try #require(json["hourly"] as? [String: Any])
    let format = DateFormatter()
    format.locale = Locale(identifier: "en_US_POSIX")
    format.timeZone = TimeZone(identifier: "UTC")
    format.dateFormat = "yyyy-MM-dd'T'HH:mm"
    let time = try #require(current["time"] as? String)
    let then = try #require(format.date(from: time))
    let shift = (Date().timeIntervalSince1970 / 3600).rounded(.down) * 3600 - then.timeIntervalSince1970
    func moved(_ text: String) -> String { format.string(from: format.date(from: text)!.addingTimeInterval(shift)) }
    current["time"] = moved(current["time"] as! String)
    hourly["time"] = (hourly["time"] as! [String]).map(moved)
    json["current"] = current
    json["hourly"] = hourly
    return String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
}

/// An Open-Meteo air-quality reply in the documented shape (past_hours=24, forecast_hours=96,
/// hours in GMT) at the present hour: PM2.5 5 µg/m³ (Good), then `high` µg/m³ in the forecast
/// hours `crossing` (1 = the hour after the current one).
func forecastBody(high: Double, crossing: ClosedRange<Int>) async -> String {
    await clearOfTheHourTurn()
    let now = (Date().timeIntervalSince1970 / 3600).rounded(.down) * 3600
    let times = (-24...96).map { "\"\(openMeteoTime(Date(timeIntervalSince1970: now + Double($0) * 3600)))\"" }
    let pm = (-24...96).map { crossing.contains($0) ? "\(high)" : "5.0" }
    func flat(_ value: Double) -> String { "[" + Array(repeating: "\(value)", count: 121).joined(separator: ",") + "]" }
    return """
        {"latitude": 40.7, "longitude": -73.9, "utc_offset_seconds": 0, "timezone": "GMT",
         "current": {"time": \(times[24]), "interval": 3600, "pm2_5": 5.0, "pm10": 10.0, "ozone": 20.0,
                     "nitrogen_dioxide": 10.0, "sulphur_dioxide": 2.0, "carbon_monoxide": 200.0},
         "hourly": {"time": [\(times.joined(separator: ","))], "pm2_5": [\(pm.joined(separator: ","))],
                    "pm10": \(flat(10)), "ozone": \(flat(20)), "nitrogen_dioxide": \(flat(10)),
                    "sulphur_dioxide": \(flat(2)), "carbon_monoxide": \(flat(200))}}
        """
}

@Suite("day ahead end to end: pollen, UV and the pre-alert from fixture replies")
struct DayAheadEndToEndTests {
    static let utc = ["TZ": "UTC"]

    @Test("a high grass count: json lists every species with count and level, the bar names grass, the tooltip the species above zero")
    func grassHigh() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(try await fixtureNow("open-meteo/air_quality.pollen_uv.munich.json"))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let result = try await sandbox.run(["--config", sandbox.configPath, "--format", "json"], environment: Self.utc)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let pollen = try #require(json["pollen"] as? [[String: Any]])
        #expect(pollen.map { $0["species"] as? String } == ["grass", "birch", "alder", "mugwort", "olive", "ragweed"])
        #expect(pollen[0]["count"] as? Double == 45 && pollen[0]["level"] as? String == "high")
        #expect(pollen[1]["count"] as? Double == 6 && pollen[1]["level"] as? String == "low")
        #expect(pollen[2]["level"] as? String == "none")
        let display = try #require(json["display"] as? [String: Any])
        #expect(display["pollen_top"] as? String == "grass high")
        let bar = try await sandbox.run(["--config", sandbox.configPath, "--format", "waybar"], environment: Self.utc)
        let waybar = try #require(try JSONSerialization.jsonObject(with: Data(bar.stdout.utf8)) as? [String: Any])
        let text = try #require(waybar["text"] as? String)
        // The compact text's 40 characters: the advice the grass calls for (an essential), then
        // each of the asthma risk, pollen, UV and the temperature that fits (here UV 8); every
        // part is in the tooltip. 44: ozone's NowCast (issue 41).
        #expect(text == "US AQI 44 Good · UV 8 · keep closed", "\(text)")
        let tooltip = try #require(waybar["tooltip"] as? String)
        #expect(tooltip.contains("Pollen: grass 45 high, birch 6 low (grains/m³, AAAAI NAB levels)"), "\(tooltip)")
        #expect(!tooltip.contains("alder"))
        let template = try await sandbox.run(["--config", sandbox.configPath, "--template", "{pollen} | {pollen_top}"], environment: Self.utc)
        #expect(template.stdout == "grass 45 high, birch 6 low | grass high\n")
        let prometheus = try await sandbox.run(["--config", sandbox.configPath, "--format", "prometheus"], environment: Self.utc)
        #expect(prometheus.stdout.contains("breather_pollen_grains_per_cubic_meter{location=\"Brooklyn\",species=\"grass\"} 45\n"))
        #expect(prometheus.stdout.contains("breather_pollen_level{location=\"Brooklyn\",species=\"grass\"} 3\n"))
    }

    @Test("UV 8 at the current hour: json carries the index, category and today's peak hour; the bar shows it")
    func uvNow() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(try await fixtureNow("open-meteo/air_quality.pollen_uv.munich.json"))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let result = try await sandbox.run(["--config", sandbox.configPath, "--format", "json"], environment: Self.utc)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let uv = try #require(json["uv"] as? [String: Any])
        #expect(uv["index"] as? Double == 8.05)
        #expect(uv["category"] as? String == "very_high")
        #expect(uv["color"] as? String == "#D8001D")
        #expect(uv["peak"] as? Double == 8.1)
        let hour = openMeteoTime(Date()).suffix(5)
        #expect(uv["peak_hour"] as? String == "\(hour) UTC", "\(uv)")
        let bar = try await sandbox.run(["--config", sandbox.configPath, "--format", "waybar"], environment: Self.utc)
        let waybar = try #require(try JSONSerialization.jsonObject(with: Data(bar.stdout.utf8)) as? [String: Any])
        // Grass at NAB "high" also keeps the windows closed ([advice] pollen): the bar says so
        // first, within its 40 characters; UV and the rest are in the tooltip.
        #expect((waybar["text"] as? String)?.hasSuffix(" · keep closed") == true, "\(waybar)")
        #expect((waybar["tooltip"] as? String)?.contains("\nUV: 8 very high") == true, "\(waybar)")
        let template = try await sandbox.run(["--config", sandbox.configPath, "--template", "{uv}"], environment: Self.utc)
        #expect(template.stdout == "UV 8 very high, peak 8 at \(hour) UTC\n")
        let prometheus = try await sandbox.run(["--config", sandbox.configPath, "--format", "prometheus"], environment: Self.utc)
        #expect(prometheus.stdout.contains("breather_uv_index{location=\"Brooklyn\"} 8.05\n"))
    }

    @Test("outside Europe (no pollen in the reply): 'no pollen data here', no zeros anywhere")
    func noPollen() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(try await fixtureNow("open-meteo/air_quality.no_pollen.brooklyn.json"))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let result = try await sandbox.run(["--config", sandbox.configPath, "--format", "json"], environment: Self.utc)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["pollen"] is NSNull)
        let display = try #require(json["display"] as? [String: Any])
        #expect(display["pollen"] as? String == "no pollen data here")
        #expect(display["pollen_top"] as? String == "")
        let bar = try await sandbox.run(["--config", sandbox.configPath, "--format", "waybar"], environment: Self.utc)
        let waybar = try #require(try JSONSerialization.jsonObject(with: Data(bar.stdout.utf8)) as? [String: Any])
        let tooltip = try #require(waybar["tooltip"] as? String)
        #expect(tooltip.contains("Pollen: no pollen data here"), "\(tooltip)")
        #expect(!tooltip.contains("grass") && !tooltip.contains("grains"))
        let prometheus = try await sandbox.run(["--config", sandbox.configPath, "--format", "prometheus"], environment: Self.utc)
        #expect(!prometheus.stdout.contains("breather_pollen"))
        #expect(prometheus.stdout.contains("breather_uv_index{location=\"Brooklyn\"} 9.3\n"))
    }

    @Test("a forecast crossing in 6 h with pre_alert = \"8h\": one notification now, none on the next polls")
    func preAlert() async throws {
        // PM2.5 150 µg/m³ in forecast hours 6 to 10: US AQI Unhealthy from about 6 hours ahead.
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(await forecastBody(high: 150, crossing: 6...10))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, interval: "1s",
                                      sources: "[alerts]\ncategory = \"unhealthy\"\npre_alert = \"8h\"\n")
        let fake = try fakeNotifySend(in: sandbox)
        let daemon = try DaemonProcess(sandbox: sandbox, environment: ["PATH": "\(fake.bin):/usr/bin:/bin", "TZ": "UTC"])
        func sent() -> String { (try? String(contentsOfFile: fake.log, encoding: .utf8)) ?? "" }
        #expect(await waitUntil { sent().contains("--\n") }, "\(daemon.stderr)")
        let asked = server.requests.filter(DaemonTests.airRequests).count
        // Three more polls of the same forecast: nothing more is sent.
        #expect(await waitUntil { server.requests.filter(DaemonTests.airRequests).count >= asked + 3 }, "\(daemon.stderr)")
        let arguments = sent().split(separator: "\n").map(String.init)
        let start = Date(timeIntervalSince1970: ((Date().timeIntervalSince1970 / 3600).rounded(.down) + 6) * 3600)
        #expect(arguments.count == 7, "one notification: \(arguments)")
        #expect(Array(arguments.prefix(4)) == ["-a", "Breather", "-u", "normal"])
        #expect(arguments[4] == "Forecast: US AQI Unhealthy from about \(openMeteoTime(start).suffix(5)) UTC, PM2.5", "\(arguments)")
        let json = readJSON(sandbox.jsonOutput)
        let warnings = (json?["outlook"] as? [String: Any])?["warnings"] as? [[String: Any]]
        #expect(warnings?.first?["kind"] as? String == "air")
    }
}
