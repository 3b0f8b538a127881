import BreatherTestSupport
import Foundation
import Testing

/// libcurl (and its ~35 dependencies) is loaded at the first request only (issue 11): the
/// dynamic loader's own log (LD_DEBUG=files) tells which libraries a run opened.
@Suite("libcurl is loaded only by runs that make a request")
struct LazyLibcurlTests {
    /// The libraries the dynamic loader opened during `arguments`' run.
    func loadsLibcurl(_ sandbox: Sandbox, _ arguments: [String]) async throws -> (loaded: Bool, result: RunResult) {
        let result = try await sandbox.run(arguments, environment: ["LD_DEBUG": "files"])
        return (result.stderr.contains("file=libcurl.so.4"), result)
    }

    @Test("--version, --help, config and aqi never load libcurl", arguments: [
        ["--version"], ["--help"], ["config"], ["aqi", "pm2_5=40"],
    ])
    func noRequestNoLibcurl(arguments: [String]) async throws {
        let (loaded, result) = try await loadsLibcurl(try Sandbox(), arguments)
        #expect(result.status == 0)
        #expect(!loaded, "\(arguments) loaded libcurl")
        // The check itself works: the loader's log names what it did load.
        #expect(result.stderr.contains("file=libjansson.so.4"), "LD_DEBUG gave no log: \(result.stderr.prefix(300))")
    }

    @Test("a fetch loads libcurl; a run answered by the cache does not")
    func fetchThenCache() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let fresh = try await loadsLibcurl(sandbox, ["--config", sandbox.configPath])
        #expect(fresh.result.status == 0, "\(fresh.result.stderr.suffix(300))")
        #expect(fresh.loaded, "the fetch did not load libcurl")
        let cached = try await loadsLibcurl(sandbox, ["--config", sandbox.configPath])
        #expect(cached.result.status == 0)
        #expect(cached.result.stdout == fresh.result.stdout)
        #expect(server.requests.count == 2, "the second run must be answered by the cache")
        #expect(!cached.loaded, "a run answered by the cache loaded libcurl")
    }
}
