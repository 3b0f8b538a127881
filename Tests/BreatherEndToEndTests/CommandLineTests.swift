import BreatherTestSupport
import Foundation
import Testing

@Suite("breather --version, --help and what it tells providers")
struct CommandLineTests {
    @Test("--version prints the version alone, exit 0")
    func version() async throws {
        let result = try await Sandbox().run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(result.stdout)")
    }

    @Test("--help lists every one-shot flag and the exit codes, exit 0")
    func help() async throws {
        let result = try await Sandbox().run(["--help"])
        #expect(result.status == 0)
        for flag in ["--standard", "--latitude", "--longitude", "--city", "--format", "--units", "--config", "--output",
                     "--refresh", "--log-level", "--version", "--help"] {
            #expect(result.stdout.contains(flag), "--help does not mention \(flag)")
        }
        #expect(result.stdout.contains("64 usage"))
        #expect(result.stdout.contains("78 configuration"))
    }

    @Test("every request carries User-Agent Breather/<version>")
    func userAgent() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 5))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let version = try await sandbox.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let result = try await sandbox.run(["--config", sandbox.configPath])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.userAgents.count == 2)
        #expect(server.userAgents.allSatisfy { $0 == "Breather/\(version)" }, "\(server.userAgents)")
    }
}
