import BreatherModel
@testable import BreatherProviders
import Testing

/// Provider messages quote the model's description of an AQI error: the data problem, never
/// the calculator's advice on typing readings (`o3:8h`, `pm2_5=…`, "valid periods").
@Suite("AQI errors in provider messages")
struct AQIErrorMessageTests {
    @Test("the asthma estimate says what the data lacks, in words a bar user can act on")
    func asthmaEstimate() async {
        let pollution = Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: [10, 10, 10], .o3: [60, 60, 60]]))
        let failure = await #expect(throws: ProviderFailure.self) {
            try await AsthmaEstimate().asthma(at: place, pollution: pollution)
        }
        #expect(failure?.message == "cannot estimate: the canada index (AQHI) needs NO2, O3 and PM2.5 together")
    }

    @Test("an air source that cannot serve the standard is skipped with the data problem only")
    func fetcher() async {
        struct OnlyOzone: AirQualityProvider {
            let id = ProviderID.openWeatherMap
            func airQuality(at location: Location) async throws(ProviderFailure) -> Pollution {
                Pollution(source: id.rawValue, hourly: HourlySeries([.o3: [60, 60, 60]]))
            }
        }
        let conditions = await ConditionsFetcher(air: [OnlyOzone()], weather: [], asthma: []).fetchUntimed(at: place, FetchRequest(standard: .canada))
        let message = conditions.failures.first { $0.part == .air }?.message
        #expect(message == "cannot give a canada index: the canada index (AQHI) needs NO2, O3 and PM2.5 together")
    }
}
