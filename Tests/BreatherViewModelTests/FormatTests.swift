import BreatherModel
import BreatherViewModel
import Foundation
import Testing

@Suite("Format is total: no value traps, however absurd")
struct FormatTests {
    /// Values no `Int` can hold. Providers are refused for them, but a cache written before
    /// that check, or a corrupt one, can still bring them to the formatters.
    static let absurd: [Double] = [1e300, -1e300, .infinity, -.infinity, .nan, 9.3e18, -9.3e18]

    @Test("weather strings for absurd numbers are spelled, not trapped on", arguments: absurd)
    func absurdWeather(value: Double) {
        for units in Units.allCases {
            #expect(!Format.temperature(value, units).isEmpty)
            #expect(!Format.pressure(value, units).isEmpty)
            #expect(!Format.wind(value, value, units).isEmpty)
        }
        #expect(!Format.percent(value).isEmpty)
        #expect(!Format.probability(value).isEmpty)
        #expect(!Format.city(Location(latitude: value, longitude: value)).isEmpty)
        if !value.isFinite { #expect(Format.compass(value) == "") }
    }

    @Test("what the absurd values read as")
    func spelled() {
        #expect(Format.temperature(1e300, .metric) == "1e+300°C")
        #expect(Format.temperature(.infinity, .imperial) == "inf°F")
        #expect(Format.percent(.nan) == "nan%")
        #expect(Format.pressure(1e300, .imperial).hasSuffix("e+298 inHg"))
        // A direction that is no angle is left out rather than shown as a compass point.
        #expect(Format.wind(3.64, .nan, .metric) == "3.6 m/s")
        #expect(Format.city(Location(latitude: 1e300, longitude: -2.5)) == "1e+300, -2.50")
    }

    @Test("a place name keeps to one line: control characters become spaces; an empty one gives coordinates")
    func cityControlCharacters() {
        #expect(Format.city(Location(name: "Saint-Jean\nL'Île\t\u{07}<&> 100%", latitude: 1, longitude: 2))
            == "Saint-Jean L'Île <&> 100%")
        #expect(Format.city(Location(name: "\n\r", latitude: 40.6769, longitude: -73.9423)) == "40.68, -73.94")
        #expect(Format.city(Location(name: "Brooklyn", latitude: 1, longitude: 2)) == "Brooklyn")
    }

    @Test("ordinary values read as before")
    func ordinary() {
        #expect(Format.temperature(-0.4, .metric) == "0°C")
        #expect(Format.temperature(12.3, .imperial) == "54°F")
        #expect(Format.pressure(1013.2, .metric) == "1013 hPa")
        #expect(Format.pressure(1013.2, .imperial) == "29.92 inHg")
        #expect(Format.wind(3.64, 225, .metric) == "3.6 m/s SW")
        #expect(Format.wind(0.04, nil, .metric) == "0.0 m/s")
        #expect(Format.wind(-0.04, nil, .metric) == "0.0 m/s")  // no "-0.0"
        #expect(Format.city(Location(latitude: 40.6769, longitude: -73.9423)) == "40.68, -73.94")
        #expect(Format.probability(0.63) == "63%")
    }

    @Test("dates and ages outside any calendar are clamped")
    func datesAndAges() {
        #expect(Format.updated(Timestamp(timeIntervalSince1970: 1e300)) == "9999-12-31 23:59 UTC")
        #expect(Format.updated(Timestamp(timeIntervalSince1970: -1e300)) == "0001-01-01 00:00 UTC")
        #expect(Format.updated(Timestamp(timeIntervalSince1970: 1_795_000_000)) == "2026-11-18 11:06 UTC")
        #expect(Format.seconds(-1e300) == 0)
        #expect(Format.seconds(.nan) == 0)
        #expect(Format.seconds(1e300) == 3_155_760_000)
        #expect(Format.seconds(90.7) == 90)
    }

    @Test("a view model seeded with absurd cached conditions renders them")
    func seededAbsurd() async {
        let cached = CityConditions(
            location: Location(name: nil, latitude: 1e300, longitude: .nan),
            weather: Weather(temperatureC: 1e300, humidity: .infinity, pressureHPa: -1e300, windSpeedMS: .nan,
                             windDirectionDeg: 1e300, source: "test"),
            fetchedAt: Timestamp(timeIntervalSince1970: -1e300))
        let viewModel = MainViewModel(environment: .init(fetch: { _ in cached }, now: { Timestamp(timeIntervalSince1970: 1_795_000_000) }))
        viewModel.seed(with: cached)
        let outputs = await history(viewModel) { _ in }
        let shown = outputs.last
        #expect(shown?.temperature == "1e+300°C")
        #expect(shown?.humidity == "inf%")
        #expect(shown?.updated == "0001-01-01 00:00 UTC")
        #expect(shown?.ageSeconds == 3_155_760_000)
    }
}

@Suite("concentrations in tooltips")
struct ConcentrationFormatTests {
    @Test("ppm values keep their digits: never 0.0 ppm", arguments: [
        (0.045, "0.045"), (0.0004, "0.0004"), (0.5, "0.500"), (1.0, "1.0"), (12.34, "12.3"), (0.0, "0.0"), (-0.2, "-0.200"),
    ])
    func digits(value: Double, text: String) {
        #expect(Format.concentration(value) == text)
    }

    @Test("an ozone sub-index in ppm shows three decimals")
    func ozonePPM() {
        let sub = SubIndex(pollutant: .o3, period: .hours8, concentration: 0.047, unit: .ppm, index: 44)
        #expect(Format.subIndex(sub, .us) == "O3 44 (0.047 ppm, 8h)")
    }
}

@Suite("provider text is made safe where it enters")
struct SanitizedTests {
    @Test("escape sequences go, control characters become one space, plain text is untouched", arguments: [
        ("plain text", "plain text"),
        ("down\u{1B}[31m red\u{1B}[0m", "down red"),
        ("a\u{1B}]0;title\u{07}b", "ab"),
        ("a\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\b", "alinkb"),
        ("line one\r\nline two\n", "line one line two"),
        ("tab\there\u{7F}\u{85}x", "tab here x"),
        ("\u{9B}2Jcleared", "cleared"),
        ("cut \u{1B}", "cut"),
        ("Île-de-France 北京", "Île-de-France 北京"),
    ])
    func sanitized(input: String, expected: String) {
        #expect(Sanitized.line(input) == expected)
    }

    @Test("failures, place names and credits are sanitized on construction")
    func onConstruction() {
        let failure = ProviderFailure(provider: "waqi", part: .air, kind: .unavailable, message: "bad\u{1B}[2J\nthing")
        #expect(failure.message == "bad thing")
        #expect(Location(name: "Evil\u{1B}[31mTown\n", latitude: 0, longitude: 0).name == "EvilTown")
        #expect(Attribution(name: "\u{1B}]0;x\u{07}EPA", url: nil).name == "EPA")
    }

    @Test("a place name set after construction (the config's [location] name) is sanitized too")
    func onAssignment() {
        var location = Location(latitude: 0, longitude: 0)
        location.name = "Saint-Jean\nL'Île\t\u{1B}[31m<&>"
        #expect(location.name == "Saint-Jean L'Île <&>")
        #expect(Format.city(location) == "Saint-Jean L'Île <&>")
        location.name = "\n\r"
        #expect(Format.city(location) == "0.00, 0.00")
    }
}
