@testable import BreatherLocale
import Testing

@Suite("Language: which catalog a locale name and the environment choose")
struct LanguageTests {
    @Test("locale names find their catalog; C and POSIX are English; a language with no catalog is nil")
    func localeNames() {
        #expect(Language(locale: "fr") == .french)
        #expect(Language(locale: "fr_CA.UTF-8") == .french)
        #expect(Language(locale: "de_DE@euro") == .german)
        #expect(Language(locale: "zh_CN.UTF-8") == .chinese)
        #expect(Language(locale: "zh") == .chinese)
        #expect(Language(locale: "es_MX") == .spanish)
        #expect(Language(locale: "C") == .english)
        #expect(Language(locale: "C.UTF-8") == .english)
        #expect(Language(locale: "POSIX") == .english)
        #expect(Language(locale: "en_GB.UTF-8") == .english)
        #expect(Language(locale: "zh_TW.UTF-8") == nil, "Traditional Chinese has no catalog")
        #expect(Language(locale: "ja_JP.UTF-8") == nil)
        #expect(Language(locale: "xx") == nil)
        #expect(Language(locale: "") == nil)
    }

    @Test("LANGUAGE, then LC_ALL, LC_MESSAGES, LANG; LANGUAGE alone (a systemd unit) is enough; unknown is English")
    func environmentOrder() {
        func resolve(_ environment: [String: String]) -> Language { Language.fromEnvironment { environment[$0] } }
        #expect(resolve(["LANGUAGE": "fr"]) == .french)
        #expect(resolve(["LANGUAGE": "ja:de", "LANG": "es_ES.UTF-8"]) == .german, "the first of the list with a catalog")
        #expect(resolve(["LANGUAGE": "fr", "LC_ALL": "de_DE.UTF-8"]) == .french)
        #expect(resolve(["LC_ALL": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LANG": "es_ES.UTF-8"]) == .german)
        #expect(resolve(["LC_ALL": "", "LC_MESSAGES": "fr_FR.UTF-8", "LANG": "es_ES.UTF-8"]) == .french)
        #expect(resolve(["LANG": "zh_CN.UTF-8"]) == .chinese)
        #expect(resolve(["LC_ALL": "C", "LANG": "fr_FR.UTF-8"]) == .english, "LC_ALL=C wins over LANG")
        #expect(resolve(["LANG": "ja_JP.UTF-8"]) == .english)
        #expect(resolve([:]) == .english)
    }

    @Test("plural forms follow gettext's rule per language: French 0 and 1 singular, German and Spanish only 1, Chinese one form")
    func pluralRules() {
        #expect([0, 1, 2].map(Language.french.pluralIndex) == [0, 0, 1])
        #expect([0, 1, 2].map(Language.german.pluralIndex) == [1, 0, 1])
        #expect([0, 1, 2].map(Language.spanish.pluralIndex) == [1, 0, 1])
        #expect([0, 1, 2].map(Language.chinese.pluralIndex) == [0, 0, 0])
        L10n.$language.withValue(.french) {
            #expect(trn("last %d hour", "last %d hours", 1) == "1 dernière heure")
            #expect(trn("last %d hour", "last %d hours", 24) == "24 dernières heures")
        }
        L10n.$language.withValue(.chinese) { #expect(trn("last %d hour", "last %d hours", 24) == "最近24小时") }
        #expect(trn("last %d hour", "last %d hours", 1) == "last 1 hour")
    }

    @Test("lookups: the current language's text, English for a text the catalog lacks, contexts apart")
    func lookups() {
        L10n.$language.withValue(.german) {
            #expect(tr("unavailable") == "nicht verfügbar")
            #expect(tr("no such message in any catalog") == "no such message in any catalog")
            #expect(tr("Good", context: "eu") == "Gut")
        }
        L10n.$language.withValue(.chinese) {
            #expect(tr("Good", context: "china") == "良")
            #expect(tr("Good", context: "us") == "好")
            #expect(tr("Lightly Polluted", context: "china") == "轻度污染")
        }
        L10n.$language.withValue(.french) { #expect(tr("High Risk", context: "canada") == "Risque élevé") }
        #expect(tr("unavailable") == "unavailable")
    }

    @Test("numbers take a decimal comma in de, fr and es, a point in English and Chinese")
    func decimalComma() {
        #expect(L10n.$language.withValue(.german) { L10n.number("3.4") } == "3,4")
        #expect(L10n.$language.withValue(.french) { L10n.number("-0.045") } == "-0,045")
        #expect(L10n.$language.withValue(.spanish) { L10n.number("12.3") } == "12,3")
        #expect(L10n.$language.withValue(.chinese) { L10n.number("3.4") } == "3.4")
        #expect(L10n.number("3.4") == "3.4")
        #expect(L10n.$language.withValue(.german) { L10n.number("PM2.5") } == "PM2.5", "a point after a letter is no decimal point")
    }

    @Test("%s placeholders fill in order; a text without them is unchanged")
    func filled() {
        #expect("%s from %s".filled("high", "18:00") == "high from 18:00")
        #expect("100% sure".filled("x") == "100% sure")
        #expect("%s".filled() == "%s")
    }
}
