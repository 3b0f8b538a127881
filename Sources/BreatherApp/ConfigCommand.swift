#if canImport(Glibc)
import Glibc
#endif
import Logging
import BreatherConfig
import BreatherHTTP
import CProcess
import BreatherLocale
import BreatherModel

/// `breather config`: validates the config and prints the effective settings, each with where
/// it came from (default, file:line, flag, env). API keys are never printed, only whether and
/// where one was found. Exit 78 with file:line: reason when the config is invalid.
struct ConfigCommand {
    static let help = CommandHelp(
        abstract: "Validate the config and print the effective settings and their origins.", discussion: "")

    var options: CommonOptions

    func run() -> ExitStatus {
        let context: AppContext
        do {
            context = try AppContext(options: options)
        } catch {
            Logger.breather(options.logLevel).log(.error, error.message)
            return error.status
        }
        let settings = context.settings
        settings.warnings.forEach { context.logger.log(.warning, $0) }
        if let warning = L10n.$language.withValue(context.interfaceLanguage, operation: { DaemonController.quotaWarning(settings) }) {
            context.logger.log(.warning, warning)
        }
        let providers = settings.providers
        let secrets = [
            ("airvisual", "BREATHER_AIRVISUAL_KEY", "airvisual.key", providers.airVisualKeyFile),
            ("waqi", "BREATHER_WAQI_TOKEN", "waqi.token", providers.waqiTokenFile),
            ("openweathermap", "BREATHER_OPENWEATHERMAP_KEY", "openweathermap.key", providers.openWeatherMapKeyFile),
        ]
        // Every key a run could load is checked as a run would (one line of printable ASCII, a
        // regular file): a key file that is wrong fails here, with none of its content shown.
        for (name, envVar, credential, keyFile) in secrets {
            do {
                context.holding(try context.loadSecret(envVar: envVar, credential: credential, keyFile: keyFile))
            } catch {
                context.logger.log(.error, "config: \(name): \(error)")
                return .configuration
            }
        }
        // The MQTT password too, as the daemon and a subscriber load it: what they refuse with
        // 78 (a FIFO, several lines, a username without one) fails here the same way.
        if let mqtt = settings.mqtt {
            do {
                _ = try context.mqttPassword(mqtt)
            } catch {
                context.logger.log(.error, error.message)
                return error.status
            }
        }
        Console.out("# config file: \(settings.configFile ?? "none (defaults only)")")
        for (key, value) in Self.lines(settings, context: context) {
            Console.out("\(key) = \(value)  # \(settings.origins[key] ?? "default")")
        }
        for (name, envVar, credential, keyFile) in secrets {
            Console.out("# \(name) key: \(Self.keySource(envVar: envVar, credential: credential, keyFile: keyFile, context: context))")
        }
        if let mqtt = settings.mqtt {
            let source = Self.keySource(envVar: "BREATHER_MQTT_PASSWORD", credential: "mqtt.password", keyFile: mqtt.passwordFile, context: context)
            Console.out("# mqtt password: \(source.replacingKeyFileWord())")
        }
        return .ok
    }

    /// Every setting as a TOML-like value, in the order of etc/breather.toml.
    static func lines(_ s: Settings, context: AppContext) -> [(String, String)] {
        func quoted(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "(unset)" }
        // A URL's user and password are shown as errors show them: never.
        func url(_ text: String) -> String { quoted(redactingCredentials(text)) }
        func list(_ items: [String]) -> String { "[" + items.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        let p = s.providers
        var lines: [(String, String)] = [
            ("standard", quoted(s.standard.rawValue)),
            ("standards", s.standards.isEmpty ? "(unset: all)" : list(s.standards.map(\.rawValue))),
            ("units", quoted(s.units.rawValue)), ("icons", quoted(s.icons.rawValue)),
            ("interval", quoted(duration(s.intervalSeconds))), ("timeout", quoted(duration(s.timeoutSeconds))),
            ("on_update", s.onUpdate.isEmpty ? "(unset)" : list(s.onUpdate)),
            ("location.latitude", s.location.latitude.map { "\($0)" } ?? "(unset)"),
            ("location.longitude", s.location.longitude.map { "\($0)" } ?? "(unset)"),
            ("location.name", quoted(s.location.name)), ("location.city", quoted(s.location.city)),
            ("location.auto", "\(s.location.auto)"),
        ]
        lines += s.places.map { ("place.\($0.name)", placeLine($0)) }
        lines += [
            ("sources.air", list(s.sources.air.map(\.rawValue))), ("sources.weather", list(s.sources.weather.map(\.rawValue))), ("sources.asthma", list(s.sources.asthma.map(\.rawValue))),
            ("sources.indoor", list(s.sources.indoor.map(\.rawValue))), ("sources.state", quoted(s.sources.state?.description)),
            ("providers.open-meteo.forecast_url", url(p.openMeteoForecastURL)),
            ("providers.open-meteo.air_quality_url", url(p.openMeteoAirQualityURL)),
            ("providers.open-meteo.geocoding_url", url(p.openMeteoGeocodingURL)),
            ("providers.airvisual.base_url", url(p.airVisualURL)), ("providers.airvisual.key_file", quoted(p.airVisualKeyFile)),
            ("providers.waqi.base_url", url(p.waqiURL)), ("providers.waqi.token_file", quoted(p.waqiTokenFile)),
            ("providers.openweathermap.base_url", url(p.openWeatherMapURL)),
            ("providers.openweathermap.key_file", quoted(p.openWeatherMapKeyFile)),
            ("providers.ipapi.base_url", url(p.ipapiURL)), ("providers.propeller.base_url", url(p.propellerURL)),
            ("cache.path", quoted(context.cachePath)), ("cache.max_age", quoted(duration(s.cache.maxAgeSeconds))),
        ]
        for id in ProviderID.sensors {
            guard let sensor = p.sensors[id] else { continue }
            let section = "providers.\(id.rawValue)"
            let place = sensor.place ?? (s.sources.indoor.contains(id) ? .indoor : .outdoor)
            lines += [("\(section).url", url(sensor.url)), ("\(section).place", quoted(sensor.site ?? place.rawValue)),
                      ("\(section).interval", quoted(duration(sensor.intervalSeconds)))]
            if id == .purpleAir { lines.append(("\(section).correction", quoted(sensor.correction.rawValue))) }
        }
        lines += [("history.enabled", "\(s.history.enabled)"), ("history.path", quoted(context.historyPath)),
                  ("history.backfill", quoted("\(s.history.backfillDays)d")), ("history.keep_raw", quoted(s.history.keepRawSeconds % 86_400 == 0 ? "\(s.history.keepRawSeconds / 86_400)d" : duration(s.history.keepRawSeconds)))]
        lines += [("log.personal_best", s.log.personalBest.map(String.init) ?? "(unset)"),
                  ("log.evening_prompt", quoted(s.log.eveningPromptMinute.map(clock))), ("log.dashboard", "\(s.log.dashboard)")]
        lines += [("alerts.category", quoted(s.alerts?.category)), ("alerts.asthma", quoted(s.alerts?.asthma?.rawValue)),
                  ("alerts.pollen", quoted(s.alerts?.pollen?.id)), ("alerts.uv", quoted(s.alerts?.uv?.rawValue)),
                  ("alerts.pre_alert", quoted(s.alerts?.preAlertSeconds.map(duration))),
                  ("alerts.briefing", quoted(s.alerts?.briefingMinute.map(clock))),
                  ("alerts.hold", "\(s.alerts?.hold ?? 2)"), ("alerts.co2", "\(s.alerts?.co2PPM.map(String.init) ?? "(unset)")"), ("alerts.advice", "\(s.alerts?.advice ?? false)"),
                  ("alerts.personal", "\(s.alerts?.personal ?? false)"),
                  ("bar.pollen", quoted(s.bar.barPollen.id)), ("bar.uv", quoted(s.bar.barUV.rawValue)),
                  ("bar.places", quoted(s.barPlaces?.rawValue))]
        lines += s.adviceLines.map { ($0.key, $0.value) }
        lines += [("display.language", s.language.map { quoted($0.rawValue) } ?? "(unset: LANGUAGE, LC_ALL, LC_MESSAGES, LANG)"),
                  ("display.native_names", "\(s.nativeNames)")]
        if let m = s.mqtt {
            lines += [("mqtt.url", quoted(m.broker.description)), ("mqtt.ca_file", quoted(m.caFile)), ("mqtt.username", quoted(m.username)),
                      ("mqtt.password_file", quoted(m.passwordFile)), ("mqtt.client_id", quoted(m.clientID)),
                      ("mqtt.keepalive", "\(m.keepaliveSeconds)"), ("mqtt.topic_prefix", quoted(m.topicPrefix)),
                      ("mqtt.discovery", "\(m.discovery)"), ("mqtt.discovery_prefix", quoted(m.discoveryPrefix))]
        } else {
            lines.append(("mqtt.url", "(unset: no MQTT)"))
        }
        // An svg output shows the chart and size it draws, defaults included.
        let outputs = s.outputs.map { output in
            "{ path = \"\(output.path)\", format = \"\(output.format.rawValue)\""
                + (output.place.map { ", place = \"\($0)\"" } ?? "")
                + (output.format == .svg ? ", chart = \"\(output.image.kind.rawValue)\", width = \(output.image.width), height = \(output.image.height)" : "") + " }"
        }
        lines.append(("output", outputs.isEmpty ? "(none)" : "[" + outputs.joined(separator: ", ") + "]"))
        return lines
    }

    /// One `[[place]]` as an inline table: its label, where it is and whether it alerts.
    static func placeLine(_ place: PlaceSettings) -> String {
        var fields: [String] = []
        if let short = place.short { fields.append("short = \"\(short)\"") }
        let location = place.location
        if let latitude = location.latitude, let longitude = location.longitude {
            fields += ["latitude = \(latitude)", "longitude = \(longitude)"]
        } else if let city = location.city {
            fields.append("city = \"\(city)\"")
        } else {
            fields.append("auto = true")
        }
        fields.append("alerts = \(place.alerts)")
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    /// "20:00", "07:30": a minute of the day as the config spells it.
    static func clock(_ minute: Int) -> String {
        let hour = minute / 60, rest = minute % 60
        return "\(hour < 10 ? "0" : "")\(hour):\(rest < 10 ? "0" : "")\(rest)"
    }

    /// "15m", "1h", "90s": the shortest exact spelling.
    static func duration(_ seconds: Int) -> String {
        seconds % 3600 == 0 ? "\(seconds / 3600)h" : seconds % 60 == 0 ? "\(seconds / 60)m" : "\(seconds)s"
    }

    /// Where a key would come from, never the key itself.
    static func keySource(envVar: String, credential: String, keyFile: String?, context: AppContext) -> String {
        let env = context.loader.environment
        if let value = env(envVar), !value.isEmpty { return "set (redacted), from env \(envVar)" }
        if let directory = env("CREDENTIALS_DIRECTORY"), access("\(directory)/\(credential)", R_OK) == 0 {
            return "set (redacted), from $CREDENTIALS_DIRECTORY/\(credential)"
        }
        if let keyFile { return "set (redacted), from key_file \(keyFile)" }
        return "not set"
    }
}

private extension String {
    /// `keySource`'s words for `[mqtt] password_file`, whose key is not called key_file.
    func replacingKeyFileWord() -> String {
        guard hasPrefix("set (redacted), from key_file ") else { return self }
        return "set (redacted), from password_file " + dropFirst("set (redacted), from key_file ".count)
    }
}
