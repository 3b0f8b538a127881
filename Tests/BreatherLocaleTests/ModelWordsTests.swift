@testable import BreatherLocale
import BreatherModel
@testable import BreatherViewModel
import Testing

@Suite("Model words: every category, condition, risk, pollen and UV word the code looks up has a translation")
struct ModelWordsTests {
    static let languages = Language.allCases.filter { $0 != .english }

    func has(_ msgid: String, _ context: String?, _ language: Language) -> Bool {
        msgid.isEmpty || L10n.forms(L10n.key(msgid, context: context), in: language) != nil
    }

    @Test("each standard's category names and their bar short forms", arguments: languages)
    func categories(_ language: Language) {
        for standard in AQIStandard.allCases {
            for category in standard.categories {
                #expect(has(category.name, standard.rawValue, language), "\(language.rawValue) \(standard.rawValue): \(category.name)")
                let short = Format.englishShortCategory(standard, category)
                if short != category.name {
                    #expect(has(short, standard.rawValue + " short", language), "\(language.rawValue) \(standard.rawValue): \(short)")
                }
            }
        }
    }

    @Test("weather conditions, asthma risks, pollen levels and species, UV categories", arguments: languages)
    func words(_ language: Language) {
        for code in [0, 2, 3, 45, 51, 61, 80, 71, 95, -1] {
            let name = L10n.$language.withValue(.english) { Format.conditionName(.wmo(code)) }
            #expect(has(name, "weather", language), "\(language.rawValue): \(name)")
        }
        for risk in AsthmaRisk.allCases {
            #expect(has(risk.displayName, "asthma", language))
            #expect(has(Format.englishShortRisk(risk), "asthma short", language))
        }
        for level in [PollenLevel.none, .low, .moderate, .high, .veryHigh] { #expect(has(level.displayName, "pollen", language)) }
        for species in PollenType.allCases { #expect(has(species.rawValue, "species", language), "\(species)") }
        for category in UVCategory.allCases { #expect(has(category.displayName, "uv", language), "\(category)") }
        for action in Advice.Action.allCases {
            #expect(has(action.englishWords, "advice", language), "\(action)")
            #expect(has(action.englishShort, "advice short", language), "\(action)")
        }
        for trend in [Format.Trend.rising, .falling, .steady] { #expect(has(trend.rawValue, "trend", language), "\(trend)") }
    }

    @Test("native names: China's own names in an English or French interface; the interface's names otherwise")
    func nativeNames() {
        let lightly = AQICategory(id: "lightly_polluted", name: "Lightly Polluted", color: "#FF7E00")
        L10n.$nativeNames.withValue(true) {
            #expect(Format.categoryName(lightly, .china) == "轻度污染")
            #expect(L10n.$language.withValue(.french) { Format.categoryName(lightly, .china) } == "轻度污染")
            #expect(Format.shortCategory(.china, lightly) == "轻度")
            let moderate = AQICategory(id: "moderate", name: "Moderate", color: "#FFFF00")
            #expect(L10n.$language.withValue(.german) { Format.categoryName(moderate, .us) } == "Moderate", "the US's own names are English")
        }
        #expect(Format.categoryName(lightly, .china) == "Lightly Polluted")
    }
}
