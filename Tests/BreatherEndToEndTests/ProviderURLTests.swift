import Foundation
import Testing

@Suite("a provider URL with no host is a config error before any fetch")
struct ProviderURLTests {
    @Test("forecast_url = \"http://\" exits 78 naming the key, in config, one-shot and daemon", arguments: [
        ["config"], [], ["daemon"],
    ])
    func noHost(command: [String]) async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("[location]\nlatitude = 1\nlongitude = 2\n[providers.open-meteo]\nforecast_url = \"http://\"\n")
        let result = try await sandbox.run(command + ["--config", sandbox.configPath])
        #expect(result.status == 78)
        #expect(result.stderr.contains("\(sandbox.configPath):5: providers.open-meteo.forecast_url: must name a host"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
    }
}
