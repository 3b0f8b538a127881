import BreatherModel
import BreatherViewModel
import BreatherViews

/// The effective settings after defaults, the config file, the environment and flags.
/// Every field's origin is recorded so `breather config` can say where it came from.
public struct Settings: Sendable {
    public var standard: AQIStandard = .us
    public var units: Units = .metric
    /// Glyphs for the weather condition (`icons` key, `--icons`).
    public var icons: Icons = .none
    /// Daemon poll interval.
    public var intervalSeconds: Int = 900
    /// Time limit for each provider request (connect + reply), at most 30 s.
    public var timeoutSeconds: Int = 20
    public var location = LocationSettings()
    public var sources = SourceSettings()
    public var providers = ProviderSettings()
    public var cache = CacheSettings()
    public var outputs: [OutputSettings] = []
    /// A program and its arguments run (no shell) after the daemon's outputs change; empty = none.
    public var onUpdate: [String] = []
    /// Accepted but doubtful settings (e.g. a very short interval), for the log.
    public var warnings: [String] = []
    /// Where each dotted key's value came from: "default", "file.toml:12", "flag", "env NAME".
    public var origins: [String: String] = [:]
    /// The config file that was read, if any.
    public var configFile: String?

    public init() {}
}

public struct LocationSettings: Sendable, Equatable {
    public var latitude: Double?
    public var longitude: Double?
    public var name: String?
    public var city: String?
    /// Locate by IP address when nothing else is set.
    public var auto = true

    public init() {}
}

public struct SourceSettings: Sendable, Equatable {
    public var air = ["open-meteo"]
    public var weather = ["open-meteo"]
    public var asthma = ["estimate"]

    public init() {}

    /// The provider ids each list accepts.
    public static let allowedAir = ["open-meteo", "airvisual", "waqi", "openweathermap"]
    public static let allowedWeather = ["open-meteo", "airvisual", "openweathermap"]
    public static let allowedAsthma = ["estimate", "propeller"]
}

public struct ProviderSettings: Sendable, Equatable {
    public var openMeteoForecastURL = "https://api.open-meteo.com/v1"
    public var openMeteoAirQualityURL = "https://air-quality-api.open-meteo.com/v1"
    public var openMeteoGeocodingURL = "https://geocoding-api.open-meteo.com/v1"
    public var airVisualURL = "https://api.airvisual.com/v2"
    public var airVisualKeyFile: String?
    public var ipapiURL = "https://ipapi.co"
    public var propellerURL = "https://open.propellerhealth.com/prod"
    public var waqiURL = "https://api.waqi.info"
    public var waqiTokenFile: String?
    public var openWeatherMapURL = "https://api.openweathermap.org/data/2.5"
    public var openWeatherMapKeyFile: String?

    public init() {}
}

public struct CacheSettings: Sendable, Equatable {
    /// nil = `$XDG_CACHE_HOME/breather/conditions.json` (or `~/.cache/…`).
    public var path: String?
    public var maxAgeSeconds = 600

    public init() {}
}

public struct OutputSettings: Sendable, Equatable {
    public var path: String
    public var format: OutputFormat

    public init(path: String, format: OutputFormat) {
        self.path = path
        self.format = format
    }
}

/// A configuration problem: exit 78, with the file and line when known.
public struct ConfigError: Error, Sendable, CustomStringConvertible {
    public var file: String?
    public var line: Int?
    public var reason: String

    public init(file: String?, line: Int? = nil, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String {
        switch (file, line) {
        case let (file?, line?): "\(file):\(line): \(reason)"
        case let (file?, nil): "\(file): \(reason)"
        default: reason
        }
    }
}
