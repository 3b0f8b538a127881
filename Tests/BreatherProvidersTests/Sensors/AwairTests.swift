import BreatherHTTP
import BreatherModel
@testable import BreatherProviders
import Testing

@Suite("Awair Local API: /air-data/latest")
struct AwairTests {
    func sensor(_ reply: FakeHTTP.Reply) -> (Awair, FakeHTTP) {
        let http = FakeHTTP(["/air-data/latest": reply])
        return (Awair(url: "http://192.168.1.60", http: http), http)
    }

    @Test("pm25, co2 ppm, voc ppb, temp, humid, score and the timestamp decode")
    func reading() async throws {
        let (awair, http) = sensor(FakeHTTP.fixture("awair/air_data_latest.json"))
        let reading = try await awair.reading()
        #expect(http.requested == ["http://192.168.1.60/air-data/latest"])
        #expect(reading.source == "awair")
        #expect(reading.pm2_5 == 1)
        #expect(reading.pm10 == nil, "pm10_est is an estimate Breather does not show")
        #expect(reading.co2PPM == 626)
        #expect(reading.voc == 83)
        #expect(reading.vocUnit == "ppb")
        #expect(reading.temperatureC == 20.68)
        #expect(reading.humidity == 48.48)
        #expect(reading.score == 97)
        #expect(close(reading.observedAt?.timeIntervalSince1970, 1_632_588_670.398))
    }

    @Test("relative humidity over 100 % is refused")
    func humidityOver100() async {
        let (awair, _) = sensor(FakeHTTP.fixture("awair/air_data_latest.humid_over_100.json"))
        let failure = await sensorFailure { () throws(ProviderFailure) in try await awair.reading() }
        #expect(failure?.kind == .badData)
        #expect(failure?.message == "implausible value: humidity 104.2 % (expected 0 to 100 %)")
    }

    @Test("a pm25 of the wrong type names the field")
    func wrongType() async {
        let (awair, _) = sensor(fixture("awair/air_data_latest.json", replacing: "\"pm25\":1", with: "\"pm25\":\"high\""))
        let failure = await sensorFailure { () throws(ProviderFailure) in try await awair.reading() }
        #expect(failure?.kind == .badData)
        #expect(failure?.message.contains("pm25") == true, "\(failure?.message ?? "")")
    }
}
