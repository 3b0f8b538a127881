@testable import BreatherApp
import BreatherHistory
import BreatherLocale
import BreatherModel
import Testing

/// The clinician's report (`breather insights --format html`) in the language bound, as the
/// command binds it: French and German headings, `<html lang>`, a decimal comma; English as it was.
@Suite("the clinician's html report in the interface language", .serialized)
struct InsightsHTMLLanguageTests {
    /// `InsightsHTMLTests.report()`'s log against PM2.5 of 12.34 µg/m³ every day: a mean that
    /// needs its decimal.
    static func report(dropping: Int = 0) -> InsightsReport {
        let english = InsightsHTMLTests.report()
        return InsightsReport(entries: Array(english.entries.dropFirst(dropping)), since: english.since, now: english.since + 20 * 86_400, personalBest: 500) { day, _ in
            let bad = (day - english.since) / 86_400 % 5 == 4
            return ["o3_8h_max@1": bad ? 150 : 60, "pm2_5_24h_mean@0": 12.34]
        }
    }

    static func page(_ language: Language, dropping: Int = 0) -> String {
        let report = Self.report(dropping: dropping)
        return L10n.$language.withValue(language) { InsightsHTML.page(report, .init(now: report.since + 20 * 86_400, standard: .us)) }
    }

    @Test("French: lang=\"fr\", French headings, table heads, GINA wording and zones, a decimal comma; ids and the log's text as they are")
    func french() {
        let page = Self.page(.french)
        #expect(page.contains("<html lang=\"fr\">"))
        for heading in ["<h1>Journal respiratoire et exposition à l'air</h1>", "<h2>Résumé</h2>", "<h2>Contrôle de l'asthme (GINA)</h2>",
                        "<h2>Traitement de secours par semaine</h2>", "<h2>Débit expiratoire de pointe</h2>",
                        "<h2>Expositions les bons et les mauvais jours</h2>", "<h2>Le journal</h2>", "<h2>Méthodes et sources</h2>"] {
            #expect(page.contains(heading), "\(heading)")
        }
        #expect(page.contains("<th>Question</th><th>Réponse</th><th class=\"n\">Jours</th>"))
        #expect(page.contains("<tr id=\"night-waking\"><td>Réveil nocturne dû à l'asthme</td><td>oui</td>"))
        #expect(page.contains("vert <b id=\"zone-green\">7</b>, jaune <b id=\"zone-yellow\">7</b>, rouge <b id=\"zone-red\">6</b>"))
        #expect(page.contains("<li data-id=\"o3_8h_max@1\">ozone, moyenne sur 8 h maximale, 1 jour avant : au-dessus de <b>60</b> µg/m³ (4 mauvais jours sur 4, aucun bon jour sur 16)</li>"))
        // PM2.5's means: 12.34 → "12,3", never "12.3".
        let pm = page.split(separator: "<tr data-id=\"pm2_5_24h_mean@0\"").dropFirst().first.map(String.init) ?? ""
        #expect(pm.contains("<td class=\"n\">12,3</td>") && !page.contains("12.3"), "\(pm.prefix(300))")
        #expect(page.contains("<span class=\"zone red\">rouge</span>") && page.contains("<td class=\"t\">4 mal</td>"))
        // What people wrote stays as written, escaped; machine ids stay English.
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;") && page.contains("data-level=\""))
        for english in ["Summary", "Reliever use per week", "Methods and sources", "Any night waking", ">yes<", "good days"] {
            #expect(!page.contains(english), "\(english)")
        }
    }

    @Test("German, Spanish and Chinese: their lang, headings and decimal mark (a comma in de and es, the point in zh_CN)")
    func germanSpanishChinese() throws {
        let german = Self.page(.german)
        #expect(german.contains("<html lang=\"de\">") && german.contains("<h2>Zusammenfassung</h2>") && german.contains("<th class=\"n\">Vertragen bis</th>"))
        #expect(german.contains("<td class=\"n\">12,3</td>"))
        // The weeks the control covers, from a first entry 17 days back (2.6), with the decimal comma too.
        let weeks = try #require(Self.report(dropping: 3).control).weeks
        #expect(weeks != weeks.rounded(), "a fraction of a week to show")
        let one = InsightsFormat.one(weeks)
        #expect(Self.page(.german, dropping: 3).contains("<p>Letzte \(one.split(separator: ".").joined(separator: ",")) Wochen: <b id=\"control-level\""), "\(one)")
        let chinese = Self.page(.chinese)
        #expect(chinese.contains("<html lang=\"zh-CN\">") && chinese.contains("<h2>摘要</h2>") && chinese.contains("<td class=\"n\">12.3</td>"))
        let spanish = Self.page(.spanish)
        #expect(spanish.contains("<html lang=\"es\">") && spanish.contains("<h2>Resumen</h2>") && spanish.contains("<td class=\"n\">12,3</td>"))
    }

    @Test("the log's symptoms by their names in the language (Giemen, sifflements, 喘鸣); English keeps wheeze")
    func symptomNames() {
        let cases: [(Language, String)] = [(.german, "Giemen 2"), (.french, "sifflements 2"), (.spanish, "sibilancias 2"), (.chinese, "喘鸣 2"), (.english, "wheeze 2")]
        for (language, shown) in cases {
            let page = Self.page(language)
            #expect(page.contains("<td>\(shown)</td>"), "\(language)")
            if language != .english { #expect(!page.contains("wheeze"), "\(language)") }
        }
        let names = L10n.$language.withValue(.german) { Symptom.allCases.map(InsightsHTML.name(of:)) }
        #expect(names == ["Husten", "Giemen", "Engegefühl in der Brust", "Atemnot"])
        #expect(Symptom.allCases.map(InsightsHTML.name(of:)) == ["cough", "wheeze", "chest tightness", "breathlessness"])
    }

    @Test("English: lang=\"en\", the words and decimal point as before")
    func english() {
        let page = Self.page(.english)
        #expect(page.contains("<html lang=\"en\">") && page.contains("<title>Breathing log and air exposure, "))
        #expect(page.contains("written ") && page.contains(" by Breather from the person's own log and the air recorded where they live · <b>not medical advice</b>: a pattern in one person's log, not a finding.</p>"))
        for fragment in ["<h2>Summary</h2><p>Logged days (with a score): <b id=\"logged-days\">20</b>, good (score 1–2) <b id=\"good-days\">16</b>, bad (score 3–4) <b id=\"bad-days\">4</b>; entries <b id=\"entries\">20</b>.</p>",
                         "<th>Question</th><th>Answer</th><th class=\"n\">Days</th>",
                         "<td class=\"n\">12.3</td>", "<td class=\"t\">4 bad</td>", "<span class=\"zone red\">red</span>",
                         "Zones: green ≥ 80 %, yellow 50–80 %, red &lt; 50 %.</p>", "(meta-analysis of 84 studies, <i>J Asthma</i> 2022)",
                         "<th class=\"n\">Tolerated up to</th><th class=\"n\">Bad days above</th><th class=\"n\">Suspected above</th>",
                         "“Tolerated up to”: the highest value on a good day.</p>",
                         "Not medical advice: follow the person's own asthma action plan. Written by Breather; nothing fetched by this page.</p>"] {
            #expect(page.contains(fragment), "\(fragment)")
        }
        #expect(!page.contains("12,3") && !page.contains("&#39;"))
    }
}

