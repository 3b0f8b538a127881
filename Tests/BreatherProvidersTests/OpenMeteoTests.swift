import BreatherHTTP
import BreatherModel
@testable import BreatherProviders
import Testing

let place = Location(name: "Test", latitude: 52.27, longitude: 6.87)

func openMeteo(_ http: FakeHTTP) -> OpenMeteo {
    OpenMeteo(forecastURL: "http://fake/v1", airQualityURL: "http://fake/aq", geocodingURL: "http://fake/geo", http: http)
}

@Suite("Open-Meteo decoding and errors")
struct OpenMeteoTests {
    @Test("forecast fixture → weather in °C, %, hPa, m/s, WMO code")
    func weather() async throws {
        let http = FakeHTTP(["/v1/forecast": FakeHTTP.fixture("open-meteo/forecast.current.json")])
        let weather = try await openMeteo(http).weather(at: place)
        #expect(weather.temperatureC == 17.7)
        #expect(weather.humidity == 66)
        #expect(weather.pressureHPa == 1026.9)
        #expect(weather.windSpeedMS == 3.6)
        #expect(weather.windDirectionDeg == 259)
        #expect(weather.condition == .wmo(2))
        #expect(weather.observedAt.map(Timestamp.rfc3339) == "2026-10-03T10:30:00Z")  // local 12:30 at UTC+2
        #expect(http.requested[0].contains("wind_speed_unit=ms"))
        #expect(http.requested[0].contains("latitude=52.27&longitude=6.87"))
    }

    @Test("air-quality fixture → hourly µg/m³ series up to the current hour")
    func airQuality() async throws {
        let http = FakeHTTP(["/aq/air-quality": FakeHTTP.fixture("open-meteo/air_quality.breather_subset.json")])
        let pollution = try await openMeteo(http).airQuality(at: place)
        let hourly = try #require(pollution.hourly)
        #expect(hourly.latest(.pm2_5) == 22.1)
        #expect(hourly.latest(.co) == 229.0)
        #expect(pollution.reported.isEmpty)
        #expect(http.requested[0].contains("hourly=pm2_5,pm10,ozone,nitrogen_dioxide,sulphur_dioxide,carbon_monoxide"))
        #expect(http.requested[0].contains("past_hours=24"))
        // China 2026 on these values: PM2.5 22 → IAQI 32, the highest; AQI ≤ 50 names no pollutant.
        let china = try pollution.report(for: .china)
        #expect(china.index.value == 32)
        #expect(china.index.category.name == "Excellent")
        #expect(china.index.mainPollutants.isEmpty)
        #expect(china.computed)
    }

    @Test("geocoding: first result; no results key → notFound")
    func geocoding() async throws {
        let found = try await openMeteo(FakeHTTP(["/geo/search": FakeHTTP.fixture("open-meteo/geocoding.search.json")])).locate(city: "Enschede")
        #expect(found.name == "Enschede")
        #expect(found.latitude == 52.21833)
        await #expect(throws: ProviderFailure.self) {
            try await openMeteo(FakeHTTP(["/geo/search": FakeHTTP.fixture("open-meteo/geocoding.empty.json")])).locate(city: "Atlantis")
        }
    }

    @Test("geocoding's documented 400 body → configuration failure quoting Open-Meteo's reason")
    func geocodingError() async throws {
        let http = FakeHTTP(["/geo/search": FakeHTTP.fixture("open-meteo/geocoding.error.400.json", status: 400)])
        do {
            _ = try await openMeteo(http).locate(city: "Enschede")
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .configuration)
            #expect(error.part == .location)
            #expect(error.message == "request rejected: Parameter count must be between 1 and 100.")
        }
    }

    @Test("documented error bodies map to meaningful failures, quoting Open-Meteo's reason", arguments: [
        ("open-meteo/error.429.minutely.json", 429, FailureKind.rateLimited,
         "rate limited: Minutely API request limit exceeded. Please try again in one minute."),
        ("open-meteo/error.429.daily.json", 429, FailureKind.rateLimited,
         "rate limited: Daily API request limit exceeded. Please try again tomorrow."),
        ("open-meteo/error.400.latitude.json", 400, FailureKind.configuration,
         "request rejected: Latitude must be in range of -90 to 90°. Given: 95.0."),
        ("open-meteo/error.400.docs.json", 400, FailureKind.configuration,
         "request rejected: Cannot initialize WeatherVariable from invalid String value tempeture_2m for key hourly"),
        ("open-meteo/error.400.recorded.json", 400, FailureKind.configuration,
         "request rejected: Cannot initialize SurfaceAndPressureVariable<ForecastSurfaceVariable, ForecastPressureVariable> from invalid String value lksdfj for key "),
    ])
    func errors(file: String, status: Int, kind: FailureKind, message: String) async throws {
        let http = FakeHTTP(["/v1/forecast": FakeHTTP.fixture(file, status: status, retryAfter: 60)])
        do {
            _ = try await openMeteo(http).weather(at: place)
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == kind)
            #expect(error.provider == "open-meteo")
            #expect(error.part == .weather)
            #expect(error.message == message, "the body's reason, which only the Open-Meteo parser reads")
            #expect(error.retryAfterSeconds == 60)
        }
    }

    @Test("transport failures: timeout → timeout, refused → unavailable, 503 → unavailable, garbage → badData")
    func transport() async throws {
        let cases: [(FakeHTTP.Reply, FailureKind)] = [
            (.failure(.timeout(url: "http://fake/v1/forecast", seconds: 3)), .timeout),
            (.failure(.cannotConnect(url: "http://fake/v1/forecast")), .unavailable),
            (FakeHTTP.body("oops", status: 503), .unavailable),
            (FakeHTTP.body("<html>"), .badData),
            (FakeHTTP.body("{\"current\": {\"temperature_2m\": \"warm\"}}"), .badData),
        ]
        for (reply, kind) in cases {
            do {
                _ = try await openMeteo(FakeHTTP(["/v1/forecast": reply])).weather(at: place)
                Issue.record("expected \(kind)")
            } catch {
                #expect(error.kind == kind)
            }
        }
    }
}
