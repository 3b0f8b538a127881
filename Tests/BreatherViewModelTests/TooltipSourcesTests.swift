import BreatherLocale
import BreatherModel
import BreatherViewModel
import Testing

/// The tooltip names where each sub-index's values came from when they are not all from one
/// source, and says so when a fallback stood in for a source that failed (issue 29).
@Suite struct TooltipSourcesTests {
    let place = Location(name: "Brooklyn", latitude: 40.68, longitude: -73.94)
    let now = Timestamp(timeIntervalSince1970: 1_795_000_000)
    /// Eight hours of ozone (94 µg/m³, 0.047 ppm), enough for its 8-h sub-index.
    let ozone = [Double](repeating: 94, count: 8)

    func tooltip(_ pollution: Pollution, failures: [ProviderFailure] = [], weatherSource: String = "open-meteo") throws -> [String] {
        var conditions = CityConditions(location: place, pollution: pollution, fetchedAt: now)
        conditions.weather = Weather(temperatureC: 18, humidity: 66, source: weatherSource)
        conditions.failures = failures
        return Format.details(conditions: conditions, report: try pollution.report(for: .us), standard: .us,
                              units: .metric, icons: .none, ageSeconds: nil, stale: false, errors: [])
    }

    @Test("a sensor's PM2.5 beside the model's ozone: each line names its source, and both are credited")
    func mixedSources() throws {
        let sensor = Pollution(source: "purpleair", hourly: HourlySeries([.pm2_5: [14.8]]))
        let model = Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: [40], .o3: ozone]))
        let lines = try tooltip(sensor.filled(from: model), weatherSource: "openweathermap")
        #expect(lines.contains("  PM2.5 62 (14.8 µg/m³, 1h, purpleair)"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  O3 ") && $0.hasSuffix(", open-meteo)") }, "\(lines)")
        #expect(lines.contains("Data: purpleair; Open-Meteo.com (CC BY 4.0); OpenWeather"), "\(lines)")
        #expect(!lines.contains { $0.contains("failed") })
    }

    @Test("the model in place of a sensor that failed: the lines name it and a line says whose place it took")
    func fallback() throws {
        let model = Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: [7.7], .o3: ozone]))
        let failure = ProviderFailure(provider: "purpleair", part: .air, kind: .unavailable, message: "HTTP 503: service unavailable")
        let lines = try tooltip(model, failures: [failure])
        #expect(lines.contains { $0.hasPrefix("  PM2.5 ") && $0.hasSuffix(", open-meteo)") }, "\(lines)")
        #expect(lines.contains("  purpleair failed; open-meteo stands in"), "\(lines)")
        let german = try L10n.$language.withValue(.german) { try tooltip(model, failures: [failure]) }
        #expect(german.contains("  purpleair fehlgeschlagen; open-meteo springt ein"), "\(german)")
    }

    @Test("one source and no failure: the lines stay as they were, with no source named")
    func singleSource() throws {
        let lines = try tooltip(Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: [7.7], .o3: ozone])))
        #expect(lines.contains("  PM2.5 43 (7.7 µg/m³, 1h)"), "\(lines)")
    }
}
