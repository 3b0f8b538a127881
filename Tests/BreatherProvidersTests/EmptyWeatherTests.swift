import BreatherHTTP
import BreatherModel
@testable import BreatherProviders
import Testing

/// A second weather source (standing in for OpenWeatherMap) that always answers 12.5 °C.
private struct SteadyWeather: WeatherProvider {
    let id = ProviderID.openWeatherMap
    func weather(at location: Location) async throws(ProviderFailure) -> Weather {
        Weather(temperatureC: 12.5, source: id.rawValue)
    }
}

@Suite("an all-null weather reply is bad data, not an answer")
struct EmptyWeatherTests {
    /// Open-Meteo's shape with every current value null (seen when a model has no data).
    static let allNullForecast = """
        {"utc_offset_seconds": 0, "current": {"time": "2026-11-23T10:00", "interval": 900,
         "temperature_2m": null, "relative_humidity_2m": null, "surface_pressure": null,
         "wind_speed_10m": null, "wind_direction_10m": null, "weather_code": null}}
        """

    @Test("Open-Meteo: every current field null (or absent) → bad data naming the problem", arguments: [
        allNullForecast,
        #"{"current": {"time": "2026-11-23T10:00"}}"#,
        #"{"current": {}}"#,
    ])
    func openMeteoAllNull(body: String) async {
        let http = FakeHTTP(["/v1/forecast": FakeHTTP.body(body)])
        let failure = await #expect(throws: ProviderFailure.self) { try await openMeteo(http).weather(at: place) }
        #expect(failure?.kind == .badData)
        #expect(failure?.part == .weather)
        #expect(failure?.message == "no weather values (every field is null or missing)")
    }

    @Test("one value, or a weather code alone, is still an answer", arguments: [
        #"{"current": {"temperature_2m": 3.5}}"#,
        #"{"current": {"weather_code": 61}}"#,
        #"{"current": {"wind_direction_10m": 0}}"#,
    ])
    func openMeteoPartial(body: String) async throws {
        let http = FakeHTTP(["/v1/forecast": FakeHTTP.body(body)])
        _ = try await openMeteo(http).weather(at: place)
    }

    @Test("OpenWeatherMap and AirVisual replies with null weather are bad data too")
    func keyedProviders() async {
        let owm = FakeHTTP(["/data/2.5/weather": FakeHTTP.body(#"{"main": {"temp": null, "humidity": null}, "wind": {}, "weather": []}"#)])
        let owmFailure = await #expect(throws: ProviderFailure.self) {
            try await OpenWeatherMap(baseURL: "http://fake/data/2.5", key: "k", http: owm).weather(at: place)
        }
        #expect(owmFailure?.kind == .badData)
        let iqair = FakeHTTP(["/v2/nearest_city": FakeHTTP.body(#"{"status": "success", "data": {"current": {"weather": {"tp": null, "hu": null}}}}"#)])
        let iqairFailure = await #expect(throws: ProviderFailure.self) { try await airVisual(iqair).weather(at: place) }
        #expect(iqairFailure?.kind == .badData)
    }

    @Test("the next weather source answers and the empty reply is recorded as a failure")
    func fallsBackToNextSource() async {
        let http = FakeHTTP(["/v1/forecast": FakeHTTP.body(Self.allNullForecast)])
        let fetcher = ConditionsFetcher(air: [], weather: [openMeteo(http), SteadyWeather()], asthma: [])
        let conditions = await fetcher.fetchUntimed(at: place, FetchRequest(standard: .us))
        #expect(conditions.weather?.source == "openweathermap")
        #expect(conditions.weather?.temperatureC == 12.5)
        #expect(conditions.failures.map(\.provider) == ["open-meteo"])
        #expect(conditions.failures.map(\.kind) == [.badData])
    }

    @Test("with no other source, no weather is kept: nothing null is cached or shown")
    func noOtherSource() async {
        let http = FakeHTTP(["/v1/forecast": FakeHTTP.body(Self.allNullForecast)])
        let conditions = await ConditionsFetcher(air: [], weather: [openMeteo(http)], asthma: []).fetchUntimed(at: place, FetchRequest(standard: .us))
        #expect(conditions.weather == nil)
        #expect(conditions.failures.first?.kind == .badData)
    }
}
