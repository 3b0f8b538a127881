import BreatherTestSupport
import Foundation
import Testing

/// A stand-in `notify-send` first in the daemon's PATH: appends its arguments, one a line,
/// then a `--` line, to `log`.
func fakeNotifySend(in sandbox: Sandbox) throws -> (bin: String, log: String) {
    let bin = sandbox.home.appendingPathComponent("bin").path
    let log = sandbox.home.appendingPathComponent("notify-send.log").path
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    let script = "\(bin)/notify-send"
    try "#!/bin/sh\nprintf '%s\\n' \"$@\" -- >> '\(log)'\nenv >> '\(log).env'\n".write(toFile: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
    return (bin, log)
}

@Suite("alerts: the daemon and watch send desktop notifications through notify-send")
struct AlertTests {
    @Test("a crossing is sent once it held `hold` refreshes, with the category's urgency, and never with a key")
    func crossing() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, interval: "1s",
                                      sources: "[alerts]\ncategory = \"unhealthy_for_sensitive_groups\"\nhold = 3\n")
        let fake = try fakeNotifySend(in: sandbox)
        let daemon = try DaemonProcess(sandbox: sandbox, environment: ["PATH": "\(fake.bin):/usr/bin:/bin",
                                                                         "BREATHER_AIRVISUAL_KEY": "sekrit-alert-key"])
        func sent() -> String { (try? String(contentsOfFile: fake.log, encoding: .utf8)) ?? "" }
        func aqi() -> Int? { (readJSON(sandbox.jsonOutput)?["air_quality"] as? [String: Any])?["aqi"] as? Int }

        // Readings are counted in air requests, not seconds: a reading of the new value can only
        // come from a request logged after the count taken just before the routes change (the
        // server logs a request, then reads its routes). So the requests since that count, read
        // once the notification is there, are at least the readings it took.
        let airAsked = { server.requests.filter(DaemonTests.airRequests).count }
        // Waits for the `count`th notification; returns the air requests since `before` at that moment.
        func requestsUntilNotification(_ count: Int, since before: Int) async -> Int? {
            var asked: Int?
            // The log is read before the requests, so a reading made meanwhile cannot be missed.
            _ = await waitUntil {
                guard sent().components(separatedBy: "--\n").count > count else { return false }
                asked = airAsked() - before
                return true
            }
            return asked
        }

        #expect(await waitUntil { aqi() == 28 }, "\(daemon.stderr)")
        // PM2.5 150 µg/m³ → US AQI 225 Very Unhealthy: one of the two worst categories.
        let low = airAsked()
        try server.setRoutes(openMeteoRoutes(air: .json(airQualityBody(pm25: 150))))
        #expect(await waitUntil { aqi() == 225 }, "\(daemon.stderr)")
        let highReadings = await requestsUntilNotification(1, since: low)
        #expect((highReadings ?? 0) >= 3, "sent after \(String(describing: highReadings)) high readings: \(daemon.stderr)")
        let arguments = sent().split(separator: "\n").map(String.init)
        #expect(Array(arguments.prefix(6)) == ["-a", "Breather", "-u", "critical", "Air quality: Very Unhealthy", arguments[5]])
        #expect(arguments[5] == "Brooklyn: US AQI 225 (PM2.5)", "\(arguments)")
        #expect(arguments.count == 7, "one notification per crossing: \(arguments)")

        // Recovery: a low-urgency notification, again after 3 readings.
        let high = airAsked()
        try server.setRoutes(openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        let lowReadings = await requestsUntilNotification(2, since: high)
        #expect((lowReadings ?? 0) >= 3, "recovery sent after \(String(describing: lowReadings)) good readings: \(daemon.stderr)")
        #expect(sent().components(separatedBy: "--\n").count == 3, "\(sent())")
        #expect(sent().contains("-u\nlow\nAir quality back to Good\n"), "\(sent())")
        let env = (try? String(contentsOfFile: fake.log + ".env", encoding: .utf8)) ?? ""
        #expect(!env.isEmpty && !env.contains("sekrit-alert-key"), "notify-send saw the key")
        #expect(daemon.stderr.contains("alert: Air quality: Very Unhealthy (critical)"), "\(daemon.stderr)")
    }

    @Test("no notify-send: one warning, the daemon keeps running")
    func missing() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 150))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, interval: "1s", sources: "[alerts]\ncategory = \"unhealthy\"\nhold = 1\n")
        let empty = sandbox.home.appendingPathComponent("empty-bin").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let daemon = try DaemonProcess(sandbox: sandbox, environment: ["PATH": empty])
        #expect(await waitUntil { daemon.stderr.contains("notify-send: not found") }, "\(daemon.stderr)")
        // Recover and cross again: a second failed send is not warned about again.
        try server.setRoutes(openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        #expect(await waitUntil { daemon.stderr.contains("alert: Air quality back to Good") }, "\(daemon.stderr)")
        #expect(daemon.stderr.components(separatedBy: "cannot run notify-send").count == 2, "\(daemon.stderr)")
        #expect(daemon.isRunning)
    }

    @Test("watch sends them too, counting polls that bring the same data (and print nothing new)")
    func watch() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "interval = \"1s\"\n[alerts]\ncategory = \"unhealthy_for_sensitive_groups\"\nhold = 2\n")
        let fake = try fakeNotifySend(in: sandbox)
        let watch = try WatchProcess(sandbox, ["--format", "waybar"], environment: ["PATH": "\(fake.bin):/usr/bin:/bin"])
        func sent() -> String { (try? String(contentsOfFile: fake.log, encoding: .utf8)) ?? "" }
        #expect(await waitUntil { sent().contains("--\n") })
        #expect(sent().hasPrefix("-a\nBreather\n-u\nnormal\nAir quality: Unhealthy for Sensitive Groups\nBrooklyn: US AQI 112 (PM2.5)\n--\n"), "\(sent())")
        // The polls brought the same data: nothing new printed (a line only for a change of
        // output, such as the tooltip's age turning over a minute).
        // The loading state came first (nothing was stored).
        let lines = watch.lines
        #expect(lines.first?.contains("loading") == true, "\(lines)")
        #expect(eachLineIsAChange(lines) && lines.dropFirst().allSatisfy { $0.contains("AQI 112") }, "\(lines)")
    }

    @Test("the one-shot never notifies")
    func oneShot() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 150))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "[alerts]\ncategory = \"unhealthy\"\nhold = 1\n")
        let fake = try fakeNotifySend(in: sandbox)
        let result = try await sandbox.run(["--config", sandbox.configPath], environment: ["PATH": "\(fake.bin):/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Very Unhealthy"))
        #expect(!FileManager.default.fileExists(atPath: fake.log))
    }
}
