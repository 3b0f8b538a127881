import BreatherHTTP
import BreatherModel
@testable import BreatherProviders
import Foundation
import Testing

func waqi(_ http: FakeHTTP, token: String? = "test-token-0000") -> WAQI {
    WAQI(baseURL: "http://fake", token: token, http: http)
}

/// The feed path for `place` (52.27, 6.87).
let waqiPath = "/feed/geo:52.27;6.87/"

@Suite("WAQI decoding and errors")
struct WAQITests {
    @Test("feed/geo: the index as given (not concentrations), dominentpol, time.iso, attributions")
    func success() async throws {
        let http = FakeHTTP([waqiPath: FakeHTTP.fixture("waqi/feed_geo.success.json")])
        let pollution = try await waqi(http).airQuality(at: place)
        #expect(http.requested.first?.contains("token=test-token-0000") == true)
        let us = try pollution.report(for: .us)
        #expect(us.index.value == 29)
        #expect(us.index.mainPollutants == [.o3])
        #expect(!us.computed)
        #expect(us.source == "waqi:aqi")
        // iaqi values (o3 29.4, pm25 17) are sub-indices: nothing to compute another standard from.
        #expect(pollution.hourly == nil)
        #expect(throws: AQIError.self) { try pollution.report(for: .eu) }
        // time.iso 17:00+02:00 is 15:00 UTC (time.v would claim 17:00 UTC).
        #expect(pollution.observedAt == Timestamp(timeIntervalSince1970: 1_691_420_400))
        #expect(pollution.attributions?.map(\.name).last == "World Air Quality Index Project")
        #expect(pollution.attributions?.first?.url == "http://www.luchtmeetnet.nl/")
    }

    @Test("aqi \"-\": no index is invented; attributions are trimmed")
    func dashIndex() async throws {
        let http = FakeHTTP([waqiPath: FakeHTTP.fixture("waqi/feed.success.aqi_dash_no_pm25.json")])
        let pollution = try await waqi(http).airQuality(at: place)
        #expect(pollution.reported.isEmpty)
        #expect(throws: AQIError.noUsablePollutants(.us)) { try pollution.report(for: .us) }
        #expect(pollution.attributions?.map(\.name).contains("Provincie Noord Brabant") == true)
    }

    @Test("error bodies (HTTP 200) map to failure kinds", arguments: [
        ("waqi/error.invalid_key.json", FailureKind.configuration, "token rejected (Invalid key)"),
        ("waqi/error.unknown_station.json", .notFound, "no data for this place (Unknown station)"),
    ])
    func errors(fixture: String, kind: FailureKind, message: String) async {
        let http = FakeHTTP([waqiPath: FakeHTTP.fixture(fixture)])
        await #expect(throws: ProviderFailure(provider: "waqi", part: .air, kind: kind, message: message)) {
            try await waqi(http).airQuality(at: place)
        }
    }

    @Test("over quota → rate limited; no token → configuration without a request")
    func quotaAndMissingToken() async {
        let http = FakeHTTP([waqiPath: FakeHTTP.body(#"{"status":"error","data":"Over quota"}"#)])
        await #expect(throws: ProviderFailure(provider: "waqi", part: .air, kind: .rateLimited, message: "rate limited (Over quota)")) {
            try await waqi(http).airQuality(at: place)
        }
        let unused = FakeHTTP([:])
        await #expect(throws: ProviderFailure.self) { try await waqi(unused, token: nil).airQuality(at: place) }
        #expect(unused.requested.isEmpty)
    }
}
