#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import BreatherConfig
import BreatherHTTP
import BreatherModel
import BreatherProviders
import BreatherViewModel

/// The composition root: settings (file + flags) turned into live providers and a view model.
struct AppContext: Sendable {
    var settings: Settings
    var logger: Logger
    let loader = ConfigLoader()
    var http: any HTTPClient {
        TimeLimitedHTTPClient(CurlHTTPClient(userAgent: "Breather/\(Breather.version)"), totalSeconds: Double(settings.timeoutSeconds))
    }
    /// True when the location came from `--city` (an unknown name is then a usage error).
    var cityFromFlag = false

    /// Loads the config and applies flags over it. Config problems end the command with 78.
    init(options: CommonOptions) throws(CommandFailure) {
        logger = Logger(level: options.logLevel)
        do {
            settings = try ConfigLoader().load(explicitPath: options.configPath)
        } catch {
            throw CommandFailure(status: .configuration, message: "config: \(error)")
        }
        if let standard = options.standard { settings.standard = standard; settings.origins["standard"] = "flag" }
        if let units = options.units { settings.units = units; settings.origins["units"] = "flag" }
        if let icons = options.icons { settings.icons = icons; settings.origins["icons"] = "flag" }
        if let latitude = options.latitude, let longitude = options.longitude {
            settings.location.latitude = latitude
            settings.location.longitude = longitude
            settings.location.city = nil
            settings.location.name = nil
            settings.origins["location.latitude"] = "flag"
            settings.origins["location.longitude"] = "flag"
        }
        if let city = options.city {
            settings.location.city = city
            settings.location.latitude = nil
            settings.location.longitude = nil
            settings.location.name = nil
            settings.origins["location.city"] = "flag"
            cityFromFlag = true
        }
    }

    var cachePath: String { settings.cache.path ?? loader.defaultCachePath() }

    /// Environment variable for tests only: the whole-fetch deadline in (fractional) seconds,
    /// so a test can watch it pass in a few seconds (like `RefreshTimer.testIntervalVariable`).
    static let testDeadlineVariable = "BREATHER_TEST_DEADLINE_SECONDS"

    /// The limit for one whole fetch: `FetchDeadline.defaultSeconds` (PRODUCT.md has no key
    /// for it), unless the test-only variable overrides it.
    var fetchDeadlineSeconds: Double {
        if let raw = getenv(Self.testDeadlineVariable), let seconds = Double(String(cString: raw)), seconds > 0 {
            return seconds
        }
        return FetchDeadline.defaultSeconds
    }

    /// The cached conditions if they are for the place asked for: coordinates must match when
    /// given; a city named by flag always fetches (the cache may hold another place).
    func usableCache(_ cached: CityConditions?) -> CityConditions? {
        guard let cached, cached.pollution != nil, !cityFromFlag else { return nil }
        if let latitude = settings.location.latitude, let longitude = settings.location.longitude {
            guard abs(cached.location.latitude - latitude) < 1e-4, abs(cached.location.longitude - longitude) < 1e-4 else { return nil }
        }
        return cached
    }

    /// Builds the providers `[sources]` names, in order.
    /// `gate` (the daemon's) makes every provider honour Retry-After and back off after failures.
    func makeFetcher(gate: ProviderGate? = nil) throws(CommandFailure) -> ConditionsFetcher {
        let p = settings.providers
        let openMeteo = OpenMeteo(forecastURL: p.openMeteoForecastURL, airQualityURL: p.openMeteoAirQualityURL,
                                  geocodingURL: p.openMeteoGeocodingURL, http: http)
        let needsAirVisual = (settings.sources.air + settings.sources.weather).contains(ProviderID.airVisual)
        var airVisual: AirVisual?
        if needsAirVisual {
            do {
                let key = try loader.secret(envVar: "BREATHER_AIRVISUAL_KEY", credential: "airvisual.key", keyFile: p.airVisualKeyFile)
                airVisual = AirVisual(baseURL: p.airVisualURL, key: key, http: http)
            } catch {
                throw CommandFailure(status: .configuration, message: "airvisual: \(error)")
            }
        }
        let waqi = try keyedProvider(ProviderID.waqi, envVar: "BREATHER_WAQI_TOKEN", credential: "waqi.token", keyFile: p.waqiTokenFile) {
            WAQI(baseURL: p.waqiURL, token: $0, http: http)
        }
        let openWeatherMap = try keyedProvider(ProviderID.openWeatherMap, envVar: "BREATHER_OPENWEATHERMAP_KEY",
                                               credential: "openweathermap.key", keyFile: p.openWeatherMapKeyFile) {
            OpenWeatherMap(baseURL: p.openWeatherMapURL, key: $0, http: http)
        }
        func air(_ id: String) -> (any AirQualityProvider)? {
            switch id {
            case ProviderID.airVisual: airVisual
            case ProviderID.waqi: waqi
            case ProviderID.openWeatherMap: openWeatherMap
            default: openMeteo
            }
        }
        func weather(_ id: String) -> (any WeatherProvider)? {
            switch id {
            case ProviderID.airVisual: airVisual
            case ProviderID.openWeatherMap: openWeatherMap
            default: openMeteo
            }
        }
        func asthma(_ id: String) -> any AsthmaProvider {
            id == ProviderID.propeller ? Propeller(baseURL: p.propellerURL, http: http) : AsthmaEstimate()
        }
        let airProviders = settings.sources.air.compactMap(air)
        let weatherProviders = settings.sources.weather.compactMap(weather)
        let asthmaProviders = settings.sources.asthma.map(asthma)
        guard let gate else {
            return ConditionsFetcher(air: airProviders, weather: weatherProviders, asthma: asthmaProviders,
                                     standard: settings.standard, deadlineSeconds: fetchDeadlineSeconds)
        }
        return ConditionsFetcher(air: airProviders.map { GatedAirQualityProvider($0, gate: gate) },
                                 weather: weatherProviders.map { GatedWeatherProvider($0, gate: gate) },
                                 // The estimate makes no request: gating it would back off a
                                 // local computation after an air outage and blank the asthma part.
                                 asthma: asthmaProviders.map { $0.needsNetwork ? GatedAsthmaProvider($0, gate: gate) as any AsthmaProvider : $0 },
                                 standard: settings.standard, deadlineSeconds: fetchDeadlineSeconds)
    }

    /// Builds a provider that needs a secret only when some `[sources]` list names it, so a
    /// missing key for an unused provider is never an error.
    private func keyedProvider<P>(_ id: String, envVar: String, credential: String, keyFile: String?,
                                  make: (String?) -> P) throws(CommandFailure) -> P? {
        guard (settings.sources.air + settings.sources.weather).contains(id) else { return nil }
        do {
            return make(try loader.secret(envVar: envVar, credential: credential, keyFile: keyFile))
        } catch {
            throw CommandFailure(status: .configuration, message: "\(id): \(error)")
        }
    }

    /// Coordinates from flags or config, else a geocoded city, else the IP address (cached a day).
    func resolveLocation() async throws(CommandFailure) -> Location {
        let location = settings.location
        if let latitude = location.latitude, let longitude = location.longitude {
            return Location(name: location.name, latitude: latitude, longitude: longitude)
        }
        let p = settings.providers
        if let city = location.city {
            let geocoder = OpenMeteo(forecastURL: p.openMeteoForecastURL, airQualityURL: p.openMeteoAirQualityURL,
                                     geocodingURL: p.openMeteoGeocodingURL, http: http)
            do {
                var found = try await geocoder.locate(city: city)
                if let name = location.name { found.name = name }
                return found
            } catch {
                let status: ExitStatus = error.kind == .notFound ? (cityFromFlag ? .usage : .configuration) : ExitStatus(error.kind)
                throw CommandFailure(status: status, message: "\(error.provider) geocoding: \(error.message)")
            }
        }
        guard location.auto else {
            throw CommandFailure(status: .configuration, message: """
                no location: pass --latitude/--longitude or --city, or set [location] in the config \
                (automatic IP location is off: [location] auto = false)
                """)
        }
        return try await IPLocationCache(path: ipCachePath, http: http, baseURL: p.ipapiURL, logger: logger).location()
    }

    var ipCachePath: String {
        let path = cachePath
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        return "\(directory)/location.json"
    }
}
