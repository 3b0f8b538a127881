import BreatherTestSupport
import Foundation
import Testing

@Suite("asthma estimate end to end")
struct AsthmaEstimateEndToEndTests {
    @Test("clean air with high grass pollen: the line shows high, json names the pollen method")
    func pollenRaisesEstimate() async throws {
        // Open-Meteo `current` with grass pollen 60 grains/m³ (NAB grass: high is 20–199).
        let body = airQualityBody(pm25: 5).replacingOccurrences(
            of: "\"carbon_monoxide\": 200.0}", with: "\"carbon_monoxide\": 200.0, \"grass_pollen\": 60.0, \"birch_pollen\": null}")
        #expect(body.contains("grass_pollen"))
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(body)))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let line = try await sandbox.run(["--config", sandbox.configPath])
        #expect(line.status == 0, "\(line.stderr)")
        #expect(line.stdout.hasSuffix("· Asthma high\n"), "\(line.stdout)")
        let result = try await sandbox.run(["--config", sandbox.configPath, "--format", "json", "--refresh"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let asthma = try #require(json["asthma"] as? [String: Any])
        #expect(asthma["risk"] as? String == "high")
        #expect(asthma["source"] as? String == "estimate")
        #expect((asthma["method"] as? String)?.contains("pollen (AAAAI NAB count levels)") == true)
        #expect(server.requests.contains { $0.contains("grass_pollen") })
    }
}
