import BreatherHTTP
import BreatherModel
@testable import BreatherProviders
import Foundation
import Testing

func openWeatherMap(_ http: FakeHTTP, key: String? = "test-key-0000") -> OpenWeatherMap {
    OpenWeatherMap(baseURL: "http://fake/data/2.5", key: key, http: http)
}

@Suite("OpenWeatherMap decoding and errors")
struct OpenWeatherMapTests {
    @Test("air_pollution: components are indexed, OpenWeather's own 1–5 aqi is not")
    func airPollution() async throws {
        let http = FakeHTTP(["/data/2.5/air_pollution": FakeHTTP.fixture("openweathermap/air_pollution.success.json")])
        let pollution = try await openWeatherMap(http).airQuality(at: place)
        #expect(http.requested.first?.contains("appid=test-key-0000") == true)
        #expect(pollution.reported.isEmpty)
        #expect(pollution.hourly?.latest(.pm2_5) == 27.38)
        #expect(pollution.hourly?.latest(.co) == 2349.85)
        #expect(pollution.observedAt == Timestamp(timeIntervalSince1970: 1_699_049_290))
        // EAQI 2024: PM2.5 27.38 µg/m³ is band 3 (15–50), above NO2 17.31 (2) and the rest.
        let eu = try pollution.report(for: .eu)
        #expect(eu.computed)
        #expect(eu.source == "openweathermap")
        #expect(eu.index.value == 3)
        #expect(eu.index.mainPollutants == [.pm2_5])
        // One hour only: the period each sub-index used is the 1-hour one, and says so.
        let us = try pollution.report(for: .us)
        #expect(us.index.subIndices.first { $0.pollutant == .pm2_5 }?.period == .hour1)
    }

    @Test("the docs example (coord as an array) decodes too")
    func docsExample() async throws {
        let http = FakeHTTP(["/data/2.5/air_pollution": FakeHTTP.fixture("openweathermap/air_pollution.success.docs.json")])
        let pollution = try await openWeatherMap(http).airQuality(at: place)
        #expect(pollution.hourly?.latest(.o3) == 68.66455078125)
        // DAQI O3 69 µg/m³ (rounded) is band 3 (67–100); the particles are band 1.
        let uk = try pollution.report(for: .uk)
        #expect(uk.index.value == 3)
        #expect(uk.index.mainPollutants == [.o3])
    }

    @Test("weather: Kelvin converted, pressure, wind, icon, dt")
    func weather() async throws {
        let http = FakeHTTP(["/data/2.5/weather": FakeHTTP.fixture("openweathermap/weather.success.docs.json")])
        let weather = try await openWeatherMap(http).weather(at: place)
        #expect(abs((weather.temperatureC ?? 0) - 25.33) < 0.001)
        #expect(weather.humidity == 64)
        #expect(weather.pressureHPa == 1015)
        #expect(weather.windSpeedMS == 0.62)
        #expect(weather.windDirectionDeg == 349)
        #expect(weather.condition == .icon("10d"))
        #expect(weather.source == "openweathermap")
    }

    @Test("error bodies with cod as number or string map to failure kinds, quoting OpenWeather's message", arguments: [
        ("openweathermap/error.401.invalid_key.json", 401, FailureKind.configuration,
         "key rejected (Invalid API key. Please see https://openweathermap.org/faq#error401 for more info.)"),
        ("openweathermap/error.404.city_not_found.json", 404, .notFound, "no data for this place (city not found)"),
        ("openweathermap/error.429.blocked.json", 429, .rateLimited,
         "rate limited (Your account is temporary blocked due to exceeding of requests limitation of your subscription type. Please choose the proper subscription http://openweathermap.org/price)"),
        ("openweathermap/error.400.wrong_latitude.json", 400, .configuration, "request rejected (wrong latitude)"),
        ("openweathermap/error.400.nothing_to_geocode.json", 400, .configuration, "request rejected (Nothing to geocode)"),
    ])
    func errors(fixture: String, status: Int, kind: FailureKind, message: String) async {
        let http = FakeHTTP(["/data/2.5/air_pollution": FakeHTTP.fixture(fixture, status: status)])
        do {
            _ = try await openWeatherMap(http).airQuality(at: place)
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == kind)
            #expect(error.provider == "openweathermap")
            #expect(error.message == message, "the body's message, which only the OpenWeather parser reads")
            #expect(!error.message.contains("test-key-0000"))
        }
    }
}
