import BreatherJSON
import BreatherLocale
import BreatherModel
import BreatherViewModel
import BreatherViews
import Testing

@Suite("The advice's reasons in the interface language; json's stay English")
struct AdviceLanguageTests {
    static let languages = Language.allCases.filter { $0 != .english }
    /// "smoke likely" and "outdoor PM2.5" as each language writes them in a reason.
    static let words: [Language: (smoke: String, outdoor: String)] = [
        .chinese: ("可能有烟雾", "室外 PM2.5"), .french: ("fumée probable", "PM2.5 extérieures"),
        .german: ("Rauch wahrscheinlich", "PM2.5 außen"), .spanish: ("humo probable", "PM2.5 exterior"),
    ]

    @Test("the tooltip's advice line and {advice} in the language, json byte-identical, the bar within 40 characters",
          arguments: languages)
    func tooltip(_ language: Language) async throws {
        let english = await render(AdviceOutputTests.smokyEvening())
        let output = await render(AdviceOutputTests.smokyEvening(), language: language)
        let words = try #require(Self.words[language])
        let line = try #require(output.forPeople.details.first { $0.hasPrefix(tr("Advice:", in: language)) }, "\(output.forPeople.details)")
        #expect(line.contains(words.smoke) && line.contains(words.outdoor), "\(line)")
        #expect(!line.contains("smoke likely") && !line.contains("outdoor") && !line.contains("until"), "\(line)")
        let waybar = try JSONCursor(JSON.parse(WaybarRenderer().render(output)))
        #expect(try waybar["tooltip"].string().contains(words.smoke))
        #expect(try TemplateRenderer("{advice}").render(output).contains(words.smoke))
        #expect(JSONRenderer().render(output) == JSONRenderer().render(english))
        #expect(output.advice?.reasons == english.advice?.reasons, "the reasons machines read stay English")
        #expect(output.advice?.reasons.contains { $0.hasPrefix("smoke likely (PM2.5 120 µg/m³") } == true)
        let compact = output.inPeoplesLanguage { $0.barTextCompact }
        #expect(compact.count <= Output.compactWidth, "\(compact)")
    }

    @Test("decimals in a reason take the language's comma: indoor PM2.5 22,5 µg/m³")
    func decimalComma() throws {
        let input = AdviceInput(indoor: .init(pm2_5: 22.5, ageSeconds: 0), outdoor: .init(pm2_5: 9, ageSeconds: 0))
        let advice = L10n.$language.withValue(.french) { Advice.decide(input, settings: AdviceSettings(), localTime: .utc) }
        #expect(advice.reasons == ["indoor PM2.5 22.5 µg/m³", "indoor PM2.5 2.5× outdoor"], "\(advice.reasons)")
        #expect(advice.localReasons == ["PM2.5 intérieures 22,5 µg/m³", "PM2.5 intérieures 2,5× l'extérieur"], "\(advice.localReasons)")
        #expect(L10n.$language.withValue(.french) { advice.line } == "ouvrir une fenêtre: PM2.5 intérieures 22,5 µg/m³, PM2.5 intérieures 2,5× l'extérieur")
        #expect(advice.line == "open a window: indoor PM2.5 22.5 µg/m³, indoor PM2.5 2.5× outdoor", "in English, the English reasons")
    }

    @Test("a held advice keeps its reasons in the language: the hold returns the French one it adopted")
    func heldInLanguage() throws {
        let smoky = AdviceInput(indoor: nil, outdoor: .init(pm2_5: 120, pm10: 130, ageSeconds: 0))
        let clean = AdviceInput(indoor: nil, outdoor: .init(pm2_5: 3, pm10: 6, ageSeconds: 0))
        var hold = AdviceHold()
        let decide = { (input: AdviceInput) in L10n.$language.withValue(.french) { Advice.decide(input, settings: AdviceSettings(), localTime: .utc) } }
        _ = hold.observe(decide(smoky), at: Timestamp(timeIntervalSince1970: 0), holdSeconds: 1_200)
        // Clean air a minute later: the hold keeps "keep windows closed", with its French reasons.
        let shown = hold.observe(decide(clean), at: Timestamp(timeIntervalSince1970: 60), holdSeconds: 1_200)
        #expect(shown.action == .keepClosed)
        let line = L10n.$language.withValue(.french) { shown.line }
        #expect(line.contains("fumée probable"), "\(line)")
        #expect(shown.reasons.first?.hasPrefix("smoke likely") == true)
    }
}

private func tr(_ msgid: String, in language: Language) -> String {
    L10n.$language.withValue(language) { BreatherLocale.tr(msgid) }
}

@Suite("What spoils the best hours, in the interface language; json's stays English")
struct BestHoursLanguageTests {
    @Test("ozone peaks 13:00 → Ozon-Spitze um 13:00, grass pollen in French, the summary around it too")
    func worse() throws {
        let midnight = Timestamp(timeIntervalSince1970: Double(1_795_000_000 / 86_400 * 86_400))
        let ozone = (0..<24).map { OutsideHour(time: midnight.addingTimeInterval(Double($0 * 3600)), o3: (13...16).contains($0) ? 300 : 40) }
        let english = try #require(BestHours.find(ozone, settings: AdviceSettings(), localTime: .utc, now: midnight))
        #expect(english.worse == "ozone peaks 13:00", "\(english.worse ?? "")")
        let german = try #require(L10n.$language.withValue(.german) { BestHours.find(ozone, settings: AdviceSettings(), localTime: .utc, now: midnight) })
        #expect(german.worse == "Ozon-Spitze um 13:00", "\(german.worse ?? "")")
        #expect(german.summary.hasSuffix("(Ozon-Spitze um 13:00)") && !german.summary.contains("Outside"), "\(german.summary)")
        let grass = (0..<24).map { OutsideHour(time: midnight.addingTimeInterval(Double($0 * 3600)), pollen: [.grass: (13...16).contains($0) ? 300 : 1]) }
        let french = try #require(L10n.$language.withValue(.french) { BestHours.find(grass, settings: AdviceSettings(), localTime: .utc, now: midnight) })
        #expect(french.worse == "pollen de graminées : pic à 13:00", "\(french.worse ?? "")")
    }
}
