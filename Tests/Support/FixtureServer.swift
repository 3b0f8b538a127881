import Foundation

/// Where the loopback server and the provider fixtures live, from this file's path (both inside
/// the repository: a fresh clone runs its tests alone).
public enum SupportPaths {
    /// The repository root.
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `Tests/Fixtures/providers`: recorded provider responses, provenance in its README.md.
    public static let fixtures = repository.appendingPathComponent("Tests/Fixtures/providers").path
    /// `Tests/Support/fixture_server.py`.
    public static let server = repository.appendingPathComponent("Tests/Support/fixture_server.py").path
    /// The interpreter `python3` on the PATH runs, asked once: where `python3` is a pyenv shim,
    /// each start went through bash and pyenv's scripts first, 86 ms of CPU against 14 ms for the
    /// interpreter alone, and the suite starts hundreds of servers. `/usr/bin/env python3` if the
    /// answer is not an executable file.
    public static let python: (executable: String, arguments: [String]) = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-S", "-c", "import sys; print(sys.executable)"]
        if let pipe = try? closeOnExecPipe() {
            process.standardOutput = pipe.write
            if (try? process.run()) != nil {
                try? pipe.write.close()
                let path = String(decoding: pipe.read.firstLine(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                if reap(process) == 0, path.hasPrefix("/"), FileManager.default.isExecutableFile(atPath: path) { return (path, []) }
            }
        }
        return ("/usr/bin/env", ["python3"])
    }()
}

/// One reply the loopback server gives for a path (see Tests/Support/fixture_server.py).
public struct Route: Encodable, Sendable {
    public var fixture: String?
    public var body: String?
    public var status: Int?
    public var headers: [String: String]?
    public var delay: Double?
    /// Streams this many bytes (without `Content-Length` unless `contentLength` is set).
    public var bytes: Int?
    public var contentLength: Bool?
    /// Replies with the request's headers as a JSON object (names lowercased).
    public var echoHeaders: Bool?
    /// Answers for the request's `latitude`/`longitude` lists as Open-Meteo does (the fixture
    /// per place, a list for several); latitudes in `refuse` get a 400.
    public var perPlace: Bool?
    public var refuse: [String]?

    enum CodingKeys: String, CodingKey {
        case fixture, body, status, headers, delay, bytes, refuse
        case contentLength = "content_length", echoHeaders = "echo_headers", perPlace = "per_place"
    }

    public init(fixture: String? = nil, body: String? = nil, status: Int? = nil, headers: [String: String]? = nil,
                delay: Double? = nil, bytes: Int? = nil, contentLength: Bool? = nil, echoHeaders: Bool? = nil) {
        self.fixture = fixture
        self.body = body
        self.status = status
        self.headers = headers
        self.delay = delay
        self.bytes = bytes
        self.contentLength = contentLength
        self.echoHeaders = echoHeaders
    }

    public static func fixture(_ name: String) -> Route { Route(fixture: name) }
    /// `name` for each place a request lists, refusing the latitudes in `refuse`.
    public static func perPlace(_ name: String, refuse: [String] = [], delay: Double? = nil) -> Route {
        var route = Route(fixture: name, delay: delay)
        route.perPlace = true
        route.refuse = refuse
        return route
    }
    public static func json(_ body: String, status: Int = 200, headers: [String: String]? = nil) -> Route {
        Route(body: body, status: status, headers: headers)
    }
}

/// A spawned `fixture_server.py` on 127.0.0.1 with its own routes file and request log.
/// Shared by the HTTP tests and the end-to-end tests (one server, one launcher).
public final class FixtureServer: @unchecked Sendable {
    public let directory: URL
    public let port: Int
    private let process: Process
    public var baseURL: String { "http://127.0.0.1:\(port)" }
    public var routesPath: String { directory.appendingPathComponent("routes.json").path }
    public var logPath: String { directory.appendingPathComponent("requests.log").path }

    /// Blocks while python starts and prints its port: tests call `start` instead.
    init(routes: [String: Route]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("breather-fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = URL(fileURLWithPath: SupportPaths.python.executable)
        let routesFile = directory.appendingPathComponent("routes.json").path
        let logFile = directory.appendingPathComponent("requests.log").path
        try JSONEncoder().encode(routes).write(to: URL(fileURLWithPath: routesFile))
        _ = FileManager.default.createFile(atPath: logFile, contents: Data())
        // -S: no site module, which loads whatever .pth files the machine has (certifi's, here):
        // the server needs the standard library only, and the suite starts hundreds of them.
        process.arguments = SupportPaths.python.arguments + ["-S", "-u", SupportPaths.server, routesFile, SupportPaths.fixtures, logFile]
        let pipe = try closeOnExecPipe()
        process.standardOutput = pipe.write
        try process.run()
        try pipe.write.close()
        let line = String(decoding: pipe.read.firstLine(), as: UTF8.self)
        guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            _ = reap(process)
            throw FixtureServerError.didNotStart(line)
        }
        self.port = port
    }

    /// Starts a server without blocking a cooperative thread while python starts and prints
    /// its port (see `offThePool`).
    public static func start(routes: [String: Route]) async throws -> FixtureServer {
        try await offThePool { try FixtureServer(routes: routes) }
    }

    /// Replaces the routes; the server re-reads them on its next request.
    public func setRoutes(_ routes: [String: Route]) throws {
        // Write then rename so the server never reads a half-written routes file.
        let temp = directory.appendingPathComponent("routes.tmp")
        try JSONEncoder().encode(routes).write(to: temp)
        _ = rename(temp.path, routesPath)
    }

    /// Every request the server received so far (path and query).
    public var requests: [String] { logLines.map { String($0.prefix(while: { $0 != "\t" })) } }

    /// The User-Agent of every request so far, in order.
    public var userAgents: [String] {
        logLines.map { line in line.split(separator: "\t", omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? "" }
    }

    /// When each request so far arrived (Unix time, by the server's clock), in order: a gap
    /// between two requests measured where they arrive, whatever the load on the test's side.
    public var requestTimes: [Double] {
        logLines.map { line in line.split(separator: "\t", omittingEmptySubsequences: false).dropFirst(2).first.flatMap { Double($0) } ?? 0 }
    }

    private var logLines: [Substring] {
        ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").split(separator: "\n")
    }

    deinit {
        // SIGKILL: children spawned from Swift worker threads may have SIGTERM blocked.
        kill(process.processIdentifier, SIGKILL)
        // Reaped (not with waitUntilExit, which can miss the exit: see exitStatus) and cleaned
        // up on a thread of its own: the last reference often drops on a cooperative thread,
        // and a dying process on a loaded machine can take a while.
        let (process, directory) = (self.process, self.directory)
        Thread {
            _ = reap(process)
            try? FileManager.default.removeItem(at: directory)
        }.start()
    }
}

/// The server printed no port (python3 missing, or the script failed).
public enum FixtureServerError: Error { case didNotStart(String) }

extension FileHandle {
    /// Reads up to the first newline (the server's port line).
    public func firstLine() -> Data {
        var data = Data()
        while true {
            let byte = readData(ofLength: 1)
            if byte.isEmpty || byte == Data([0x0A]) { return data }
            data.append(byte)
        }
    }
}
