import BreatherTestSupport
import Foundation
import Testing

/// Where the built binary is; the server and fixtures come from BreatherTestSupport.
enum Paths {
    /// `breather` sits next to the test bundle in SwiftPM's build folder; BREATHER_BIN overrides.
    static var binary: String {
        if let override = ProcessInfo.processInfo.environment["BREATHER_BIN"] { return override }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundle, bundle.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("breather").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return SupportPaths.repository.appendingPathComponent(".build/debug/breather").path
    }
}

/// What one run of `breather` did.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
    var seconds: Double
}

/// A scratch home for one test: config file, cache and XDG folders, all private.
final class Sandbox: @unchecked Sendable {
    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("breather-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    var configPath: String { home.appendingPathComponent("config.toml").path }

    func writeConfig(_ text: String) throws {
        try text.write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    /// A config pointing every provider at `server`, with a fixed location unless told otherwise
    /// and a per-request `timeout`.
    func writeConfig(server: FixtureServer, location: String? = "latitude = 40.6769\nlongitude = -73.9423\nname = \"Brooklyn\"",
                     extra: String = "", timeout: String = "3s") throws {
        let base = server.baseURL
        try writeConfig("""
            timeout = "\(timeout)"
            \(extra)
            [location]
            \(location ?? "")

            [providers.open-meteo]
            forecast_url = "\(base)/v1"
            air_quality_url = "\(base)/aq/v1"
            geocoding_url = "\(base)/geo/v1"

            [providers.airvisual]
            base_url = "\(base)/v2"

            [providers.propeller]
            base_url = "\(base)/prod"

            [providers.ipapi]
            base_url = "\(base)/ip"

            [providers.waqi]
            base_url = "\(base)/waqi"

            [providers.openweathermap]
            base_url = "\(base)/owm/data/2.5"
            """)
    }

    /// Runs the built binary with this sandbox as HOME and a clean environment (or
    /// `executable executableArguments` instead, e.g. the binary under `script` for a tty).
    func run(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 30,
             executable: String = Paths.binary, executableArguments: [String]? = nil) throws -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = executableArguments ?? arguments
        var env = ["HOME": home.path, "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
                   "XDG_CONFIG_HOME": home.appendingPathComponent("xdg-config").path]
        env.merge(environment) { _, new in new }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let start = Date()
        try process.run()
        // Read both pipes fully before waiting, so a chatty child cannot block on a full pipe.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return RunResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self), seconds: Date().timeIntervalSince(start))
    }

    deinit { try? FileManager.default.removeItem(at: home) }
}
