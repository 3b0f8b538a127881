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
    func crossing() throws {
        let server = try FixtureServer(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, interval: "1s",
                                      sources: "[alerts]\ncategory = \"unhealthy_for_sensitive_groups\"\nhold = 3\n")
        let fake = try fakeNotifySend(in: sandbox)
        let daemon = try DaemonProcess(sandbox: sandbox, environment: ["PATH": "\(fake.bin):/usr/bin:/bin",
                                                                         "BREATHER_AIRVISUAL_KEY": "sekrit-alert-key"])
        func sent() -> String { (try? String(contentsOfFile: fake.log, encoding: .utf8)) ?? "" }
        func aqi() -> Int? { (readJSON(sandbox.jsonOutput)?["air_quality"] as? [String: Any])?["aqi"] as? Int }

        #expect(eventually { aqi() == 28 }, "\(daemon.stderr)")
        // PM2.5 150 µg/m³ → US AQI 225 Very Unhealthy: one of the two worst categories.
        try server.setRoutes(openMeteoRoutes(air: .json(airQualityBody(pm25: 150))))
        #expect(eventually { aqi() == 225 }, "\(daemon.stderr)")
        // The first high reading is on screen; two more refreshes (2 s) must pass before the alert.
        #expect(sent().isEmpty, "sent before 3 readings: \(sent())")
        let crossedAt = Date()
        #expect(eventually { sent().contains("--\n") }, "\(daemon.stderr)")
        #expect(Date().timeIntervalSince(crossedAt) > 1.2, "the alert came after \(Date().timeIntervalSince(crossedAt)) s")
        let arguments = sent().split(separator: "\n").map(String.init)
        #expect(Array(arguments.prefix(6)) == ["-a", "Breather", "-u", "critical", "Air quality: Very Unhealthy", arguments[5]])
        #expect(arguments[5] == "Brooklyn: AQI 225 (PM2.5)", "\(arguments)")
        #expect(arguments.count == 7, "one notification per crossing: \(arguments)")

        // Recovery: a low-urgency notification, again after 3 readings.
        try server.setRoutes(openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        #expect(eventually(timeout: 10) { sent().components(separatedBy: "--\n").count == 3 }, "\(daemon.stderr)")
        #expect(sent().contains("-u\nlow\nAir quality back to Good\n"), "\(sent())")
        let env = (try? String(contentsOfFile: fake.log + ".env", encoding: .utf8)) ?? ""
        #expect(!env.isEmpty && !env.contains("sekrit-alert-key"), "notify-send saw the key")
        #expect(daemon.stderr.contains("alert: Air quality: Very Unhealthy (critical)"), "\(daemon.stderr)")
    }

    @Test("no notify-send: one warning, the daemon keeps running")
    func missing() throws {
        let server = try FixtureServer(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 150))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, interval: "1s", sources: "[alerts]\ncategory = \"unhealthy\"\nhold = 1\n")
        let empty = sandbox.home.appendingPathComponent("empty-bin").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let daemon = try DaemonProcess(sandbox: sandbox, environment: ["PATH": empty])
        #expect(eventually { daemon.stderr.contains("notify-send: not found") }, "\(daemon.stderr)")
        // Recover and cross again: a second failed send is not warned about again.
        try server.setRoutes(openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        #expect(eventually { daemon.stderr.contains("alert: Air quality back to Good") }, "\(daemon.stderr)")
        #expect(daemon.stderr.components(separatedBy: "cannot run notify-send").count == 2, "\(daemon.stderr)")
        #expect(daemon.isRunning)
    }

    @Test("watch sends them too, counting polls that bring the same data (and print nothing new)")
    func watch() throws {
        let server = try FixtureServer(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "interval = \"1s\"\n[alerts]\ncategory = \"unhealthy_for_sensitive_groups\"\nhold = 2\n")
        let fake = try fakeNotifySend(in: sandbox)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Paths.binary)
        process.arguments = ["watch", "--format", "waybar", "--config", sandbox.configPath]
        process.environment = ["HOME": sandbox.home.path, "PATH": "\(fake.bin):/usr/bin:/bin",
                               "XDG_CACHE_HOME": sandbox.home.appendingPathComponent("cache").path]
        let stdin = Pipe(), stdout = Pipe()
        (process.standardInput, process.standardOutput, process.standardError) = (stdin, stdout, FileHandle.nullDevice)
        try process.run()
        defer { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        func sent() -> String { (try? String(contentsOfFile: fake.log, encoding: .utf8)) ?? "" }
        #expect(eventually { sent().contains("--\n") })
        #expect(sent().hasPrefix("-a\nBreather\n-u\nnormal\nAir quality: Unhealthy for Sensitive Groups\nBrooklyn: AQI 112 (PM2.5)\n--\n"), "\(sent())")
    }

    @Test("the one-shot never notifies")
    func oneShot() throws {
        let server = try FixtureServer(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 150))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server, extra: "[alerts]\ncategory = \"unhealthy\"\nhold = 1\n")
        let fake = try fakeNotifySend(in: sandbox)
        let result = try sandbox.run(["--config", sandbox.configPath], environment: ["PATH": "\(fake.bin):/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Very Unhealthy"))
        #expect(!FileManager.default.fileExists(atPath: fake.log))
    }
}
