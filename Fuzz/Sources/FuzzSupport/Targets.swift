import BreatherCache
import BreatherCalculator
import BreatherConfig
import BreatherHTTP
import BreatherModel
import BreatherProviders
import BreatherViews

/// What each fuzz target does with one input. Every target goes through Breather's public
/// API the way the program does, so a crash found here is one a provider, a config file or a
/// damaged cache could cause; none of them may trap, whatever the bytes.
public enum FuzzTargets {
    static let place = Location(name: "Fuzz", latitude: 52.52, longitude: 13.41)
    static let scratch = ScratchDirectory()

    /// Open-Meteo `/forecast` → `Weather`.
    public static func openMeteoForecast(_ input: UnsafeBufferPointer<UInt8>) {
        replies(input) { http in checkWeather(try? await openMeteo(http).weather(at: place)) }
    }

    /// Open-Meteo `/air-quality` → `Pollution`, then every index and the asthma estimate.
    public static func openMeteoAirQuality(_ input: UnsafeBufferPointer<UInt8>) {
        replies(input) { http in await checkPollution(try? await openMeteo(http).airQuality(at: place)) }
    }

    /// Open-Meteo `/search` → `Location`.
    public static func openMeteoGeocoding(_ input: UnsafeBufferPointer<UInt8>) {
        replies(input) { http in _ = try? await openMeteo(http).locate(city: "Fuzz") }
    }

    /// AirVisual `nearest_city` → `Pollution` (reported indices) and `Weather` from one reply.
    public static func airVisual(_ input: UnsafeBufferPointer<UInt8>) {
        replies(input) { http in
            // A new client per reply: the real one shares a reply between its parts for a minute.
            await checkPollution(try? await AirVisual(baseURL: cannedBase, key: "k", http: http).airQuality(at: place))
            checkWeather(try? await AirVisual(baseURL: cannedBase, key: "k", http: http).weather(at: place))
        }
    }

    /// WAQI `feed/geo:…` → `Pollution`.
    public static func waqi(_ input: UnsafeBufferPointer<UInt8>) {
        replies(input) { http in await checkPollution(try? await WAQI(baseURL: cannedBase, token: "t", http: http).airQuality(at: place)) }
    }

    /// OpenWeatherMap `/air_pollution` and `/weather` from the same bytes.
    public static func openWeatherMap(_ input: UnsafeBufferPointer<UInt8>) {
        replies(input) { http in
            let client = OpenWeatherMap(baseURL: cannedBase, key: "k", http: http)
            await checkPollution(try? await client.airQuality(at: place))
            checkWeather(try? await client.weather(at: place))
        }
    }

    /// Propeller's forecast → `Asthma`.
    public static func propeller(_ input: UnsafeBufferPointer<UInt8>) {
        replies(input) { http in _ = try? await Propeller(baseURL: cannedBase, http: http).asthma(at: place, pollution: nil) }
    }

    /// ipapi.co `/json/` → `Location`.
    public static func ipapi(_ input: UnsafeBufferPointer<UInt8>) {
        replies(input) { http in _ = try? await IPAPI(baseURL: cannedBase, http: http).locateByIP() }
    }

    /// The config file, through the loader as `breather --config FILE` reads it.
    public static func config(_ input: UnsafeBufferPointer<UInt8>) {
        let path = scratch.write(input, to: "config.toml")
        let home = scratch.path
        let loader = ConfigLoader(environment: { name in name == "HOME" ? home : nil })
        _ = try? loader.load(explicitPath: path)
    }

    /// The conditions cache file, as a restarted daemon or a one-shot run loads it.
    public static func cache(_ input: UnsafeBufferPointer<UInt8>) {
        let path = scratch.write(input, to: "conditions.json")
        _ = ConditionsCache(path: path).load()
    }

    /// A `--template` string.
    public static func template(_ input: UnsafeBufferPointer<UInt8>) {
        _ = try? TemplateRenderer(String(decoding: input, as: UTF8.self))
    }

    /// `breather aqi` arguments (one a line, or split at spaces) under every standard, then the
    /// index and its JSON, as the calculator computes and prints them.
    public static func calculator(_ input: UnsafeBufferPointer<UInt8>) {
        let arguments = String(decoding: input, as: UTF8.self)
            .split(whereSeparator: { $0 == "\n" || $0 == " " }).map(String.init)
        for standard in AQIStandard.allCases {
            guard let readings = try? CalculatorInput.readings(from: arguments, standard: standard) else { continue }
            for (reading, argument) in zip(readings, arguments) {
                _ = CalculatorInput.unitWarning(for: reading, argument: argument)
            }
            if let index = try? standard.index(from: readings) {
                _ = JSONRenderer().render(AirQualityReport(index: index, computed: true, source: "fuzz"))
            }
        }
    }

    // MARK: - Helpers

    static func openMeteo(_ http: any HTTPClient) -> OpenMeteo {
        OpenMeteo(forecastURL: cannedBase, airQualityURL: cannedBase, geocodingURL: cannedBase, http: http)
    }

    /// Runs `body` once per fuzzed status with the input as the reply's body.
    static func replies(_ input: UnsafeBufferPointer<UInt8>, _ body: @escaping @Sendable (CannedHTTPClient) async -> Void) {
        let bytes = Array(input)
        runBlocking {
            for status in fuzzedStatuses {
                await body(CannedHTTPClient(status: status, body: bytes))
            }
        }
    }

    /// Accepted weather carries at least one value (an all-null reply is bad data).
    static func checkWeather(_ weather: Weather?) {
        guard let weather else { return }
        precondition(weather.temperatureC != nil || weather.humidity != nil || weather.pressureHPa != nil
                     || weather.windSpeedMS != nil || weather.windDirectionDeg != nil || weather.condition != nil,
                     "an all-null weather reply was accepted")
    }

    /// Every standard's index and the asthma estimate from accepted air data: the numbers a
    /// provider sends go on into the index tables and averaging, which must not trap either.
    static func checkPollution(_ pollution: Pollution?) async {
        guard let pollution else { return }
        for standard in AQIStandard.allCases {
            _ = try? pollution.report(for: standard)
        }
        _ = try? await AsthmaEstimate().asthma(at: place, pollution: pollution)
    }
}
