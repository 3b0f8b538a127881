import BreatherLocale
import BreatherModel
import BreatherViewModel
import BreatherViews
import Testing

/// The 28 WMO 4677 codes Open-Meteo documents for `weather_code`, written out here (not read
/// from the code under test), so a code the table lacks fails.
private let openMeteoCodes = [0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86, 95, 96, 99]

/// The ten short group words the bar shows (context `weather`).
private let groupWords: Set = ["Clear", "Partly cloudy", "Cloudy", "Fog", "Drizzle", "Rain", "Showers", "Snow", "Thunderstorm", "Unknown"]

private func conditions(_ code: Int) -> CityConditions {
    var conditions = sample()
    conditions.weather?.condition = .wmo(code)
    return conditions
}

@Suite("WMO weather descriptions: 28 codes, each its own words in every language; the bar keeps its short word")
struct WeatherDescriptionTests {
    static let languages = Language.allCases.filter { $0 != .english }

    @Test("each of Open-Meteo's 28 codes has its own English description, none a group word; no other code has one")
    func englishDescriptions() {
        #expect(openMeteoCodes.count == 28)
        let descriptions = openMeteoCodes.map { Format.conditionDescription(.wmo($0)) }
        #expect(Set(descriptions).count == 28, "distinct: \(descriptions)")
        // Open-Meteo's own words for 2 and 45 are those of their groups; no other may be a group word.
        for (code, text) in zip(openMeteoCodes, descriptions) where code != 2 && code != 45 {
            #expect(!groupWords.contains(text), "code \(code) falls back to the group word \(text)")
        }
        #expect(Format.conditionDescription(.wmo(0)) == "Clear sky")
        #expect(Format.conditionDescription(.wmo(56)) == "Light freezing drizzle")
        #expect(Format.conditionDescription(.wmo(99)) == "Thunderstorm with heavy hail")
        #expect(Format.wmoDescriptions.map(\.code) == openMeteoCodes, "the table holds exactly the 28, in order")
        // Outside the 28, and an AirVisual icon code: the group word, as before.
        #expect(Format.conditionDescription(.wmo(4)) == "Unknown")
        #expect(Format.conditionDescription(.icon("10d")) == "Rain")
        #expect(Format.conditionDescription(nil) == "")
    }

    @Test("each catalog translates all 28 descriptions, each its own words", arguments: languages)
    func translated(_ language: Language) {
        var seen: [String: Int] = [:]
        for code in openMeteoCodes {
            let english = Format.conditionDescription(.wmo(code))
            #expect(L10n.forms(L10n.key(english, context: "wmo"), in: language) != nil, "\(language.rawValue) lacks code \(code): \(english)")
            let text = L10n.$language.withValue(language) { Format.conditionDescription(.wmo(code)) }
            #expect(text != english, "\(language.rawValue): code \(code) is English")
            if let other = seen[text] { Issue.record("\(language.rawValue): codes \(other) and \(code) both read \(text)") }
            seen[text] = code
        }
    }

    @Test("the tooltip's Weather line names the code in full, in the interface language")
    func tooltip() async {
        let english = await render(conditions(56), icons: .emoji)
        #expect(english.tooltip.contains("Weather: 🌦️ Light freezing drizzle, 12°C"), "\(english.tooltip)")
        let french = await render(conditions(56), language: .french)
        #expect(french.forPeople.tooltip.contains("Météo : Bruine verglaçante faible, 12°C"), "\(french.forPeople.tooltip)")
        let chinese = await render(conditions(99), language: .chinese)
        #expect(chinese.forPeople.tooltip.contains("雷暴伴有大冰雹"), "\(chinese.forPeople.tooltip)")
        #expect(french.tooltip.contains("Light freezing drizzle"), "the English copy keeps the English words")
    }

    @Test("the bar keeps the short word: the compact text shows the glyph only and does not grow, the full text the group word",
          arguments: [Language.english] + languages)
    func barKeepsShortWord(_ language: Language) async {
        let reference = await render(conditions(3), icons: .emoji, language: language).inPeoplesLanguage { $0.barTextCompact }
        for code in openMeteoCodes {
            let output = await render(conditions(code), icons: .emoji, language: language)
            let (compact, full, description, word) = output.inPeoplesLanguage {
                ($0.barTextCompact, $0.barTextFull, Format.conditionDescription(.wmo(code)), Format.conditionName(.wmo(code)))
            }
            // Only the glyph differs from code to code: the same length in characters (each glyph is one).
            #expect(compact.count == reference.count && compact.count <= Output.compactWidth, "\(language) \(code): \(compact)")
            #expect(!compact.contains(word) && !compact.contains(description), "\(language) \(code): \(compact)")
            #expect(full.contains(" \(word) "), "\(language) \(code): \(full)")
            // (Where Open-Meteo's words are the group's, or inside them: 多云 in 局部多云, nothing to tell apart.)
            if !word.contains(description) { #expect(!full.contains(description), "\(language) \(code): \(full)") }
        }
    }
}
