import BreatherJSON
import BreatherLocale
import BreatherModel
import BreatherViewModel
import BreatherViews
import Testing

/// A busy outdoor AirGradient whose PM2.5 is shown as measured (no humidity for the US EPA
/// correction): the plain line marks it "PM2.5 uncorrected", with pollen, UV and a long name.
private func uncorrectedSensor(pm25: Double, o3: Double? = nil) -> CityConditions {
    var conditions = sample(name: hostileName)
    var series: [Pollutant: [Double]] = [.pm2_5: [pm25, pm25, pm25]]
    if let o3 { series[.o3] = [o3, o3, o3] }
    conditions.pollution = Pollution(source: "airgradient", hourly: HourlySeries(series), pollen: [.grass: 61, .birch: 3],
                                     uv: UVIndex(index: 8, clearSky: 9, hourly: nil), sensorHours: series.mapValues { _ in 3 })
    conditions.pollution?.sensorUncorrected = "uncorrected (pm02 as measured: no humidity for the US EPA correction)"
    conditions.asthma = Asthma(risk: .veryHigh, probability: 0.91, source: "propeller")
    conditions.weather?.condition = .wmo(95)
    return conditions
}

@Suite("The plain line's 'PM2.5 uncorrected' mark in the people's language")
struct UncorrectedMarkLanguageTests {
    @Test("the mark in fr, de and zh_CN; English as before; json keeps English", arguments: [Language.french, .german, .chinese])
    func markTranslated(_ language: Language) async {
        let words: [Language: String] = [.french: "PM2.5 non corrigées", .german: "PM2.5 unkorrigiert", .chinese: "PM2.5 未校正"]
        let english = await render(uncorrectedSensor(pm25: 14.2), standard: .us)
        let other = await render(uncorrectedSensor(pm25: 14.2), standard: .us, language: language)
        #expect(PlainRenderer().render(english).contains(" (PM2.5 uncorrected) · "), "\(PlainRenderer().render(english))")
        let line = PlainRenderer().render(other)
        #expect(line.contains(" (\(words[language]!)) · "), "\(line)")
        #expect(!line.contains("uncorrected"), "\(line)")
        #expect(JSONRenderer().render(other) == JSONRenderer().render(english))
        // Another pollutant leading: the mark after it, in the language.
        let ozone = await render(uncorrectedSensor(pm25: 3, o3: 200), standard: .us, language: language)
        let ozoneLine = PlainRenderer().render(ozone)
        #expect(ozoneLine.contains(" (O3, \(words[language]!)) · "), "\(ozoneLine)")
    }

    @Test("with the mark, every bar stays within its width and escaping rules in every language",
          arguments: Language.allCases.filter { $0 != .english })
    func barsWithMark(_ language: Language) async throws {
        for pm25 in [3.0, 40, 160, 600] {
            for stale in [false, true] {
                let output = await render(uncorrectedSensor(pm25: pm25), standard: .us, afterFailure: stale, language: language)
                let english = await render(uncorrectedSensor(pm25: pm25), standard: .us, afterFailure: stale)
                #expect(english.data.airQuality?.uncorrected != nil, "the case has the mark")
                let mark = L10n.$language.withValue(language) { tr("PM2.5 uncorrected", context: "plain line") }
                #expect(mark != "PM2.5 uncorrected" && PlainRenderer().render(output).contains(mark), "\(PlainRenderer().render(output))")
                try LanguageOutputTests.expectBarRules(output, english, "\(language) \(pm25)")
            }
        }
    }
}
