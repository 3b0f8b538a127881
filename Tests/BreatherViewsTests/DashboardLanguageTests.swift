import BreatherJSON
import BreatherLocale
import BreatherModel
import BreatherViewModel
import BreatherViews
import Testing

@Suite("The dashboard page in the interface language; json stays English")
struct DashboardLanguageTests {
    static let languages = Language.allCases.filter { $0 != .english }
    /// The page's lang attribute and some of its headings, as each language writes them.
    static let expected: [Language: (lang: String, words: [String])] = [
        .chinese: ("zh-CN", ["<h2>天气</h2>", "<h2>哮喘风险</h2>", "<h2>未来几天</h2>", "<h2>过去 48 小时</h2>", "由 Breather 生成"]),
        .french: ("fr", ["<h2>Météo</h2>", "<dt>Température</dt>", "<h2>Jours à venir</h2>", "<h2>Dernières 48 heures</h2>", "écrit par Breather"]),
        .german: ("de", ["<h2>Wetter</h2>", "<dt>Luftdruck</dt>", "<h2>Die nächsten Tage</h2>", "<h2>Letzte 30 Tage</h2>", "von Breather geschrieben"]),
        .spanish: ("es", ["<h2>Tiempo</h2>", "<dt>Humedad</dt>", "<h2>Próximos días</h2>", "<h2>Últimas 48 horas</h2>", "escrito por Breather"]),
    ]
    static let english = ["<h2>Weather</h2>", "<dt>Temperature</dt>", "<h2>Days ahead</h2>", "<h2>Last 48 hours</h2>", "<h2>Last 30 days</h2>",
                          "<th>Air, worst hour</th>", "written by Breather", "Main pollutant", "Updated "]

    @Test("headings, labels and the legend in the language, lang set; no English heading left; json the same bytes",
          arguments: languages)
    func page(_ language: Language) async throws {
        let history = DashboardHistory.build(monthOfIndices(), standard: .us, localTime: .utc)
        let englishOutput = await render(withForecast())
        let output = await render(withForecast(), language: language)
        let page = HTMLRenderer(history: history).render(output)
        let want = try #require(Self.expected[language])
        #expect(page.contains("<html lang=\"\(want.lang)\">"))
        for word in want.words { #expect(page.contains(word), "\(language): \(word)") }
        for word in Self.english { #expect(!page.contains(word), "\(language): \(word) left in English") }
        // The legend names the standard's categories as the bar does.
        let good = output.inPeoplesLanguage { _ in Format.categoryName(AQIStandard.us.categories[0], .us) }
        #expect(good != "Good" && page.contains("</i>\(good)</span>"), "\(good)")
        #expect(JSONRenderer().render(output) == JSONRenderer().render(englishOutput))
        // Still one self-contained page.
        for forbidden in ["<script", "src=", "href=", "http:", "https:"] { #expect(!page.contains(forbidden), "\(forbidden)") }
    }

    @Test("in English the page reads as before")
    func englishUnchanged() async {
        let page = HTMLRenderer(history: .build(monthOfIndices(), standard: .us, localTime: .utc)).render(await render(withForecast()))
        #expect(page.contains("<html lang=\"en\">"))
        for word in Self.english { #expect(page.contains(word), "\(word)") }
        #expect(HTMLRenderer().render(await render(sample())).contains("No history recorded here yet (or <code>[history]</code> is off)."))
    }
}
