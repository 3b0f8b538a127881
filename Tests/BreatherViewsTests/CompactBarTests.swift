import BreatherModel
import BreatherViewModel
import BreatherViews
import Foundation
import Testing

/// Conditions whose index under `standard` is `value`, as a provider reports it (any category is reachable).
func reported(_ standard: AQIStandard, _ value: Int, name: String = "Lisbon") -> CityConditions {
    var conditions = sample(name: name)
    conditions.pollution = Pollution(source: "airvisual", reported: [
        ReportedIndex(standard: standard, value: value, mainPollutant: .pm2_5, field: "aqi")])
    conditions.asthma = Asthma(risk: .veryHigh, probability: 0.99, source: "propeller")
    conditions.weather?.temperatureC = -12.4
    return conditions
}

/// Every index value worth trying per standard: each category's range is hit at least once.
func sweep(_ standard: AQIStandard) -> [Int] {
    switch standard {
    case .eu: Array(1...6)
    case .uk: Array(1...10)
    case .canada: Array(1...12)
    default: Array(stride(from: 0, through: 500, by: 10))
    }
}

@Suite("compact bar text: about 30 characters, the place and details in the tooltip")
struct CompactBarTests {
    @Test("the issue's example line is compact by default and full on request")
    func lisbon() async {
        var output = await render(reported(.us, 137))
        #expect(output.barText == "US AQI 137 USG · -12°C · asthma v.high")
        #expect(output.airQualityCategoryShort == "USG" && output.indexName == "US AQI" && output.asthmaRiskShort == "v.high")
        #expect(!output.barText.contains("Lisbon"))
        // IQAir's own number: no table revision Breather cannot know, only who reported it.
        #expect(output.tooltip.hasPrefix("Lisbon: US AQI 137 Unhealthy for Sensitive Groups, as reported by IQAir"))
        #expect(output.indexTitle == "US AQI as reported by IQAir")
        output.isCompact = false
        #expect(output.barText == "Lisbon: US AQI 137 Unhealthy for Sensitive Groups, as reported by IQAir · Cloudy -12°C · Asthma very high 99%")
        #expect(TmuxRenderer().render(output).contains("Lisbon"), "renderers follow the toggle")
        var typical = reported(.us, 137)
        typical.weather?.temperatureC = 17
        typical.asthma?.risk = .medium
        let line = await render(typical).barText
        #expect(line == "US AQI 137 USG · 17°C · asthma med" && line.count <= 35)
    }

    @Test("every category of every standard fits: at most 48 characters even at -12°C and a very high asthma risk",
          arguments: AQIStandard.allCases)
    func everyCategoryFits(standard: AQIStandard) async {
        for value in sweep(standard) {
            let output = await render(reported(standard, value), standard: standard)
            #expect(output.airQualityCategoryShort.count <= 11, "\(standard) \(value): \(output.airQualityCategoryShort)")
            #expect(output.barText.count <= 48, "\(standard) \(value): \(output.barText)")
            #expect(output.barText.hasPrefix(output.indexName + " "))
        }
    }

    @Test("the short names are the publishers' own abbreviations")
    func shortNames() async {
        let cases: [(AQIStandard, Int, String)] = [
            (.us, 120, "USG"), (.us, 250, "V.Unhealthy"), (.us, 20, "Good"), (.china, 120, "Light"),
            (.china, 350, "Severe"), (.india, 150, "Moderate"), (.eu, 6, "Ext. poor"), (.canada, 2, "Low"),
            (.canada, 11, "Very High"), (.uk, 10, "Very High"),
        ]
        for (standard, value, short) in cases {
            #expect(await render(reported(standard, value), standard: standard).airQualityCategoryShort == short, "\(standard) \(value)")
        }
        #expect(await render(reported(.canada, 5), standard: .canada).barText.hasPrefix("AQHI 5 Moderate"))
        #expect(await render(reported(.eu, 2), standard: .eu).barText.hasPrefix("EAQI 2 Fair"))
        // The full text names the index the same way (it said "AQI 2" under every standard).
        #expect(await render(reported(.eu, 2), standard: .eu).barTextFull.contains(" EAQI 2 Fair"))
        #expect(await render(reported(.canada, 5), standard: .canada).barTextFull.contains(" AQHI 5 Moderate"))
    }

    @Test("no data: a short line whatever the error (the whole error goes to the tooltip)")
    func noData() async {
        let long = ProviderFailure(provider: "open-meteo", part: .air, kind: .unavailable,
                                   message: String(repeating: "connection refused ", count: 10))
        let output = await render(nil, failure: long)
        #expect(output.barText == "US AQI – open-meteo: connection refused connecti…")
        #expect(output.tooltip.contains("connection refused connection refused"))
        #expect(await BarState.neverFetched.output().barText == "US AQI – loading…")
    }

    @Test("stale data: the stale class and a dimmed colour, never the error class; error only without data")
    func staleIsNotError() async {
        let stale = await BarState.stale.output()
        #expect(stale.stateClasses.contains("stale") && !stale.stateClasses.contains("error"))
        #expect(stale.error != nil, "the failure is still reported in the tooltip")
        #expect(stale.barText.hasSuffix("· stale 15m"))
        let none = await BarState.error.output()
        #expect(none.stateClasses == ["never_fetched", "us", "error"])
    }

    @Test("bar colours: text on the block background passes WCAG AA for every category, fresh and stale",
          arguments: AQIStandard.allCases)
    func contrast(standard: AQIStandard) async {
        for value in sweep(standard) {
            for afterFailure in [false, true] {
                let output = await render(reported(standard, value), standard: standard, afterFailure: afterFailure)
                let ratio = Format.contrastRatio(output.barForeground, output.barBackground)
                #expect(ratio >= 4.5, "\(standard) \(value) stale=\(afterFailure): \(output.barForeground) on \(output.barBackground) \(ratio)")
            }
        }
        for state in [BarState.error, .neverFetched] {
            let output = await state.output()
            #expect(Format.contrastRatio(output.barForeground, output.barBackground) >= 4.5)
        }
    }

    @Test("WCAG contrast arithmetic against known ratios")
    func contrastArithmetic() {
        #expect(abs(Format.contrastRatio("#000000", "#FFFFFF") - 21) < 0.001)
        #expect(abs(Format.contrastRatio("#777777", "#ffffff") - 4.48) < 0.01)
        #expect(Format.contrastRatio("#00E400", "#00CD00") < 1.5, "Good on tmux's green")
        #expect(Format.contrastRatio("#7E0023", "#000000") < 2, "Hazardous as text on a black bar")
        #expect(Format.contrastRatio("nonsense", "#000000") == 1)
        #expect(Format.readableText(on: "#7E0023") == "#FFFFFF" && Format.readableText(on: "#FFFF00") == "#000000")
    }
}
