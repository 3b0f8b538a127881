import BreatherModel
@testable import BreatherProviders
import Testing

@Suite("asthma estimate raised by pollen")
struct PollenEstimateTests {
    /// 24 steady hours of low pollution: AQHI 2 → low on its own.
    static let cleanAir = HourlySeries([.o3: Array(repeating: 30, count: 24), .no2: Array(repeating: 10, count: 24),
                                        .pm2_5: Array(repeating: 4, count: 24)])

    @Test("NAB count levels at their edges, per group", arguments: [
        // Compared after rounding to whole grains, as NAB counts and outputs print them:
        // 89.4 → 89 moderate, 89.5 → 90 high; 0.4 → 0 none, 0.5 → 1 low; 14.5 → 15 moderate.
        (14.0, PollenType.birch, PollenLevel.low), (14.5, .birch, .moderate), (15, .birch, .moderate), (89.4, .alder, .moderate),
        (89.5, .alder, .high), (90, .olive, .high), (1500, .birch, .veryHigh), (0.4, .grass, .none), (0.5, .grass, .low), (4, .grass, .low), (5, .grass, .moderate), (20, .grass, .high),
        (200, .grass, .veryHigh), (9, .ragweed, .low), (10, .mugwort, .moderate), (50, .ragweed, .high), (500, .ragweed, .veryHigh),
    ])
    func levels(count: Double, type: PollenType, level: PollenLevel) {
        #expect(PollenLevel(count: count, group: type.group) == level)
    }

    @Test("high grass pollen raises clean-air low to high and names the method")
    func raised() async throws {
        let pollution = Pollution(source: "open-meteo", hourly: Self.cleanAir, pollen: [.grass: 35, .birch: 3])
        let asthma = try await AsthmaEstimate().asthma(at: place, pollution: pollution)
        #expect(asthma.risk == .high)
        #expect(asthma.method == AsthmaEstimate.pollenMethod)
        #expect(asthma.method?.contains("pollen") == true)
    }

    @Test("pollen never lowers the AQHI risk; no pollen keeps the AQHI-only method")
    func neverLowers() async throws {
        let smoky = HourlySeries([.o3: Array(repeating: 120, count: 24), .no2: Array(repeating: 80, count: 24),
                                  .pm2_5: Array(repeating: 150, count: 24)])
        let withPollen = try await AsthmaEstimate().asthma(at: place, pollution: Pollution(source: "open-meteo", hourly: smoky, pollen: [.grass: 0]))
        let without = try await AsthmaEstimate().asthma(at: place, pollution: Pollution(source: "open-meteo", hourly: smoky))
        #expect(withPollen.risk == without.risk)
        #expect(without.risk.severity >= AsthmaRisk.high.severity)
        // In this smoke (PM2.5 150 µg/m³) the AQHI-Plus floor (15) speaks too (issue 41); no pollen words.
        #expect(without.method?.hasPrefix(AsthmaEstimate.method + "; AQHI-Plus 15") == true, "\(without.method ?? "")")
        #expect(without.method?.contains("pollen") == false)
        let clean = try await AsthmaEstimate().asthma(at: place, pollution: Pollution(source: "open-meteo", hourly: Self.cleanAir))
        #expect(clean.risk == .low)
    }

    @Test("pollen counts of 0 (or no higher than the air's level) are not said to raise the risk")
    func zeroPollenIsNotRaising() async throws {
        let zero = Dictionary(uniqueKeysWithValues: PollenType.allCases.map { ($0, 0.0) })
        let asthma = try await AsthmaEstimate().asthma(at: place, pollution: Pollution(source: "open-meteo", hourly: Self.cleanAir, pollen: zero))
        #expect(asthma.risk == .low)
        #expect(asthma.method == AsthmaEstimate.pollenCheckedMethod)
        #expect(asthma.method?.contains("raised") == false, "\(asthma.method ?? "")")
    }

    @Test("Open-Meteo pollen is requested and decoded from current")
    func openMeteoPollen() async throws {
        let http = FakeHTTP(["/v1/air-quality": FakeHTTP.fixture("open-meteo/air_quality.breather_subset.json")])
        let provider = OpenMeteo(forecastURL: "http://fake/v1", airQualityURL: "http://fake/v1", geocodingURL: "http://fake/v1", http: http)
        let pollution = try await provider.airQuality(at: place)
        #expect(http.requested.first?.contains("birch_pollen") == true)
        #expect(pollution.pollen?[.grass] == 0)
        #expect(pollution.pollen?.count == 6)
    }
}
