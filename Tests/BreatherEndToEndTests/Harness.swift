import BreatherTestSupport
import Foundation
import Testing

/// Where the built binary is; the server and fixtures come from BreatherTestSupport.
enum Paths {
    /// `breather` sits next to the test bundle in SwiftPM's build folder; BREATHER_BIN overrides.
    /// Worked out once, not at every run (see `Sandbox.profileFile`).
    static let binary: String = {
        if let override = ProcessInfo.processInfo.environment["BREATHER_BIN"] { return override }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundle, bundle.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("breather").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return SupportPaths.repository.appendingPathComponent(".build/debug/breather").path
    }()
}

/// What one run of `breather` did.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
    var seconds: Double
    /// When the child's output ended (its exit), as Unix time, read on the thread that waited for
    /// it: comparable with `FixtureServer.requestTimes`, and not delayed by a busy cooperative pool.
    var ended: Double = 0
    /// The child outlived its timeout and was killed.
    var timedOut = false
}

/// Kills a child that is still running after `timeout` seconds (its own thread; the pipes of
/// a killed child reach EOF, so the reader wakes up).
final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    private var fired = false

    init(process: Process, timeout: Double) {
        let pid = process.processIdentifier
        let deadline = Date().addingTimeInterval(timeout)
        Thread { [self] in
            while Date() < deadline {
                if lock.withLock({ done }) { return }
                usleep(50_000)  // a thread of its own, never a cooperative one
            }
            lock.withLock {
                guard !done else { return }
                fired = true
                kill(pid, SIGKILL)
            }
        }.start()
    }

    /// Stops the watch; true if it had to kill the child.
    func finish() -> Bool {
        lock.withLock {
            done = true
            return fired
        }
    }
}

/// A scratch home for one test: config file, cache and XDG folders, all private.
final class Sandbox: @unchecked Sendable {
    let home: URL
    /// The servers its configs point at, kept alive as long as the sandbox: a daemon holds its
    /// sandbox, so its server's port cannot be freed (and handed to another test's server,
    /// which would then count this daemon's polls) before the daemon is killed.
    private var servers: [FixtureServer] = []
    private let lock = NSLock()

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("breather-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    var configPath: String { home.appendingPathComponent("config.toml").path }

    func writeConfig(_ text: String) throws {
        try text.write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    /// A config pointing every provider at `server`, with a fixed location unless told otherwise
    /// and a per-request `timeout`: 20 s unless told otherwise, since on a loaded machine running
    /// the suite in parallel a loopback reply (an 8 MB body, a slow python start) can take
    /// seconds; a test about timeouts sets its own.
    func writeConfig(server: FixtureServer, location: String? = "latitude = 40.6769\nlongitude = -73.9423\nname = \"Brooklyn\"",
                     extra: String = "", timeout: String = "20s") throws {
        lock.withLock { servers.append(server) }
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
    /// The child and its pipes are waited for on a thread of their own (`offThePool`); a child
    /// still running after `timeout` seconds is killed and fails the calling test.
    func run(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 60,
             executable: String = Paths.binary, executableArguments: [String]? = nil,
             sourceLocation: SourceLocation = #_sourceLocation) async throws -> RunResult {
        let result = try await offThePool {
            try self.runBlocking(arguments, environment: environment, timeout: timeout, executable: executable,
                                 executableArguments: executableArguments)
        }
        if result.timedOut {
            Issue.record("breather \(arguments.joined(separator: " ")) still ran after \(timeout) s and was killed; stderr: \(result.stderr)",
                         sourceLocation: sourceLocation)
        }
        return result
    }

    /// Read once: copying the whole environment on every run raced with the tests that pin TZ
    /// with setenv (`withTimeZone`, now UTC only, and nothing at all in a UTC process), and a
    /// run crashed copying an entry being replaced.
    private static let profileFile = ProcessInfo.processInfo.environment["LLVM_PROFILE_FILE"]

    private func runBlocking(_ arguments: [String], environment: [String: String], timeout: Double,
                             executable: String, executableArguments: [String]?) throws -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = executableArguments ?? arguments
        var env = ["HOME": home.path, "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
                   "XDG_CONFIG_HOME": home.appendingPathComponent("xdg-config").path]
        // A coverage run (scripts/coverage.sh) counts the child's lines too.
        if let profile = Self.profileFile { env["LLVM_PROFILE_FILE"] = profile }
        env.merge(environment) { _, new in new }
        process.environment = env
        // Close-on-exec pipes: another test's child started meanwhile must not hold our write ends.
        let out = try closeOnExecPipe(), err = try closeOnExecPipe()
        process.standardOutput = out.write
        process.standardError = err.write
        let start = Date()
        try process.run()
        try out.write.close()
        try err.write.close()
        let watchdog = Watchdog(process: process, timeout: timeout)
        // Read both pipes fully before waiting, so a chatty child cannot block on a full pipe.
        let outData = out.read.readDataToEndOfFile()
        let errData = err.read.readDataToEndOfFile()
        let ended = Date()
        let status = reap(process)
        return RunResult(status: status, stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self), seconds: Date().timeIntervalSince(start),
                         ended: ended.timeIntervalSince1970, timedOut: watchdog.finish())
    }

    deinit {
        // Off the (often cooperative) thread that drops the last reference.
        let home = self.home
        Thread { try? FileManager.default.removeItem(at: home) }.start()
    }
}
