import BreatherConfig
import BreatherLocale
import Testing

/// A bad config's one line in the language bound while it is read (the command binds
/// `--language`, else the environment's): the sentence translated, the file, line, key names
/// and values verbatim.
@Suite("config errors in the interface language")
struct ConfigErrorLanguageTests {
    /// The error `text` earns, read in `language`.
    static func error(_ text: String, _ language: Language = .english) -> String {
        L10n.$language.withValue(language) {
            do {
                _ = try ConfigLoader().load(text: text, name: "/home/ana/.config/breather/config.toml")
                return "no error"
            } catch {
                return "\(error)"
            }
        }
    }

    @Test("a wrong type, an unknown key, an unknown value, bad TOML: German and French sentences around the same keys; English as before")
    func translated() {
        let boolean = "[display]\nnative_names = \"yes\"\n"
        #expect(Self.error(boolean) == "/home/ana/.config/breather/config.toml:2: display.native_names: must be true or false")
        #expect(Self.error(boolean, .german) == "/home/ana/.config/breather/config.toml:2: display.native_names: muss true oder false sein")
        let key = "[history]\nkeep = \"90d\"\n"
        let english = Self.error(key)
        #expect(english.hasPrefix("/home/ana/.config/breather/config.toml:2: history.keep: unknown key \"keep\" in [history]; allowed: "), "\(english)")
        let french = Self.error(key, .french)
        #expect(french.hasPrefix("/home/ana/.config/breather/config.toml:2: history.keep: clé inconnue \"keep\" dans [history] ; clés permises : "), "\(french)")
        // The list of keys after it is the same, untranslated.
        #expect(english.split(separator: ":").last == french.split(separator: ":").last)
        let value = "standard = \"mars\"\n"
        #expect(Self.error(value, .spanish).contains("standard: valor desconocido \"mars\"; permitidos: "), "\(Self.error(value, .spanish))")
        #expect(Self.error(value).contains("standard: unknown value \"mars\"; allowed: "), "\(Self.error(value))")
        let toml = "[display\n"
        #expect(Self.error(toml, .chinese).contains("无效的 TOML："), "\(Self.error(toml, .chinese))")
        #expect(Self.error(toml).contains(": invalid TOML: "), "\(Self.error(toml))")
        let interval = "interval = \"soon\"\n"
        #expect(Self.error(interval) == "/home/ana/.config/breather/config.toml:1: interval: must be a duration from 1s to 366d, like \"15m\" (got \"soon\")")
        #expect(Self.error(interval, .french)
                == "/home/ana/.config/breather/config.toml:1: interval: doit être une durée de 1s à 366d, comme \"15m\" (reçu \"soon\")")
        let url = "[providers.open-meteo]\nforecast_url = \"ftp://example.org\"\n"
        #expect(Self.error(url).hasSuffix("providers.open-meteo.forecast_url: must be an http:// or https:// URL"), "\(Self.error(url))")
        #expect(Self.error(url, .german).hasSuffix("providers.open-meteo.forecast_url: muss eine http://- oder https://-URL sein"), "\(Self.error(url, .german))")
        let mqtt = "[mqtt]\nurl = \"http://broker\"\n"
        #expect(Self.error(mqtt).hasSuffix("mqtt.url: must be mqtt://host[:port] or mqtts://host[:port] (got \"http://broker\")"), "\(Self.error(mqtt))")
        #expect(Self.error(mqtt, .german).hasSuffix("mqtt.url: muss mqtt://host[:port] oder mqtts://host[:port] sein (erhalten: \"http://broker\")"),
                "\(Self.error(mqtt, .german))")
        let latitude = "[location]\nlatitude = 95\nlongitude = 13\n"
        #expect(Self.error(latitude, .german).hasSuffix("location.latitude: muss zwischen -90 und 90 liegen"), "\(Self.error(latitude, .german))")
    }
}

/// A key in an environment variable that is not one line: the refusal in the language bound,
/// the variable's name as it is.
@Suite("environment variable keys refused in the interface language")
struct SecretLanguageTests {
    static func refusal(_ language: Language) -> String {
        L10n.$language.withValue(language) {
            do {
                _ = try ConfigLoader(environment: { $0 == "BREATHER_WAQI_TOKEN" ? "a\u{7}b" : nil })
                    .loadSecret(envVar: "BREATHER_WAQI_TOKEN", credential: "waqi.token", keyFile: nil)
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
    }

    @Test("env BREATHER_WAQI_TOKEN with a control byte: German and Spanish, English unchanged")
    func environmentVariable() {
        #expect(Self.refusal(.english) == "env BREATHER_WAQI_TOKEN holds bytes that are not printable ASCII: a key is one line of at most 256 printable ASCII characters")
        #expect(Self.refusal(.german) == "env BREATHER_WAQI_TOKEN enthält Bytes, die kein druckbares ASCII sind: ein Schlüssel ist eine Zeile aus höchstens 256 druckbaren ASCII-Zeichen")
        #expect(Self.refusal(.spanish) == "env BREATHER_WAQI_TOKEN contiene bytes que no son ASCII imprimible: una clave es una línea de como máximo 256 caracteres ASCII imprimibles")
    }

    @Test("the config's warnings: an interval under 1m in German, [sources] state in French; the file, keys and values as they are; English as before")
    func warnings() throws {
        func warnings(_ text: String, _ language: Language) throws -> [String] {
            try L10n.$language.withValue(language) { try ConfigLoader().load(text: text, name: "/home/ana/c.toml").warnings }
        }
        let short = "interval = \"2s\"\n"
        #expect(try warnings(short, .english) == ["/home/ana/c.toml: interval 2s is below 1m: providers may rate-limit this machine"])
        #expect(try warnings(short, .german) == ["/home/ana/c.toml: interval 2s liegt unter 1m: Anbieter könnten die Anfragen dieses Rechners drosseln"])
        let both = "[sources]\nstate = \"mqtt://homeserver/breather/kitchen\"\nair = [\"open-meteo\"]\n"
        #expect(try warnings(both, .french) == ["[sources] state est défini : air ne sont pas interrogés (l'état publié contient toutes les mesures)"])
        #expect(try warnings(both, .english) == ["[sources] state is set: air are not asked (the published state has every reading)"])
    }
}
