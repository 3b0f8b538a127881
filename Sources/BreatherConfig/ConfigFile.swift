import BreatherLocale
import BreatherModel
import BreatherViewModel

/// Reads a TOML config file into `Settings`, strictly: an unknown key or a value of the wrong
/// type is an error naming the file and line, because a typo silently ignored is a bar that
/// quietly shows the wrong city.
struct ConfigFile {
    let path: String
    let root: TOMLTable

    /// Parses the file's bytes: they must be UTF-8 without NUL bytes, and valid TOML.
    init(path: String, bytes: [UInt8]) throws(ConfigError) {
        self.path = path
        do {
            root = try TOMLParser.parse(bytes)
        } catch {
            throw ConfigError(file: path, line: error.line, column: error.column, reason: tr("invalid TOML: %s").filled(error.message))
        }
    }

    /// Applies every key in the file to `settings`, recording origins.
    func apply(to settings: inout Settings) throws(ConfigError) {
        settings.configFile = path
        try checkKeys(root, section: nil, allowed: ["standard", "standards", "units", "icons", "interval", "timeout", "location", "place", "sources", "providers", "cache", "output", "on_update", "alerts", "bar", "history", "log", "mqtt", "advice", "display"])
        if let value = try string("standard", in: root) {
            settings.standard = try choice(value, key: "standard", section: nil)
            mark(&settings, "standard")
        }
        if let value = try string("units", in: root) {
            settings.units = try choice(value, key: "units", section: nil)
            mark(&settings, "units")
        }
        if let value = try string("icons", in: root) {
            settings.icons = try choice(value, key: "icons", section: nil)
            mark(&settings, "icons")
        }
        if let value = try string("interval", in: root) {
            guard let seconds = ConfigDuration.parseSeconds(value), seconds >= 1 else {
                throw error("interval", nil, tr("must be a duration from %s to %s, like %s (got %s)").filled("1s", "366d", "\"15m\"", "\"\(value)\""))
            }
            if seconds < 60 {
                // Allowed for tests and experiments; in real use this burns provider quotas.
                settings.warnings.append("\(path): " + tr("interval %s is below 1m: providers may rate-limit this machine").filled(value))
            }
            settings.intervalSeconds = seconds
            mark(&settings, "interval")
        }
        if let value = try string("timeout", in: root) {
            let range = Settings.timeoutRange
            guard let seconds = ConfigDuration.parseSeconds(value), range.contains(seconds) else {
                throw error("timeout", nil, tr("must be a duration from %s to %s, like %s (got %s)").filled("\(range.lowerBound)s", "\(range.upperBound)s", "\"20s\"", "\"\(value)\""))
            }
            settings.timeoutSeconds = seconds
            mark(&settings, "timeout")
        }
        if let value = root["standards"] {
            guard let array = value.array, !array.isEmpty else {
                throw error("standards", nil, tr("must be a non-empty list of standards, like %s").filled("[\"us\", \"china\"]"))
            }
            var standards: [AQIStandard] = []
            for item in array {
                guard let id = item.string else { throw error("standards", nil, tr("must be a list of standard names, like %s").filled("[\"us\", \"china\"]")) }
                standards.append(try choice(id, key: "standards", section: nil))
            }
            settings.standards = standards
            mark(&settings, "standards")
        }
        if let value = root["on_update"] {
            guard let array = value.array, !array.isEmpty,
                  case let words = array.compactMap(\.string), words.count == array.count, !words[0].isEmpty else {
                throw error("on_update", nil, "must be a non-empty list of strings: a program and its arguments, like [\"pkill\", \"-RTMIN+8\", \"waybar\"]")
            }
            settings.onUpdate = words
            mark(&settings, "on_update")
        }
        if let table = try table("location", in: root) { try applyLocation(table, to: &settings) }
        try applyPlaces(to: &settings)
        try applyAlerts(to: &settings)
        if let table = try table("bar", in: root) { try applyBar(table, to: &settings) }
        try applyHistory(to: &settings)
        try applyAdvice(to: &settings)
        try applyDisplay(to: &settings)
        try applyLog(to: &settings)
        try applyMQTT(to: &settings)
        if let table = try table("sources", in: root) { try applySources(table, to: &settings) }
        if let table = try table("providers", in: root) { try applyProviders(table, to: &settings) }
        try checkSensorSources(settings)
        if let table = try table("cache", in: root) {
            try checkKeys(table, section: "cache", allowed: ["path", "max_age"])
            if let value = try string("path", in: table, section: "cache") {
                settings.cache.path = expandHome(value)
                mark(&settings, "cache.path")
            }
            if let value = try string("max_age", in: table, section: "cache") {
                guard let seconds = ConfigDuration.parseSeconds(value) else { throw error("max_age", "cache", tr("must be a duration up to %s, like %s").filled("366d", "\"10m\"")) }
                settings.cache.maxAgeSeconds = seconds
                mark(&settings, "cache.max_age")
            }
        }
        try applyOutputs(to: &settings)
    }

    private func applyLocation(_ table: TOMLTable, to settings: inout Settings) throws(ConfigError) {
        try checkKeys(table, section: "location", allowed: ["latitude", "longitude", "name", "city", "auto"])
        if let lat = try number("latitude", in: table, section: "location") {
            guard (-90...90).contains(lat) else { throw error("latitude", "location", tr("must be between -90 and 90")) }
            settings.location.latitude = lat
            mark(&settings, "location.latitude")
        }
        if let lon = try number("longitude", in: table, section: "location") {
            guard (-180...180).contains(lon) else { throw error("longitude", "location", tr("must be between -180 and 180")) }
            settings.location.longitude = lon
            mark(&settings, "location.longitude")
        }
        if (settings.location.latitude == nil) != (settings.location.longitude == nil) {
            throw error("latitude", "location", tr("latitude and longitude must be set together"))
        }
        if let name = try string("name", in: table, section: "location") { settings.location.name = name; mark(&settings, "location.name") }
        if let city = try string("city", in: table, section: "location") {
            guard !city.trimmingWhitespace().isEmpty else { throw error("city", "location", tr("needs a place name")) }
            settings.location.city = city
            mark(&settings, "location.city")
        }
        if let auto = table["auto"] {
            guard let value = auto.bool else { throw error("auto", "location", tr("must be true or false")) }
            settings.location.auto = value
            mark(&settings, "location.auto")
        }
    }

    private func applySources(_ table: TOMLTable, to settings: inout Settings) throws(ConfigError) {
        try checkKeys(table, section: "sources", allowed: ["air", "weather", "asthma", "indoor", "state"])
        if let text = try string("state", in: table, section: "sources") {
            guard let url = MQTTURL(text), MQTTSettings.topicProblem(url.path) == nil else {
                throw error("state", "sources", "must be mqtt://HOST[:PORT]/TOPIC_PREFIX or mqtts://…, like \"mqtt://homeserver/breather/kitchen\" (got \"\(text)\")")
            }
            settings.sources.state = url
            mark(&settings, "sources.state")
        }
        let lists: [(String, WritableKeyPath<SourceSettings, [ProviderID]>, [ProviderID])] = [
            ("air", \.air, ProviderID.air), ("weather", \.weather, ProviderID.weather), ("asthma", \.asthma, ProviderID.asthma),
            ("indoor", \.indoor, ProviderID.sensors),
        ]
        for (key, path, allowed) in lists {
            guard let value = table[key] else { continue }
            // An empty indoor list is the default (no indoor sensor); the others need a source.
            guard let array = value.array, !array.isEmpty || key == "indoor" else { throw error(key, "sources", "must be a non-empty list such as [\"\(allowed[0].rawValue)\"]") }
            var ids: [ProviderID] = []
            for item in array {
                guard let id = item.string.flatMap(ProviderID.init(rawValue:)), allowed.contains(id) else {
                    throw error(key, "sources", tr("unknown provider %s; allowed: %s").filled(item.debugDescription, allowed.map(\.rawValue).joined(separator: ", ")))
                }
                ids.append(id)
            }
            settings.sources[keyPath: path] = ids
            mark(&settings, "sources.\(key)")
        }
        let unused = ["air", "weather", "asthma", "indoor"].filter { table[$0] != nil }
        if settings.sources.state != nil, !unused.isEmpty {
            settings.warnings.append(tr("[sources] state is set: %s are not asked (the published state has every reading)").filled(unused.joined(separator: ", ")))
        }
    }

    private func applyProviders(_ table: TOMLTable, to settings: inout Settings) throws(ConfigError) {
        try checkKeys(table, section: "providers", allowed: ProviderKeys.all.map { $0.provider } + ProviderID.sensors.map(\.rawValue))
        for provider in table.keys {
            guard let section = table[provider]?.table else { throw error(provider, "providers", tr("must be a table [%s]").filled("providers.\(provider)")) }
            if let sensor = ProviderID(rawValue: provider), ProviderID.sensors.contains(sensor) {
                try applySensor(sensor, section, to: &settings)
                continue
            }
            // checkKeys allowed only the providers listed.
            guard let keys = ProviderKeys.all.first(where: { $0.provider == provider }) else { continue }
            let sectionName = "providers.\(provider)"
            try checkKeys(section, section: sectionName, allowed: keys.urls + keys.files)
            for key in keys.urls {
                guard let url = try string(key, in: section, section: sectionName) else { continue }
                if let problem = ProviderURL.problem(url) { throw error(key, sectionName, problem) }
                settings.providers.set(provider, key, to: url)
                mark(&settings, "\(sectionName).\(key)")
            }
            for key in keys.files {
                guard let file = try string(key, in: section, section: sectionName) else { continue }
                settings.providers.set(provider, key, to: expandHome(file))
                mark(&settings, "\(sectionName).\(key)")
            }
        }
    }
}

/// The keys one `[providers.*]` table takes: base URLs, then files that hold a secret.
/// A struct and a switch (`ProviderSettings.set`) rather than tuples of key paths: building
/// those key paths and their generic metadata was a third of loading a config (callgrind).
struct ProviderKeys {
    let provider: String
    let urls: [String]
    let files: [String]

    static let all = [
        ProviderKeys(provider: "open-meteo", urls: ["forecast_url", "air_quality_url", "geocoding_url"], files: []),
        ProviderKeys(provider: "airvisual", urls: ["base_url"], files: ["key_file"]),
        ProviderKeys(provider: "ipapi", urls: ["base_url"], files: []),
        ProviderKeys(provider: "propeller", urls: ["base_url"], files: []),
        ProviderKeys(provider: "waqi", urls: ["base_url"], files: ["token_file"]),
        ProviderKeys(provider: "openweathermap", urls: ["base_url"], files: ["key_file"]),
    ]
}

extension ProviderSettings {
    /// Stores `[providers.<provider>] <key> = value`, for a pair `ProviderKeys.all` lists.
    mutating func set(_ provider: String, _ key: String, to value: String) {
        switch (provider, key) {
        case ("open-meteo", "forecast_url"): openMeteoForecastURL = value
        case ("open-meteo", "air_quality_url"): openMeteoAirQualityURL = value
        case ("open-meteo", "geocoding_url"): openMeteoGeocodingURL = value
        case ("airvisual", "base_url"): airVisualURL = value
        case ("airvisual", "key_file"): airVisualKeyFile = value
        case ("ipapi", "base_url"): ipapiURL = value
        case ("propeller", "base_url"): propellerURL = value
        case ("waqi", "base_url"): waqiURL = value
        case ("waqi", "token_file"): waqiTokenFile = value
        case ("openweathermap", "base_url"): openWeatherMapURL = value
        case ("openweathermap", "key_file"): openWeatherMapKeyFile = value
        default: assertionFailure("ProviderKeys.all lists [providers.\(provider)] \(key) but ProviderSettings.set has no field for it")
        }
    }
}
