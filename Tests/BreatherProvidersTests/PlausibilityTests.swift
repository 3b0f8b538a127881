import BreatherHTTP
import BreatherModel
@testable import BreatherProviders
import Testing

/// A fixture's text with one piece replaced, e.g. a real reply with one absurd value.
func fixture(_ name: String, replacing old: String, with new: String) -> FakeHTTP.Reply {
    let text = String(decoding: fixture(name), as: UTF8.self)
    precondition(text.contains(old), "\(name) has no \(old)")
    return FakeHTTP.body(text.replacingOccurrences(of: old, with: new))
}

/// Expects `call` to fail with bad data naming `field`, from `provider`.
func expectImplausible(_ field: String, provider: String, _ call: () async throws(ProviderFailure) -> Void) async {
    do {
        try await call()
        Issue.record("expected \(field) to be refused")
    } catch {
        #expect(error.kind == .badData)
        #expect(error.provider == provider)
        #expect(error.message.hasPrefix("implausible value: \(field) "), "\(error.message)")
    }
}

@Suite("physically implausible provider values are refused as bad data")
struct PlausibilityTests {
    static let forecast = "open-meteo/forecast.current.json"

    @Test("Open-Meteo weather outside physical limits names the field", arguments: [
        ("\"temperature_2m\": 17.7", "\"temperature_2m\": 1e300", "temperature_c"),
        ("\"temperature_2m\": 17.7", "\"temperature_2m\": -150", "temperature_c"),
        ("\"temperature_2m\": 17.7", "\"temperature_2m\": 71", "temperature_c"),
        ("\"relative_humidity_2m\": 66", "\"relative_humidity_2m\": 140", "humidity"),
        ("\"relative_humidity_2m\": 66", "\"relative_humidity_2m\": -1", "humidity"),
        ("\"surface_pressure\": 1026.9", "\"surface_pressure\": -5", "pressure_hpa"),
        ("\"surface_pressure\": 1026.9", "\"surface_pressure\": 102690", "pressure_hpa"),
        ("\"wind_speed_10m\": 3.6", "\"wind_speed_10m\": -3.6", "wind_speed_ms"),
        ("\"wind_direction_10m\": 259", "\"wind_direction_10m\": 720", "wind_direction_deg"),
    ])
    func weather(old: String, new: String, field: String) async {
        let http = FakeHTTP(["/v1/forecast": fixture(Self.forecast, replacing: old, with: new)])
        await expectImplausible(field, provider: "open-meteo") { () throws(ProviderFailure) in
            _ = try await openMeteo(http).weather(at: place)
        }
    }

    @Test("the message says the value and the limits")
    func message() async throws {
        let http = FakeHTTP(["/v1/forecast": fixture(Self.forecast, replacing: "\"temperature_2m\": 17.7", with: "\"temperature_2m\": 1e300")])
        let failure = await #expect(throws: ProviderFailure.self) { try await openMeteo(http).weather(at: place) }
        #expect(failure?.message == "implausible value: temperature_c 1e300 °C (expected -100 to 70 °C)")
        #expect(failure?.part == .weather)
    }

    @Test("record-breaking but real weather is accepted", arguments: [
        ("\"temperature_2m\": 17.7", "\"temperature_2m\": -89.2"),
        ("\"temperature_2m\": 17.7", "\"temperature_2m\": 56.7"),
        ("\"surface_pressure\": 1026.9", "\"surface_pressure\": 330"),
        ("\"relative_humidity_2m\": 66", "\"relative_humidity_2m\": 100"),
        ("\"wind_speed_10m\": 3.6", "\"wind_speed_10m\": 113"),
    ])
    func extremesAccepted(old: String, new: String) async throws {
        let http = FakeHTTP(["/v1/forecast": fixture(Self.forecast, replacing: old, with: new)])
        _ = try await openMeteo(http).weather(at: place)
    }

    @Test("a negative or absurd concentration in any hour refuses the air reply (not skipped as a gap)", arguments: [
        ("-3", "pm2_5 -3 µg/m³"), ("1e300", "pm2_5 1e300 µg/m³"), ("100001", "pm2_5 100001 µg/m³"),
    ])
    func concentrations(value: String, expected: String) async throws {
        let text = String(decoding: fixture("open-meteo/air_quality.breather_subset.json"), as: UTF8.self)
        // The first hourly PM2.5 value (hours ago, not the current one) is replaced.
        let start = try #require(text.range(of: "\"pm2_5\": [")?.upperBound)
        let end = try #require(text[start...].firstIndex(where: { $0 == "," || $0 == "]" }))
        let body = text.replacingCharacters(in: start..<end, with: value)
        let http = FakeHTTP(["/aq/air-quality": FakeHTTP.body(body)])
        let failure = await #expect(throws: ProviderFailure.self) { try await openMeteo(http).airQuality(at: place) }
        #expect(failure?.kind == .badData)
        #expect(failure?.message.hasPrefix("implausible value: \(expected)") == true, "\(failure?.message ?? "")")
    }

    @Test("the same check covers every provider's decoder")
    func everyProvider() async {
        let owm = FakeHTTP(["/data/2.5/air_pollution": fixture("openweathermap/air_pollution.success.json",
                                                                  replacing: "\"no2\": 17.31", with: "\"no2\": -17.31")])
        await expectImplausible("no2", provider: "openweathermap") { () throws(ProviderFailure) in
            _ = try await openWeatherMap(owm).airQuality(at: place)
        }
        let iqairIndex = FakeHTTP(["/v2/nearest_city": fixture("iqair-airvisual/nearest_city.success.json",
                                                               replacing: "\"aqius\": 52", with: "\"aqius\": -52")])
        await expectImplausible("aqius", provider: "airvisual") { () throws(ProviderFailure) in
            _ = try await airVisual(iqairIndex).airQuality(at: place)
        }
        let iqairWeather = FakeHTTP(["/v2/nearest_city": fixture("iqair-airvisual/nearest_city.success.json",
                                                                 replacing: "\"tp\": 23", with: "\"tp\": 1e300")])
        await expectImplausible("temperature_c", provider: "airvisual") { () throws(ProviderFailure) in
            _ = try await airVisual(iqairWeather).weather(at: place)
        }
        let waqiFeed = FakeHTTP([waqiPath: fixture("waqi/feed_geo.success.json", replacing: "\"aqi\": 29", with: "\"aqi\": 1000000")])
        await expectImplausible("aqi", provider: "waqi") { () throws(ProviderFailure) in
            _ = try await waqi(waqiFeed).airQuality(at: place)
        }
        let ip = FakeHTTP(["/json/": FakeHTTP.body("{\"city\": \"Nowhere\", \"latitude\": 95.1, \"longitude\": 5}")])
        await expectImplausible("latitude", provider: "ipapi") { () throws(ProviderFailure) in
            _ = try await IPAPI(baseURL: "http://fake", http: ip).locateByIP()
        }
    }

    @Test("error numbers as people write them: no binary noise, no e+, never inf", arguments: [
        (9.999999999999998e19, "1e20"), (1e20, "1e20"), (1e300, "1e300"), (-2.5e16, "-2.5e16"), (1.5e-7, "1.5e-7"),
        (0.30000000000000004, "0.3"), (12.0, "12"), (-3, "-3"), (100_000, "100000"), (0.0001, "0.0001"), (0, "0"),
        (Double.infinity, "over 1.8e308"), (-Double.infinity, "under -1.8e308"), (Double.nan, "not a number"),
    ])
    func numbers(value: Double, written: String) {
        #expect(Plausibility.number(value) == written)
    }

    @Test("a value a conversion left as 9.999999999999998e+19 is named 1e20; an infinite one says so without inf")
    func problemWording() {
        #expect(Plausibility.problem("pm10", 9.999999999999998e19, Plausibility.concentration, "µg/m³")
            == "pm10 1e20 µg/m³ (expected 0 to 100000 µg/m³)")
        let infinite = Plausibility.problem("temperature_c", .infinity, Plausibility.temperatureC, "°C") ?? ""
        #expect(infinite == "temperature_c over 1.8e308 °C (expected -100 to 70 °C)")
        #expect(!infinite.contains("inf"))
    }
}
