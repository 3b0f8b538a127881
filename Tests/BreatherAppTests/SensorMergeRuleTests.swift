import BreatherModel
import BreatherProviders
import BreatherViewModel
import Testing

/// A PurpleAir on the home network that reads `pm25` µg/m³, or cannot be reached when nil.
private struct HomeSensor: LocalSensor {
    let id = ProviderID.purpleAir
    let pm25: Double?

    func reading() async throws(ProviderFailure) -> SensorReading {
        guard let pm25 else { throw ProviderFailure(provider: id, part: .air, kind: .unavailable, message: "cannot connect") }
        return SensorReading(source: id.rawValue, pm2_5: pm25)
    }
}

/// Open-Meteo's air: particles, ozone, grass pollen and UV; HTTP 503 when `down`.
private struct Model: AirQualityProvider {
    let id = ProviderID.openMeteo
    var down = false

    func airQuality(at location: Location) async throws(ProviderFailure) -> Pollution {
        if down { throw ProviderFailure(provider: id, part: .air, kind: .unavailable, message: "HTTP 503: service unavailable") }
        return Pollution(source: id.rawValue, hourly: HourlySeries([.pm2_5: [40, 40, 40], .pm10: [50, 50, 50], .o3: [80, 80, 80]]),
                         pollen: [.grass: 61], uv: UVIndex(index: 8, clearSky: 9, hourly: nil))
    }
}

/// `SensorMerge`'s rule as a user meets it: the fetcher asks `[sources] air` in order, the view
/// model renders, and each case is checked on what the bar, the tooltip and json's sources say.
@Suite("a sensor and a model: which reading the bar shows (SensorMerge)")
struct SensorMergeRuleTests {
    static let place = Location(name: "Brooklyn", latitude: 40.6769, longitude: -73.9423)

    /// What a daemon shows after one poll of `air`, in that order.
    static func shown(_ air: [any AirQualityProvider]) async throws -> Output {
        let fetcher = ConditionsFetcher(air: air, weather: [], asthma: [])
        let viewModel = MainViewModel(environment: .init(fetch: { request throws(ProviderFailure) in
            await fetcher.fetch(at: place, request)
        }))
        return try #require(await AppHarness.finalOutput(viewModel) { $0.inputs.viewDidRefresh() })
    }

    /// Each sub-index's pollutant and the provider json names for it.
    static func sources(_ output: Output) -> [String: String] {
        Dictionary(uniqueKeysWithValues: (output.data.airQuality?.subIndices ?? []).map { ($0.pollutant, $0.source ?? "") })
    }

    @Test("both fresh: the sensor's PM2.5 sets the particles' index, the model gives ozone, pollen and UV; nothing stale")
    func bothFresh() async throws {
        let output = try await Self.shown([HomeSensor(pm25: 7.2), Model()])
        #expect(output.source == "purpleair")
        #expect(Self.sources(output)["pm2_5"] == "purpleair" && Self.sources(output)["o3"] == "open-meteo", "\(Self.sources(output))")
        #expect(output.data.airQuality?.subIndices.first { $0.pollutant == "pm2_5" }?.concentration == 7.2, "the sensor's, not the model's 40")
        #expect(!output.isStale && !output.isDayAheadStale && output.fallbackNote == nil)
        #expect(output.pollenSummary.hasPrefix("grass 61 high") && output.uvSummary.hasPrefix("UV 8"))
        #expect(!output.barTextFull.contains("*"), "\(output.barTextFull)")
    }

    @Test("sensor first, model down: the sensor's index, fresh; no gases, pollen or UV to show; no fallback named")
    func sensorFirstModelDown() async throws {
        let output = try await Self.shown([HomeSensor(pm25: 7.2), Model(down: true)])
        #expect(output.source == "purpleair")
        #expect(Self.sources(output) == ["pm2_5": "purpleair"], "\(Self.sources(output))")
        #expect(!output.isStale && output.staleParts.isEmpty, "the sensor answered: its index is not stale")
        #expect(output.fallbackNote == nil, "the model completes the sensor's reading; it stands in for nothing")
        #expect(output.pollenSummary == "no pollen data here" && output.uv == nil)
        #expect(output.failures.map(\.provider) == ["open-meteo"], "the model's failure is said (json errors, the log)")
    }

    @Test("model first, sensor down: the model's reading; the sensor after it is never asked, nothing is said of it")
    func modelFirstSensorDown() async throws {
        let output = try await Self.shown([Model(), HomeSensor(pm25: nil)])
        #expect(output.source == "open-meteo")
        #expect(Self.sources(output)["pm2_5"] == "open-meteo" && Self.sources(output)["o3"] == "open-meteo", "\(Self.sources(output))")
        #expect(!output.isStale && output.fallbackNote == nil && output.failures.isEmpty)
        #expect(output.pollenSummary.hasPrefix("grass 61 high"))
    }

    @Test("sensor first, sensor down: the model's own reading stands in, and the bar says the sensor failed")
    func sensorFirstSensorDown() async throws {
        let output = try await Self.shown([HomeSensor(pm25: nil), Model()])
        #expect(output.source == "open-meteo")
        #expect(Self.sources(output)["pm2_5"] == "open-meteo")
        #expect(output.data.airQuality?.subIndices.first { $0.pollutant == "pm2_5" }?.concentration == 40)
        #expect(output.fallbackNote == "purpleair failed")
        #expect(output.data.airQuality?.fallbackFrom == ["purpleair"])
    }
}
