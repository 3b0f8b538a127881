import BreatherJSON
import BreatherLocale
import BreatherModel
import BreatherViewModel
import BreatherViews
import Foundation
import Testing

/// Conditions that make the bars say the most: indoor, pollen, UV, stale or under a failure.
private func busy(_ standard: AQIStandard, pm25: Double) -> CityConditions {
    var conditions = sample(name: hostileName)
    conditions.pollution = Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: Array(repeating: pm25, count: 24)]),
                                     pollen: [.grass: 61, .birch: 3], uv: UVIndex(index: 8, clearSky: 9, hourly: nil))
    conditions.asthma = Asthma(risk: .veryHigh, probability: 0.91, source: "propeller")
    conditions.weather?.condition = .wmo(95)
    return conditions
}

@Suite("Languages in the outputs: people's formats translated, machine formats identical")
struct LanguageOutputTests {
    static let languages = Language.allCases.filter { $0 != .english }

    @Test("json and Prometheus are byte-identical in every language (and with native names)", arguments: languages)
    func machineFormatsIdentical(_ language: Language) async {
        for standard in [AQIStandard.us, .china, .canada, .eu] {
            for stale in [false, true] {
                let english = await render(busy(standard, pm25: 80), standard: standard, afterFailure: stale)
                let other = await render(busy(standard, pm25: 80), standard: standard, afterFailure: stale, language: language, nativeNames: true)
                #expect(JSONRenderer().render(other) == JSONRenderer().render(english), "\(language) \(standard)")
                #expect(JSONRenderer(pretty: true).render(other) == JSONRenderer(pretty: true).render(english))
                #expect(PrometheusRenderer().render(other) == PrometheusRenderer().render(english), "\(language) \(standard)")
                // While the people's copy really is another language.
                #expect(PlainRenderer().render(other) != PlainRenderer().render(english), "\(language) \(standard)")
            }
        }
    }

    /// The rules every bar keeps in any language, `output` against the same state in English:
    /// the compact text within `Output.compactWidth`; markup only where the renderer puts it
    /// (waybar's pango, polybar's and tmux's tags the same as in English); plain and i3blocks one line.
    static func expectBarRules(_ output: Output, _ english: Output, _ what: String) throws {
        let compact = output.inPeoplesLanguage { $0.barTextCompact }
        #expect(compact.count <= Output.compactWidth, "\(what): \(compact.count) \(compact)")
        let waybar = try JSONCursor(JSON.parse(WaybarRenderer().render(output)))
        let waybarEnglish = try JSONCursor(JSON.parse(WaybarRenderer().render(english)))
        for key in ["text", "tooltip"] {
            let tags = (try? waybar[key].string()).flatMap(Markup.pango)
            #expect(tags != nil && tags == (try? waybarEnglish[key].string()).flatMap(Markup.pango), "\(what) \(key)")
        }
        #expect(Markup.polybar(PolybarRenderer().render(output)) == Markup.polybar(PolybarRenderer().render(english)), "\(what)")
        let tmux = TmuxRenderer().render(output)
        #expect(Markup.tmux(tmux) != nil && Markup.tmux(tmux) == Markup.tmux(TmuxRenderer().render(english)), "\(what)")
        for text in [PlainRenderer().render(output), I3blocksRenderer().render(output).split(separator: "\n").first.map(String.init) ?? ""] {
            #expect(!text.contains("\n") && !text.unicodeScalars.contains { $0.value < 0x20 }, "\(what): one line")
        }
    }

    @Test("every bar stays within its width and escaping rules in every language", arguments: languages)
    func barsWithinRules(_ language: Language) async throws {
        for standard in AQIStandard.allCases {
            for pm25 in [3.0, 40, 80, 160, 300, 600] {
                for stale in [false, true] {
                    let output = await render(busy(standard, pm25: pm25), standard: standard, afterFailure: stale, language: language)
                    let english = await render(busy(standard, pm25: pm25), standard: standard, afterFailure: stale)
                    let people = output.forPeople
                    #expect(people.language == language)
                    try Self.expectBarRules(output, english, "\(language) \(standard) \(pm25)")
                    let i3bar = try JSONCursor(JSON.parse(I3barRenderer().render(output)))
                    #expect((try? i3bar["full_text"].string()) != nil)
                }
            }
        }
    }

    @Test("China in Chinese: HJ 633's names and Chinese weather words, whatever locales the machine has")
    func chinaInChinese() async {
        let output = await render(busy(.china, pm25: 100), standard: .china, language: .chinese)
        let line = PlainRenderer().render(output)
        #expect(line.contains("轻度污染"), "\(line)")
        #expect(output.forPeople.condition == "雷暴")
        #expect(line.contains("哮喘 很高"), "\(line)")
        #expect(output.airQualityCategory == "Lightly Polluted", "the output machines read stays English")
    }

    @Test("the AQHI in French shows ECCC's names; a German line uses a decimal comma")
    func frenchAndGerman() async {
        var conditions = sample()
        conditions.pollution = Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: Array(repeating: 40, count: 24),
                                                                                  .o3: Array(repeating: 60, count: 24),
                                                                                  .no2: Array(repeating: 30, count: 24)]))
        let french = await render(conditions, standard: .canada, language: .french)
        #expect(french.forPeople.airQualityCategory.hasPrefix("Risque "), "\(french.forPeople.airQualityCategory)")
        #expect(PlainRenderer().render(french).contains(french.forPeople.airQualityCategory))
        let german = await render(sample(), language: .german)
        #expect(german.forPeople.wind == "2,0 m/s E" || german.forPeople.wind.contains(","), "\(german.forPeople.wind)")
        #expect(german.forPeople.details.contains { $0.contains("12,3 µg/m³") }, "\(german.forPeople.details)")
        #expect(PlainRenderer().render(german) == "Brooklyn · US AQI 57 Mäßig (PM2.5) · Bewölkt 12°C · Asthma mittel 63%")
        #expect(german.wind.contains("."), "English stays with a point: \(german.wind)")
    }

    /// Conditions whose index carries a standard's note: the US ozone rule (NowCast above 0.200
    /// ppm), Canada's minimum of 1, China's 1-hour particles, a sensor's PM2.5 as measured.
    static let noted: [(AQIStandard, CityConditions)] = {
        var ozone = sample()
        ozone.pollution = Pollution(source: "open-meteo", hourly: HourlySeries([.o3: Array(repeating: 500, count: 24)]))
        var clean = sample()
        clean.pollution = Pollution(source: "open-meteo", hourly: HourlySeries([.no2: Array(repeating: 1, count: 24),
                                                                              .o3: Array(repeating: 2, count: 24),
                                                                              .pm2_5: Array(repeating: 1, count: 24)]))
        var sensor = sample()
        sensor.pollution = Pollution(source: "airgradient", hourly: HourlySeries([.pm2_5: [14.2, 15.1, 13.9]]), sensorHours: [.pm2_5: 3])
        sensor.pollution?.sensorUncorrected = "uncorrected (pm02 as measured: no humidity for the US EPA correction)"
        return [(.us, ozone), (.canada, clean), (.china, busy(.china, pm25: 80)), (.us, sensor)]
    }()

    @Test("the standards' notes are in the tooltip's language with its decimal mark; json keeps them English, byte for byte",
          arguments: [Language.french, .german, .chinese])
    func notesInPeoplesLanguage(_ language: Language) async throws {
        for (standard, conditions) in Self.noted {
            let english = await render(conditions, standard: standard)
            let other = await render(conditions, standard: standard, language: language)
            let notes = try #require(english.data.airQuality?.notes)
            #expect(!notes.isEmpty, "\(standard): a note")
            #expect(JSONRenderer().render(other) == JSONRenderer().render(english), "\(language) \(standard)")
            for note in notes {
                #expect(JSONRenderer().render(other).contains(note), "json keeps \(note)")
                #expect(english.details.contains("  " + note), "the English tooltip: \(note)")
                #expect(!other.forPeople.details.contains("  " + note), "\(language): \(note) untranslated")
                #expect(!other.forPeople.tooltip.contains(note), "\(language): \(note) in the tooltip")
            }
        }
        // The numbers: the ozone NowCast in ppm, the AQHI's sum, with the language's mark.
        let ozone = await render(Self.noted[0].1, standard: .us, language: language)
        let aqhi = await render(Self.noted[1].1, standard: .canada, language: language)
        let ozoneNote = try #require(ozone.forPeople.details.first { $0.contains("0.200") || $0.contains("0,200") })
        let aqhiNote = try #require(aqhi.forPeople.details.first { $0.hasPrefix("  AQHI 0") })
        for line in [ozoneNote, aqhiNote] {
            #expect(line.contains(language.usesDecimalComma ? "," : ".") && !line.contains(language.usesDecimalComma ? "0." : "0,"), "\(line)")
        }
        let words: [Language: (String, String)] = [.french: ("dépasse 0,200 ppm", "affiché comme 1"),
                                                   .german: ("liegt über 0,200 ppm", "wird als 1 angezeigt"),
                                                   .chinese: ("高于 0.200 ppm", "显示为 1")]
        #expect(ozoneNote.contains(words[language]!.0), "\(ozoneNote)")
        #expect(aqhiNote.contains(words[language]!.1), "\(aqhiNote)")
    }

    @Test("the bar's short error in the interface language; json's error_short stays English")
    func shortError() async {
        let timeout = ProviderFailure(provider: "open-meteo", part: .air, kind: .timeout, message: "timed out after 20 s")
        let output = await render(nil, failure: timeout, pollSeconds: 900, language: .german)
        let compact = output.inPeoplesLanguage { $0.barTextCompact }
        #expect(compact.contains("open-meteo: Zeitüberschreitung"), "\(compact)")
        #expect(compact.contains("erneut"), "\(compact)")
        #expect(output.errorShort?.hasPrefix("open-meteo: timeout") == true, "\(output.errorShort ?? "")")
        #expect(JSONRenderer().render(output).contains("open-meteo: timeout"))
    }

    @Test("a one-shot that prints only for people renders the people's copy alone, the same text")
    func peopleOnly() async {
        let both = await render(busy(.eu, pm25: 80), standard: .eu, language: .spanish)
        let alone = await render(busy(.eu, pm25: 80), standard: .eu, language: .spanish, rendersEnglish: false)
        #expect(alone.people == nil && alone.language == .spanish)
        #expect(alone.airQualityCategory == both.forPeople.airQualityCategory)
        for renderer in [PlainRenderer() as any Renderer, WaybarRenderer(), I3barRenderer(), PolybarRenderer(), TmuxRenderer()] {
            #expect(renderer.render(alone) == renderer.render(both), "\(renderer)")
        }
        #expect(both.airQualityCategory == "Poor" || both.airQualityCategory == "Very poor", "\(both.airQualityCategory)")
    }

    @Test("native names: China's 优/良 in an English interface, only in the people's formats")
    func nativeNamesInEnglish() async {
        var conditions = sample()
        conditions.pollution = Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: Array(repeating: 50, count: 24)]))
        let output = await render(conditions, standard: .china, nativeNames: true)
        #expect(PlainRenderer().render(output).contains(" 良 "), "\(PlainRenderer().render(output))")
        #expect(PlainRenderer().render(output).contains("Asthma medium"), "the rest stays English")
        #expect(JSONRenderer().render(output).contains("\"category\":\"Good\""))
    }
}
