import BreatherModel
import Foundation
@testable import BreatherProviders
import Testing

@Suite("Open-Meteo: pollen by species and UV in the air-quality reply")
struct OpenMeteoDayAheadTests {
    @Test("the one request asks for pollen and UV now and hourly, four days ahead")
    func request() async throws {
        let http = FakeHTTP(["/aq/air-quality": FakeHTTP.fixture("open-meteo/air_quality.pollen_uv.munich.json")])
        _ = try await openMeteo(http).airQuality(at: place)
        #expect(http.requested.count == 1)
        let url = http.requested[0]
        #expect(url.contains("grass_pollen") && url.contains("ragweed_pollen") && url.contains("uv_index_clear_sky"))
        #expect(url.contains("&hourly=pm2_5,pm10,ozone,nitrogen_dioxide,sulphur_dioxide,carbon_monoxide,alder_pollen,"), "\(url)")
        #expect(url.contains("forecast_hours=97"))
    }

    @Test("Munich in June: every species now and hourly, UV now, under a clear sky and hourly")
    func munich() async throws {
        let http = FakeHTTP(["/aq/air-quality": FakeHTTP.fixture("open-meteo/air_quality.pollen_uv.munich.json")])
        let pollution = try await openMeteo(http).airQuality(at: place)
        #expect(pollution.pollen?[.grass] == 45 && pollution.pollen?[.birch] == 6 && pollution.pollen?[.olive] == 0)
        let grass = try #require(pollution.pollenHourly?[.grass])
        #expect(Timestamp.rfc3339(grass.start) == "2026-06-09T11:00:00Z")
        #expect(grass.values.count == 121)
        #expect(pollution.pollenHourly?.count == 6)
        let uv = try #require(pollution.uv)
        #expect(uv.index == 8.05 && uv.clearSky == 8.6)
        #expect(uv.hourly?.value(at: Timestamp.parse("2026-06-10T11:30", utcOffsetSeconds: 0)!) == 8.1)
        #expect(pollution.forecast?.hours == 96)
    }

    @Test("Brooklyn: pollen all null is no pollen (not zeros); UV is there")
    func outsideEurope() async throws {
        let http = FakeHTTP(["/aq/air-quality": FakeHTTP.fixture("open-meteo/air_quality.no_pollen.brooklyn.json")])
        let pollution = try await openMeteo(http).airQuality(at: place)
        #expect(pollution.pollen == nil)
        #expect(pollution.pollenHourly == nil)
        #expect(pollution.uv?.index == 9.3)
    }

    @Test("a UV index above any ever measured is bad data")
    func implausibleUV() async throws {
        let body = String(decoding: fixture("open-meteo/air_quality.no_pollen.brooklyn.json"), as: UTF8.self)
            .replacingOccurrences(of: "\"uv_index\": 9.3,", with: "\"uv_index\": 99.0,")
        let http = FakeHTTP(["/aq/air-quality": FakeHTTP.body(body)])
        do {
            _ = try await openMeteo(http).airQuality(at: place)
            Issue.record("accepted a UV index of 99")
        } catch {
            #expect(error.kind == .badData)
            #expect(error.message.contains("uv_index 99"), "\(error.message)")
        }
    }
}
