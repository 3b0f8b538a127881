#if canImport(Glibc)
import Glibc
#endif
import BreatherLocale
import Logging
import BreatherCache
import BreatherConfig
import BreatherHistory
import BreatherHTTP
import BreatherModel
import BreatherProviders
import BreatherViewModel
import CProcess

/// The composition root: settings (file + flags) turned into live providers and a view model.
struct AppContext: Sendable {
    var settings: Settings
    var logger: Logger
    let loader = ConfigLoader()
    var http: any HTTPClient {
        LoggedHTTPClient(inner: TimeLimitedHTTPClient(CurlHTTPClient(userAgent: "Breather/\(Breather.version)"),
                                                      totalSeconds: Double(settings.timeoutSeconds)), logger: logger)
    }
    /// True when the location came from `--city` (an unknown name is then a usage error).
    var cityFromFlag = false

    /// Loads the config and applies flags over it. Config problems end the command with 78.
    /// The one-shot sends `--standard` to the view model as `aqiStandard` instead
    /// (`applyingStandardFlag: false`), so the stored data is checked against it.
    init(options: CommonOptions, applyingStandardFlag: Bool = true) throws(CommandFailure) {
        let logger = Logger.breather(options.logLevel)
        var settings: Settings
        // A bad config's line is for people: in `--language`, else the environment's (the
        // config's own `[display] language` is what could not be read).
        let loaded = L10n.$language.withValue(options.language ?? Language.fromEnvironment(Environment.get)) {
            Result { () throws(ConfigError) in try ConfigLoader().load(explicitPath: options.configPath) }
        }
        switch loaded {
        case .success(let read): settings = read
        case .failure(let error): throw CommandFailure(status: .configuration, message: "config: \(error)")
        }
        let cityFromFlag = options.apply(to: &settings, applyingStandardFlag: applyingStandardFlag)
        if let place = options.place, !settings.select(place: place) {
            throw CommandFailure(status: .usage, message: L10n.$language.withValue(settings.language ?? Language.fromEnvironment(Environment.get)) {
                HistoryCommand.noPlace(place, settings: settings)
            })
        }
        try self.init(settings: settings, logger: logger, cityFromFlag: cityFromFlag, commandLineOutput: options.output)
    }

    /// The context of `settings` as they stand (flags applied): the composition root tests build
    /// in-process from a config's text (`ConfigLoader.load(text:)`). An output that would
    /// overwrite one of Breather's own files is a configuration error (78).
    init(settings: Settings, logger: Logger, cityFromFlag: Bool = false, commandLineOutput: String? = nil) throws(CommandFailure) {
        self.settings = settings
        self.logger = logger
        self.cityFromFlag = cityFromFlag
        // Its refusal in the people's language (`--language`, `[display] language`, the environment).
        // The stores' names inside the binding too (`storeFiles` names them in the language).
        let checked = L10n.$language.withValue(interfaceLanguage) {
            Result { () throws(ConfigError) in try settings.checkOutputsSpareOtherFiles(stores: storeFiles, commandLineOutput: commandLineOutput) }
        }
        if case .failure(let error) = checked { throw CommandFailure(status: .configuration, message: "config: \(error)") }
        if settings.alerts?.personal == true {
            let thresholds = PersonalThresholds.read(historyPath: historyPath, logger: logger, language: interfaceLanguage)
            self.settings.alerts?.personalThresholds = thresholds
        }
    }

    /// The files Breather keeps for itself, which no output may overwrite: the caches and, when
    /// it is on, the history store's database (`[history] path`).
    var storeFiles: [FileRole] {
        settings.allPlaces.map { FileRole(tr("the conditions cache"), cachePath(forPlace: $0.name)) } + [FileRole(tr("the location cache"), ipCachePath)]
            + (settings.history.enabled ? [FileRole(tr("the history store"), historyPath)] : [])
    }

    /// The conditions store of the place shown (`--place`, else the primary).
    var cachePath: String { cachePath(forPlace: settings.currentPlace.name) }

    /// Each place's own store: the primary's is `[cache] path` itself (a `[location]` config's
    /// file is unchanged); another's has its name before `.json` (`conditions.school.json`).
    func cachePath(forPlace name: String) -> String {
        let base = settings.cache.path ?? loader.defaultCachePath()
        guard name != settings.allPlaces[0].name else { return base }
        return base.hasSuffix(".json") ? "\(base.dropLast(5)).\(name).json" : "\(base).\(name)"
    }

    /// The history file: `[history] path`, else the XDG state directory's.
    var historyPath: String { settings.history.path ?? loader.defaultHistoryPath() }

    /// The recorder each fetch's readings go to; nil when `[history] enabled = false`. Its
    /// problems are warnings, once: history never fails the run.
    func historyRecorder() -> HistoryRecorder? {
        guard settings.history.enabled else { return nil }
        let logger = self.logger
        return HistoryRecorder(path: historyPath, keepRawSeconds: settings.history.keepRawSeconds, backfillDays: settings.history.backfillDays,
                               warn: { logger.log(.warning, $0) }, note: { logger.log(.info, $0) }, language: interfaceLanguage)
    }

    /// The limit for one whole fetch: three request timeouts (geocoding, then air and weather
    /// side by side, then asthma), at most `FetchDeadline.defaultSeconds` (30 s, the default
    /// with the default `timeout` of 20 s). A short `timeout` in the config shortens it.
    var fetchDeadlineSeconds: Double { min(FetchDeadline.defaultSeconds, Double(3 * settings.timeoutSeconds)) }

    /// The `[sources]` lists as one line, kept beside the stored conditions.
    var sourcesKey: String {
        let s = settings.sources
        return [s.air, s.weather, s.asthma].map { $0.map(\.rawValue).joined(separator: ",") }.joined(separator: ";")
    }

    /// The conditions store's policy under these settings (what may be shown, when a one-shot
    /// answers from it, when data is stale).
    var storePolicy: StorePolicy {
        StorePolicy(settings: settings, cityFromFlag: cityFromFlag, sourcesKey: sourcesKey, logger: logger)
    }

    /// Builds the providers `[sources]` names, in order.
    /// `gate` (the daemon's and `watch`'s) makes every provider honour Retry-After and back off after failures.
    /// `history` (when recording) asks Open-Meteo for past days at a place it has none of its
    /// readings of; read at each fetch, so a reload's new recorder is the one asked.
    /// `place` (default the one shown) has the sensors whose `place` names it (or none, the
    /// primary's); `batch` holds the replies Open-Meteo gave for several places at once.
    func makeFetcher(gate: ProviderGate? = nil, history: HistorySlot? = nil, place: String? = nil,
                     batch: OpenMeteoBatch? = nil) throws(CommandFailure) -> ConditionsFetcher {
        let p = settings.providers
        let openMeteo = self.openMeteo(history: history, batch: batch)
        let placeName = place ?? settings.currentPlace.name
        let primaryName = settings.allPlaces[0].name
        func sensor(_ id: ProviderID, history: HistorySlot? = nil) -> (any LocalSensor)? {
            guard (p.sensors[id]?.site ?? primaryName) == placeName else { return nil }
            return self.sensor(id, history: history)
        }
        let needsAirVisual = (settings.sources.air + settings.sources.weather).contains(.airVisual)
        var airVisual: AirVisual?
        if needsAirVisual {
            do {
                let key = try loadSecret(envVar: "BREATHER_AIRVISUAL_KEY", credential: "airvisual.key", keyFile: p.airVisualKeyFile)
                holding(key)
                airVisual = AirVisual(baseURL: p.airVisualURL, key: key?.value, http: http)
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
        func air(_ id: ProviderID) -> (any AirQualityProvider)? {
            switch id {
            case .openMeteo: openMeteo
            case .airVisual: airVisual
            case .waqi: waqi
            case .openWeatherMap: openWeatherMap
            case .airGradient, .purpleAir, .sensorCommunity, .awair: sensor(id, history: history)
            case .propeller, .estimate, .ipapi: nil  // the config accepts none of these for air
            }
        }
        func weather(_ id: ProviderID) -> (any WeatherProvider)? {
            switch id {
            case .openMeteo: openMeteo
            case .airVisual: airVisual
            case .openWeatherMap: openWeatherMap
            case .waqi, .propeller, .estimate, .ipapi, .airGradient, .purpleAir, .sensorCommunity, .awair: nil
            }
        }
        func asthma(_ id: ProviderID) -> (any AsthmaProvider)? {
            switch id {
            case .propeller: Propeller(baseURL: p.propellerURL, http: http)
            case .estimate: AsthmaEstimate()
            case .openMeteo, .airVisual, .waqi, .openWeatherMap, .ipapi, .airGradient, .purpleAir, .sensorCommunity, .awair: nil
            }
        }
        return ConditionsFetcher(air: settings.sources.air.compactMap(air), weather: settings.sources.weather.compactMap(weather),
                                 asthma: settings.sources.asthma.compactMap(asthma), indoor: settings.sources.indoor.compactMap { sensor($0) }, gate: gate,
                                 deadlineSeconds: fetchDeadlineSeconds)
    }

    /// The Open-Meteo client every place's fetcher shares, so a `prefetch` for all places
    /// answers each; `history` decides a new place's backfill.
    func openMeteo(history: HistorySlot?, batch: OpenMeteoBatch?) -> OpenMeteo {
        let p = settings.providers
        return OpenMeteo(forecastURL: p.openMeteoForecastURL, airQualityURL: p.openMeteoAirQualityURL,
                         geocodingURL: p.openMeteoGeocodingURL, http: http,
                         backfillDays: { location in history?.current?.backfillDays(at: location, from: ProviderID.openMeteo.rawValue) },
                         batch: batch)
    }

    /// Builds a provider that needs a secret only when some `[sources]` list names it, so a
    /// missing key for an unused provider is never an error.
    private func keyedProvider<P>(_ id: ProviderID, envVar: String, credential: String, keyFile: String?,
                                  make: (String?) -> P) throws(CommandFailure) -> P? {
        guard (settings.sources.air + settings.sources.weather).contains(id) else { return nil }
        do {
            let secret = try loadSecret(envVar: envVar, credential: credential, keyFile: keyFile)
            holding(secret)
            return make(secret?.value)
        } catch {
            throw CommandFailure(status: .configuration, message: "\(id.rawValue): \(error)")
        }
    }

    /// `loader.loadSecret`, its refusal (exit 78) and its warning in the people's language
    /// (`--language`, `[display] language`, the environment): the key file's path, the
    /// variable's name and `chmod 600` as they are.
    func loadSecret(envVar: String, credential: String, keyFile: String?) throws(ConfigError) -> LoadedSecret? {
        try L10n.$language.withValue(interfaceLanguage) {
            Result { () throws(ConfigError) in try loader.loadSecret(envVar: envVar, credential: credential, keyFile: keyFile) }
        }.get()
    }

    /// Once a key is in memory the process can no longer dump core (a core file would hold it),
    /// and a key file that others can read earns one warning per load.
    func holding(_ secret: LoadedSecret?) {
        guard let secret else { return }
        cprocess_forbid_core_dumps()
        if let warning = secret.warning { logger.log(.warning, "\(warning)") }
    }

    /// Coordinates from flags or config, else a geocoded city, else the IP address (cached a day).
    func resolveLocation() async throws(CommandFailure) -> Location {
        try await resolveLocation(of: settings.location)
    }

    /// `location` (a `[[place]]`'s) as coordinates: given, geocoded, or by IP address.
    func resolveLocation(of location: LocationSettings) async throws(CommandFailure) -> Location {
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
            throw CommandFailure(status: .configuration, message: L10n.$language.withValue(interfaceLanguage) {
                tr("no location: pass --latitude/--longitude or --city, or set [location] in the config (automatic IP location is off: [location] auto = false)")
            })
        }
        return try await IPLocationCache(path: ipCachePath, http: http, baseURL: p.ipapiURL, logger: logger, language: interfaceLanguage).location()
    }

    var ipCachePath: String {
        let path = cachePath
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        return "\(directory)/location.json"
    }
}
