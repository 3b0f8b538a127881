import Foundation
import Testing

/// Paths the end-to-end tests need: the repo, the shared fixtures and the built binary.
enum Paths {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = repo.appendingPathComponent("../shared/fixtures/providers").standardized.path
    static let server = repo.appendingPathComponent("Tests/Support/fixture_server.py").path

    /// `breather` sits next to the test bundle in SwiftPM's build folder; BREATHER_BIN overrides.
    static var binary: String {
        if let override = ProcessInfo.processInfo.environment["BREATHER_BIN"] { return override }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundle, bundle.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("breather").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return repo.appendingPathComponent(".build/debug/breather").path
    }
}

/// One reply the loopback server gives for a path (see Tests/Support/fixture_server.py).
struct Route: Encodable {
    var fixture: String?
    var body: String?
    var status: Int?
    var headers: [String: String]?
    var delay: Double?
    var bytes: Int?

    static func fixture(_ name: String) -> Route { Route(fixture: name) }
    static func json(_ body: String, status: Int = 200, headers: [String: String]? = nil) -> Route {
        Route(body: body, status: status, headers: headers)
    }
}

/// A spawned `fixture_server.py` on 127.0.0.1 with its own routes file and request log.
final class FixtureServer: @unchecked Sendable {
    let directory: URL
    let port: Int
    private let process: Process
    var baseURL: String { "http://127.0.0.1:\(port)" }
    var routesPath: String { directory.appendingPathComponent("routes.json").path }
    var logPath: String { directory.appendingPathComponent("requests.log").path }

    init(routes: [String: Route]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("breather-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let routesFile = directory.appendingPathComponent("routes.json").path
        let logFile = directory.appendingPathComponent("requests.log").path
        try JSONEncoder().encode(routes).write(to: URL(fileURLWithPath: routesFile))
        _ = FileManager.default.createFile(atPath: logFile, contents: Data())
        process.arguments = ["python3", "-u", Paths.server, routesFile, Paths.fixtures, logFile]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let line = String(decoding: pipe.fileHandleForReading.availableDataLine(), as: UTF8.self)
        guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw HarnessError.serverDidNotStart(line)
        }
        self.port = port
    }

    func setRoutes(_ routes: [String: Route]) throws {
        // Write then rename so the server never reads a half-written routes file.
        let temp = directory.appendingPathComponent("routes.tmp")
        try JSONEncoder().encode(routes).write(to: temp)
        _ = rename(temp.path, routesPath)
    }

    /// Every request the server received so far (path and query).
    var requests: [String] {
        ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    deinit {
        // SIGKILL: children spawned from Swift worker threads may have SIGTERM blocked.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}

enum HarnessError: Error { case serverDidNotStart(String) }

extension FileHandle {
    /// Reads up to the first newline (the server's port line).
    func availableDataLine() -> Data {
        var data = Data()
        while true {
            let byte = readData(ofLength: 1)
            if byte.isEmpty || byte == Data([0x0A]) { return data }
            data.append(byte)
        }
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

    /// A config pointing every provider at `server`, with a fixed location unless told otherwise.
    func writeConfig(server: FixtureServer, location: String? = "latitude = 40.6769\nlongitude = -73.9423\nname = \"Brooklyn\"", extra: String = "") throws {
        let base = server.baseURL
        try writeConfig("""
            timeout = "3s"
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

    /// Runs the built binary with this sandbox as HOME and a clean environment.
    func run(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 30) throws -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Paths.binary)
        process.arguments = arguments
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
