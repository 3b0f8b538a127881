import BreatherLocale
import BreatherModel
import BreatherViewModel

/// The effective settings after defaults, the config file, the environment and flags.
/// Every field's origin is recorded so `breather config` can say where it came from.
public struct Settings: Sendable {
    /// The index to show (`standard` key, `--standard`); default US EPA.
    public var standard: AQIStandard = .us
    /// The standards a scroll in the bar (or SIGUSR2) cycles through (`standards` key); empty: all of them.
    public var standards: [AQIStandard] = []
    /// Metric (°C, hPa, m/s) or imperial (°F, inHg, mph) display (`units` key, `--units`).
    public var units: Units = .metric
    /// Glyphs for the weather condition (`icons` key, `--icons`).
    public var icons: Icons = .none
    /// `[display] language`, `--language`: nil = from `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`.
    public var language: Language?
    /// `[display] native_names`: a standard's category names in its own language (China's 优, 良).
    public var nativeNames = false
    /// Daemon poll interval.
    public var intervalSeconds: Int = 900
    /// Time limit for each provider request (connect + reply), within `timeoutRange`.
    public var timeoutSeconds: Int = 20
    /// The seconds `timeout` may be: a request's own default limit (`HTTPRequest`) is longer,
    /// so the configured one decides.
    public static let timeoutRange = 1...30
    /// `[location]`: coordinates, a city to geocode, or IP lookup.
    public var location = LocationSettings()
    /// `[[place]]`: the places followed, the primary first; empty = the single `[location]`.
    public var places: [PlaceSettings] = []
    /// `--place`: the place shown instead of the primary; nil = the primary.
    public var selectedPlace: String?
    /// `[sources]`: the providers to ask for each part, in fallback order.
    public var sources = SourceSettings()
    /// `[providers.*]`: base URLs and key files.
    public var providers = ProviderSettings()
    /// `[cache]`: where the last good conditions are kept and how long a one-shot run reuses them.
    public var cache = CacheSettings()
    /// `[history]`: the store of past readings.
    public var history = HistorySettings()
    /// `[log]`: the breathing log (the personal best peak flow).
    public var log = LogSettings()
    /// `[[output]]`: the files the daemon and the timer write; empty = none.
    public var outputs: [OutputSettings] = []
    /// A program and its arguments run (no shell) after the daemon's outputs change; empty = none.
    public var onUpdate: [String] = []
    /// `[alerts]`: desktop notifications on crossing a category or asthma risk; nil = none.
    public var alerts: AlertSettings?
    /// `[bar]`: from which level pollen and UV show in the compact bar text.
    public var bar = DayAheadSettings()
    /// `[bar] places`: every place in one line, or one at a time; nil = the place shown only,
    /// the middle click stepping the standard as with one place.
    public var barPlaces: BarPlaces?
    /// `[advice]`: the thresholds of "what to do now" and its hold.
    public var advice = AdviceSettings()
    /// `[mqtt]`: the broker the daemon publishes its state to; nil = none.
    public var mqtt: MQTTSettings?
    /// Accepted but doubtful settings (e.g. a very short interval), for the log.
    public var warnings: [String] = []
    /// Where each dotted key's value came from: "default", "file.toml:12", "flag", "env NAME".
    public var origins: [String: String] = [:]
    /// The config file that was read, if any.
    public var configFile: String?

    /// The defaults of PRODUCT.md, before any file, environment or flag is applied.
    public init() {}
}

/// `[location]` as configured. Coordinates win over `city`, which wins over `auto` (AppContext).
public struct LocationSettings: Sendable, Equatable {
    /// Degrees north, -90…90; set together with `longitude` or not at all.
    public var latitude: Double?
    /// Degrees east, -180…180; set together with `latitude` or not at all.
    public var longitude: Double?
    /// The display name for the coordinates; nil shows the coordinates themselves.
    public var name: String?
    /// A place name geocoded through Open-Meteo instead of coordinates; nil when coordinates are used.
    public var city: String?
    /// Locate by IP address when nothing else is set.
    public var auto = true

    /// No location: coordinates by IP address (`auto = true`).
    public init() {}
}

/// `[sources]`: provider ids per part, tried in order until one answers.
public struct SourceSettings: Sendable, Equatable {
    /// Air-quality providers, each one of `ProviderID.air`.
    public var air: [ProviderID] = [.openMeteo]
    /// Weather providers, each one of `ProviderID.weather`.
    public var weather: [ProviderID] = [.openMeteo]
    /// Asthma-risk sources, each one of `ProviderID.asthma`.
    public var asthma: [ProviderID] = [.estimate]
    /// Indoor sensors shown beside the outdoor air, each one of `ProviderID.sensors`; empty = none.
    public var indoor: [ProviderID] = []
    /// `state`: `mqtt://host[:port]/TOPIC_PREFIX`, a Breather daemon's published state, read
    /// instead of every provider (the one-shot, `daemon` and `watch`; `--source` overrides it);
    /// nil = the providers above.
    public var state: MQTTURL?

    /// Open-Meteo for air and weather, the estimate for asthma: everything keyless.
    public init() {}
}

/// `[providers.*]`: every provider's base URL (tests point these at a loopback server) and key file.
public struct ProviderSettings: Sendable, Equatable {
    /// `[providers.open-meteo] forecast_url`: weather.
    public var openMeteoForecastURL = "https://api.open-meteo.com/v1"
    /// `[providers.open-meteo] air_quality_url`: concentrations and pollen.
    public var openMeteoAirQualityURL = "https://air-quality-api.open-meteo.com/v1"
    /// `[providers.open-meteo] geocoding_url`: `location.city` to coordinates.
    public var openMeteoGeocodingURL = "https://geocoding-api.open-meteo.com/v1"
    /// `[providers.airvisual] base_url` (IQAir).
    public var airVisualURL = "https://api.airvisual.com/v2"
    /// `[providers.airvisual] key_file` with `~/` expanded; nil = key only from the environment or a systemd credential.
    public var airVisualKeyFile: String?
    /// `[providers.ipapi] base_url`: IP geolocation, used only without a configured location.
    public var ipapiURL = "https://ipapi.co"
    /// `[providers.propeller] base_url`: asthma risk.
    public var propellerURL = "https://open.propellerhealth.com/prod"
    /// `[providers.waqi] base_url` (aqicn.org).
    public var waqiURL = "https://api.waqi.info"
    /// `[providers.waqi] token_file` with `~/` expanded; nil = token only from the environment or a systemd credential.
    public var waqiTokenFile: String?
    /// `[providers.openweathermap] base_url`.
    public var openWeatherMapURL = "https://api.openweathermap.org/data/2.5"
    /// `[providers.openweathermap] key_file` with `~/` expanded; nil = key only from the environment or a systemd credential.
    public var openWeatherMapKeyFile: String?
    /// `[providers.<sensor>]` for each sensor on the home network that has a table.
    public var sensors: [ProviderID: SensorSettings] = [:]

    /// The public endpoints and no key files.
    public init() {}
}

/// `[cache]`: the last good conditions on disk.
public struct CacheSettings: Sendable, Equatable {
    /// nil = `$XDG_CACHE_HOME/breather/conditions.json` (or `~/.cache/…`).
    public var path: String?
    /// `cache.max_age` in seconds (default 10 min): a one-shot run reuses a cache younger than this.
    public var maxAgeSeconds = 600

    /// The default cache path and a 10-minute max age.
    public init() {}
}

/// One `[[output]]` table: a file the daemon and the timer rewrite atomically.
public struct OutputSettings: Sendable, Equatable {
    /// The file to write, with `~/` expanded.
    public var path: String
    /// The renderer for the file (`format` key, default plain).
    public var format: OutputFormat
    /// The chart and its size for `format = "svg"` (`chart`, `width`, `height` keys; the
    /// flags' defaults); unused by the other formats, which refuse the keys.
    public var image: ChartImage
    /// `place`: the `[[place]]` whose conditions the file shows; nil = the current place.
    public var place: String?

    /// An output writing `format` to `path`; an svg draws `image`.
    public init(path: String, format: OutputFormat, image: ChartImage = ChartImage()) {
        self.path = path
        self.format = format
        self.image = image
    }
}

/// A configuration problem: exit 78, with the file and line when known.
public struct ConfigError: Error, Sendable, CustomStringConvertible {
    /// The config file (or key file) at fault; nil when the problem is in no file.
    public var file: String?
    /// The 1-based line in `file`, when the problem is one key's value.
    public var line: Int?
    /// The 1-based column (in characters) on `line`, for syntax errors: where the reader stopped.
    public var column: Int?
    /// What is wrong and, for choices, the accepted values.
    public var reason: String

    /// A problem in `file` (at `line` and `column` when known) described by `reason`.
    public init(file: String?, line: Int? = nil, column: Int? = nil, reason: String) {
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// "file:line:column: reason", "file:line: reason", "file: reason" or the reason alone:
    /// one line for stderr.
    public var description: String {
        switch (file, line, column) {
        case let (file?, line?, column?): "\(file):\(line):\(column): \(reason)"
        case let (file?, line?, nil): "\(file):\(line): \(reason)"
        case let (file?, nil, _): "\(file): \(reason)"
        default: reason
        }
    }
}
