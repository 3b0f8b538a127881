import BreatherTestSupport
import Foundation
import Testing

/// The real binary, its language from the environment alone: the machine running the tests has
/// no zh_CN, fr or de locale generated (`locale -a`), so these also show glibc is not used.
@Suite("languages from the environment, end to end")
struct LanguageCommandTests {
    @Test("LANG=zh_CN.UTF-8 with --standard china: HJ 633's names and Chinese weather words; LANGUAGE=fr alone (a systemd unit): French; LC_ALL=de: a decimal comma; json the same bytes")
    func fromEnvironment() async throws {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(airQualityBody(pm25: 40))))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let chinese = try await sandbox.run(["--standard", "china", "--config", sandbox.configPath], environment: ["LANG": "zh_CN.UTF-8"])
        #expect(chinese.status == 0, "\(chinese.stderr)")
        #expect(chinese.stdout.contains(" 良 ") || chinese.stdout.contains("污染"), "\(chinese.stdout)")
        #expect(chinese.stdout.contains("哮喘"), "\(chinese.stdout)")
        #expect(chinese.stdout.contains(" · 局部多云 18°C · "), "the weather's word in Chinese: \(chinese.stdout)")
        let french = try await sandbox.run(["--format", "waybar", "--config", sandbox.configPath], environment: ["LANGUAGE": "fr"])
        #expect(french.stdout.contains("Mauvais pour les groupes sensibles"), "\(french.stdout)")
        let german = try await sandbox.run(["--format", "waybar", "--config", sandbox.configPath], environment: ["LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"])
        #expect(german.stdout.contains("40,0 µg/m³"), "\(german.stdout)")
        let english = try await sandbox.run(["--format", "json", "--config", sandbox.configPath], environment: ["LANG": "C"])
        let spanish = try await sandbox.run(["--format", "json", "--config", sandbox.configPath], environment: ["LANG": "es_ES.UTF-8"])
        #expect(english.status == 0 && !english.stdout.isEmpty)
        // The two runs are seconds apart: only the clock-derived fields may differ.
        #expect(Self.withoutClock(spanish.stdout) == Self.withoutClock(english.stdout), "json is the same bytes in every language")
        #expect(Self.withoutClock(english.stdout).count > english.stdout.count - 120, "only the clock's fields are set aside")
    }

    @Test("a WMO code's own description in the one-shot's tooltip: French from LANGUAGE, Chinese from LANG; the bar's text keeps the glyph")
    func weatherDescription() async throws {
        // WMO 56, light freezing drizzle: a code the ten short words fold into "Drizzle".
        let server = try await FixtureServer.start(routes: [
            "/v1/forecast": .json(forecastBody(temperature: -1.2, code: 56)), "/aq/v1/air-quality": .json(airQualityBody(pm25: 8)),
        ])
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let arguments = ["--format", "waybar", "--icons", "emoji", "--config", sandbox.configPath]
        let french = try await sandbox.run(arguments, environment: ["LANGUAGE": "fr"])
        #expect(french.status == 0, "\(french.stderr)")
        #expect(french.stdout.contains("Météo : 🌦️ Bruine verglaçante faible, -1°C"), "\(french.stdout)")
        // The asthma estimate's method and the sources line: Breather's own words, in French too.
        #expect(french.stdout.contains("la Cote air santé du Canada (moyennes sur 3 h d") && french.stdout.contains("estimation de Breather"),
                "\(french.stdout)")
        let chinese = try await sandbox.run(arguments, environment: ["LANG": "zh_CN.UTF-8"])
        #expect(chinese.stdout.contains("小冻毛毛雨"), "\(chinese.stdout)")
        let english = try await sandbox.run(arguments, environment: ["LANG": "C"])
        #expect(english.stdout.contains("Weather: 🌦️ Light freezing drizzle, -1°C"), "\(english.stdout)")
        #expect(english.stdout.contains("s AQHI (O3, NO2, PM2.5 3-h means)") && english.stdout.contains("Breather estimate"), "\(english.stdout)")
        // The compact text: the glyph and the temperature, no words for the weather.
        #expect(english.stdout.contains(#""text":"US AQI"#) && english.stdout.contains("🌦️ -1°C"), "\(english.stdout)")
        let json = try await sandbox.run(["--format", "json", "--config", sandbox.configPath], environment: ["LANGUAGE": "fr"])
        #expect(json.stdout.contains(#""condition":"wmo:56""#) && json.stdout.contains(#""condition":"Drizzle""#), "\(json.stdout)")
    }

    /// `json` with the values of the fields that follow the clock (age, update time) emptied.
    static func withoutClock(_ json: String) -> String {
        var text = Substring(json)
        var out = ""
        let keys = ["\"age\":", "\"age_short\":", "\"age_seconds\":", "\"updated\":", "\"updated_at\":"]
        while let key = keys.compactMap({ text.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) {
            out += text[..<key.upperBound]
            text = text[key.upperBound...]
            let quoted = text.first == "\""
            let end = quoted ? text.dropFirst().firstIndex(of: "\"").map { text.index(after: $0) } : text.firstIndex(where: { $0 == "," || $0 == "}" })
            text = text[(end ?? text.endIndex)...]
        }
        return out + text
    }

    @Test("--language with no catalog exits 64 with one line; [display] language with none exits 78")
    func unknownLanguage() async throws {
        let sandbox = try Sandbox()
        let flag = try await sandbox.run(["--language", "xx"])
        #expect(flag.status == 64)
        #expect(flag.stderr.split(separator: "\n").count == 1 && flag.stderr.contains("--language"), "\(flag.stderr)")
        try sandbox.writeConfig("[display]\nlanguage = \"xx\"\n")
        let config = try await sandbox.run(["--config", sandbox.configPath])
        #expect(config.status == 78)
        #expect(config.stderr.contains("language"), "\(config.stderr)")
    }

    @Test("--help in the process's language: LANGUAGE=de, --language before or after --help, [display] language; an unknown one is English, exit 0")
    func help() async throws {
        let sandbox = try Sandbox()
        let german = try await sandbox.run(["history", "--help"], environment: ["LANGUAGE": "de"])
        #expect(german.status == 0 && german.stdout.hasPrefix("Aufruf: breather history [--since <when>]"), "\(german.stdout)")
        #expect(german.stdout.contains("Die Messwerte stammen aus jedem Abruf") && german.stdout.contains("\n  --daily "))
        let before = try await sandbox.run(["--language", "fr", "--help"], environment: ["LANGUAGE": "de"])
        let after = try await sandbox.run(["--help", "--language", "fr"], environment: ["LANGUAGE": "de"])
        #expect(before.status == 0 && before.stdout == after.stdout)
        #expect(before.stdout.contains("Qualité de l'air, météo et risque d'asthme") && before.stdout.contains("\n  --refresh "))
        try sandbox.writeConfig("[display]\nlanguage = \"es\"\n")
        let configured = try await sandbox.run(["log", "--help", "--config", sandbox.configPath], environment: ["LANGUAGE": "de"])
        #expect(configured.stdout.hasPrefix("Uso: breather log ") && configured.stdout.contains("Registra cómo respiras hoy"), "\(configured.stdout)")
        let unknown = try await sandbox.run(["--language", "xx", "insights", "--help"], environment: ["LANGUAGE": "de"])
        #expect(unknown.status == 0 && unknown.stdout.hasPrefix("Usage: breather insights ") && unknown.stdout.contains("What goes with your bad days"))
    }

    @Test("the fish and zsh completions describe in the process's language, as --help: LANG, then [display] language, then --language")
    func completions() async throws {
        let sandbox = try Sandbox()
        let standard = "complete -c breather -l standard -x -a 'us china china-2012 eu uk india canada' -d "
        let german = try await sandbox.run(["--generate-completion-script", "fish"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.status == 0 && german.stdout.contains(standard + "'Luftqualitätsstandard (Vorgabe us; china ist HJ 633-2026).'"), "\(german.stdout)")
        try sandbox.writeConfig("[display]\nlanguage = \"zh_CN\"\n")
        let configured = try await sandbox.run(["--generate-completion-script=zsh", "--config", sandbox.configPath], environment: ["LANG": "de_DE.UTF-8"])
        #expect(configured.stdout.contains("'--city=[地名，经 Open-Meteo 地理编码。]:city:'"), "\(configured.stdout)")
        let english = try await sandbox.run(["--language", "en", "--generate-completion-script", "fish", "--config", sandbox.configPath],
                                            environment: ["LANG": "de_DE.UTF-8"])
        #expect(english.stdout.contains(standard + "'Air-quality standard (default us; china is HJ 633-2026).'"), "\(english.stdout)")
    }
}
