import BreatherTestSupport
import Foundation
import Testing

/// The daemon's own lines in its config's language (issue 46): a rejected reload, a reload, a
/// changed and a removed `[mqtt]`, and the stop; the broker, topic prefix and config path as
/// they are, the `breather: error:` prefix and exit code unchanged.
@Suite("the daemon's reload, MQTT and stop lines in the people's language")
struct DaemonLanguageTests {
    @Test("[display] language = \"fr\": reload rejected, [mqtt] changed then removed, reloaded, stopped in French; no English sentence")
    func reloadLinesInFrench() async throws {
        let broker = try await MosquittoBroker.start()
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        let sandbox = try Sandbox()
        let french = "\n[display]\nlanguage = \"fr\"\n"
        try sandbox.writeDaemonConfig(server: server, sources: sandbox.mqttTable(broker, prefix: "breather/fr1") + french)
        let daemon = try DaemonProcess(sandbox: sandbox)
        defer { daemon.send(SIGKILL) }
        #expect(await waitUntil { (try? await broker.retained("breather/fr1/state")).flatMap(jsonObject) != nil }, "\(daemon.stderr)")

        try sandbox.writeConfig("standard = \"bogus\"\n")
        daemon.send(SIGHUP)
        #expect(await waitUntil { daemon.stderr.contains("breather: error: rechargement refusé, la configuration précédente est gardée : ") },
                "\(daemon.stderr)")

        try sandbox.writeDaemonConfig(server: server, sources: sandbox.mqttTable(broker, prefix: "breather/fr2") + french)
        daemon.send(SIGHUP)
        #expect(await waitUntil { daemon.stderr.contains(" rechargé\n") }, "\(daemon.stderr)")
        #expect(await waitUntil { daemon.stderr.contains("breather: mqtt: [mqtt] modifié : publication vers ") }, "\(daemon.stderr)")
        #expect(daemon.stderr.contains(" sous breather/fr2\n"), "\(daemon.stderr)")
        #expect(await waitUntil { (try? await broker.retained("breather/fr2/state")).flatMap(jsonObject) != nil }, "\(daemon.stderr)")

        try sandbox.writeDaemonConfig(server: server, sources: french)
        daemon.send(SIGHUP)
        #expect(await waitUntil { daemon.stderr.contains("breather: mqtt: [mqtt] retiré : publication arrêtée\n") }, "\(daemon.stderr)")

        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0)
        #expect(daemon.stderr.contains("\nbreather: arrêté\n"), "\(daemon.stderr.suffix(300))")
        for english in ["reload rejected", "reloaded ", "publishing to", "publishing stopped", "breather: stopped"] {
            #expect(!daemon.stderr.contains(english), "\(english): \(daemon.stderr)")
        }
    }

    @Test("[display] language = \"de\": a failing on_update hook and a missing notify-send in German; label, program and status verbatim")
    func helperLinesInGerman() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 150))))
        let sandbox = try Sandbox()
        try sandbox.writeDaemonConfig(server: server, interval: "1s", top: "on_update = [\"sh\", \"-c\", \"exit 3\"]",
                                      sources: "[alerts]\ncategory = \"unhealthy\"\nhold = 1\n[display]\nlanguage = \"de\"\n")
        // sh is on the PATH, notify-send is not.
        let bin = sandbox.home.appendingPathComponent("bin-without-notify-send").path
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/sh", withDestinationPath: "/bin/sh")
        let daemon = try DaemonProcess(sandbox: sandbox, environment: ["PATH": bin])
        defer { daemon.send(SIGKILL) }
        #expect(await waitUntil { daemon.stderr.contains("breather: warning: on_update: sh endete mit Status 3\n") }, "\(daemon.stderr)")
        #expect(await waitUntil {
            daemon.stderr.contains("breather: warning: alerts: notify-send kann nicht ausgeführt werden: nicht im PATH gefunden "
                                   + "(libnotify-bin installieren); Warnungen werden nur protokolliert\n")
        }, "\(daemon.stderr)")
        #expect(!daemon.stderr.contains("exited with status") && !daemon.stderr.contains("cannot run notify-send"), "\(daemon.stderr)")
    }
}
