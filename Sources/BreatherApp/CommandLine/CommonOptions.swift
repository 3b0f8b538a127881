import BreatherConfig
import BreatherLocale
import BreatherModel
import BreatherViewModel
import BreatherViews

/// Flags shared by the one-shot run, `daemon` and `watch` (and, for `--standard` and
/// `--format`, `aqi`). API keys are never flags: they would show in `ps`.
struct CommonOptions: Sendable {
    var standard: AQIStandard?
    var latitude: Double?
    var longitude: Double?
    var city: String?
    /// `--place NAME`: the `[[place]]` shown instead of the primary.
    var place: String?
    var format: OutputFormat?
    var units: Units?
    var icons: Icons?
    /// `--language`: over `[display] language` and the environment.
    var language: Language?
    var template: String?
    var configPath: String?
    var output: String?
    var refresh = false
    /// `--source mqtt://HOST[:PORT]/PREFIX`: a publishing daemon's state, not the providers
    /// (one-shot, `daemon`, `watch`; over `[sources] state`).
    var source: MQTTURL?
    var logLevel: LogLevel = .warning
    /// `--format svg`: the chart drawn and its size in pixels.
    var chart = ChartImage().kind
    var width = ChartImage().width
    var height = ChartImage().height

    /// Every flag, in the order `--help` lists them. The parser, the help text and the shell
    /// completions all read this one table.
    static let specs: [OptionSpec] = [
        .init("standard", help: "Air-quality standard (default us; china is HJ 633-2026).",
              choices: AQIStandard.allCases.map(\.rawValue)),
        .init("latitude", help: "Latitude in degrees, -90 to 90; needs --longitude."),
        .init("longitude", help: "Longitude in degrees, -180 to 180; needs --latitude."),
        .init("city", help: "A place name, geocoded through Open-Meteo."),
        .init("place", valueName: "name", help: "Show this [[place]] of the config instead of the first (the primary)."),
        .init("format", help: "Output format (default plain).", choices: OutputFormat.allCases.map(\.rawValue)),
        .init("units", help: "Units (default metric).", choices: Units.allCases.map(\.rawValue)),
        .init("icons", help: "Weather condition icons: none, emoji or nerd (Nerd Fonts) (default none).",
              choices: Icons.allCases.map(\.rawValue)),
        .init("language", help: "Interface language: en, zh_CN, fr, de or es (default: [display] language, else LANGUAGE, "
              + "LC_ALL, LC_MESSAGES, LANG; json, prometheus and MQTT stay English).", choices: Language.allCases.map(\.rawValue)),
        .init("template", help: "Render with a template instead of --format, e.g. \"{city} {aqi} {category}\"; "
              + "placeholders are the json display keys plus raw values."),
        .init("config", help: "Config file (TOML).", completesFiles: true),
        .init("output", help: "Write the output to this file atomically instead of stdout (-o for short).", completesFiles: true),
        .init("chart", help: "--format svg: the last 24 hours from the history store, or the next 24 hours' forecast (default history).",
              choices: SVGRenderer.Chart.allCases.map(\.rawValue)),
        .init("width", valueName: "pixels", help: "--format svg: the image's width, 16 to 4000 (default 480)."),
        .init("height", valueName: "pixels", help: "--format svg: the image's height, 16 to 4000 (default 160; axis labels from 80)."),
        .flag("refresh", help: "Ignore the cache and fetch now."),
        .init("source", help: "Show what a Breather daemon publishes over MQTT, mqtt://HOST[:PORT]/TOPIC_PREFIX "
              + "(mqtts:// for TLS), with no provider request (one-shot, daemon, watch; overrides [sources] state)."),
        .init("log-level", help: "Log level (default warning).", choices: LogLevel.allCases.map(\.rawValue)),
    ]

    /// Stores one option's value, converted to its type: a value that does not convert is a
    /// usage error naming the option (and, for a choice, the valid values).
    mutating func set(_ spec: OptionSpec, to value: String) throws(UsageError) {
        func choice<T: RawRepresentable<String>>(_: T.Type) throws(UsageError) -> T {
            guard let chosen = T(rawValue: value) else { throw .invalidValue(value, for: spec) }
            return chosen
        }
        func degrees() throws(UsageError) -> Double {
            guard let number = Double(value), number.isFinite else { throw .invalidValue(value, for: spec) }
            return number
        }
        switch spec.name {
        case "standard": standard = try choice(AQIStandard.self)
        case "latitude": latitude = try degrees()
        case "longitude": longitude = try degrees()
        case "city": city = value
        case "place": place = value
        case "format": format = try choice(OutputFormat.self)
        case "units": units = try choice(Units.self)
        case "icons": icons = try choice(Icons.self)
        case "language":
            // A locale name is accepted too ("fr_FR.UTF-8"); one with no catalog is a usage error.
            guard let chosen = Language(locale: value) else { throw .invalidValue(value, for: spec) }
            language = chosen
        case "template": template = value
        case "config": configPath = value
        case "output": output = value
        case "refresh": refresh = true
        case "source":
            guard let url = MQTTURL(value), !url.path.isEmpty else {
                throw UsageError(tr("--source must be mqtt://HOST[:PORT]/TOPIC_PREFIX or mqtts://…, like mqtt://homeserver/breather/kitchen (got %s)").filled("\"\(value)\""))
            }
            // A wildcard would subscribe to every publisher under it (and never to one state):
            // refused here, not after the first state's 30 s wait.
            if let problem = MQTTSettings.topicProblem(url.path) {
                throw UsageError(tr("--source's topic prefix %s, like mqtt://homeserver/breather/kitchen (got %s)").filled(problem, "\"\(value)\""))
            }
            source = url
        case "log-level": logLevel = try choice(LogLevel.self)
        case "chart": chart = try choice(SVGRenderer.Chart.self)
        case "width", "height":
            guard let pixels = Int(value), ChartImage.pixels.contains(pixels) else { throw .invalidValue(value, for: spec) }
            if spec.name == "width" { width = pixels } else { height = pixels }
        default: throw UsageError(tr("Unknown option '%s'").filled("--" + spec.name))
        }
    }

    /// The checks that involve more than one flag, or a value's meaning rather than its type.
    func validate() throws(UsageError) {
        if (latitude == nil) != (longitude == nil) { throw UsageError(tr("--latitude and --longitude must be given together")) }
        if let latitude, !(-90...90).contains(latitude) { throw UsageError(tr("--latitude must be between -90 and 90")) }
        if let longitude, !(-180...180).contains(longitude) { throw UsageError(tr("--longitude must be between -180 and 180")) }
        if city != nil && latitude != nil { throw UsageError(tr("give either --city or --latitude/--longitude, not both")) }
        if let city, city.trimmingWhitespace().isEmpty { throw UsageError(tr("--city needs a place name")) }
        if place != nil && (city != nil || latitude != nil) { throw UsageError(tr("give either --place or --city/--latitude/--longitude, not both")) }
        if template != nil && format != nil { throw UsageError(tr("give either --template or --format, not both")) }
        if let template {
            do { _ = try TemplateRenderer(template) } catch { throw UsageError("--template: \(error)") }
        }
    }
}
