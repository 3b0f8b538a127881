import BreatherModel
import BreatherViewModel
import BreatherViews
import Testing

/// 24 hours of every pollutant at ordinary levels (µg/m³): enough for all seven standards,
/// India's three pollutants and Canada's NO2, O3 and PM2.5 included.
func everyPollutant(name: String = "Brooklyn") -> CityConditions {
    var conditions = sample(name: name)
    let levels: [Pollutant: Double] = [.pm2_5: 22, .pm10: 45, .o3: 70, .no2: 30, .so2: 8, .co: 400]
    conditions.pollution = Pollution(source: "open-meteo", hourly: HourlySeries(levels.mapValues { Array(repeating: $0, count: 24) }))
    return conditions
}

/// The words of a bar text: its numbers taken out, so two texts differ here only in their words.
func words(_ text: String) -> [Substring] {
    text.split(separator: " ").filter { !$0.allSatisfy { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" } }
}

@Suite("the index is named: every standard's compact text says which index it is")
struct IndexNameTests {
    @Test("the same data under the seven standards: compact texts pairwise different in their words")
    func pairwiseDifferent() async {
        var texts: [AQIStandard: String] = [:]
        for standard in AQIStandard.allCases {
            let output = await render(everyPollutant(), standard: standard)
            #expect(output.data.airQuality != nil, "\(standard) indexes the data")
            texts[standard] = output.barTextCompact
            #expect(output.barShortText.hasPrefix(output.indexName + " "), "the short text names it too")
        }
        for first in AQIStandard.allCases {
            for second in AQIStandard.allCases where first != second {
                #expect(words(texts[first]!) != words(texts[second]!), "\(first) \(texts[first]!) vs \(second) \(texts[second]!)")
            }
        }
    }

    @Test("the short names, one per standard, as documented", arguments: [
        (AQIStandard.us, "US AQI"), (.china, "CN AQI"), (.china2012, "CN12 AQI"), (.india, "IN AQI"),
        (.eu, "EAQI"), (.uk, "DAQI"), (.canada, "AQHI"),
    ])
    func shortNames(standard: AQIStandard, name: String) async {
        let output = await render(everyPollutant(), standard: standard)
        #expect(output.indexName == name)
        #expect(output.barTextCompact.hasPrefix(name + " "))
    }

    @Test("the full text and the tooltip name the standard in full", arguments: AQIStandard.allCases)
    func fullNames(standard: AQIStandard) async {
        var output = await render(everyPollutant(), standard: standard)
        #expect(output.tooltip.hasPrefix("Brooklyn: \(standard.displayName) "))
        output.isCompact = false
        #expect(output.barText.hasPrefix("Brooklyn: \(standard.displayName) "))
    }

    @Test("a scroll to another standard shows in the text itself, without a fetch")
    func scrollShows() async {
        nonisolated(unsafe) var fetches = 0
        let viewModel = MainViewModel(environment: .init(fetch: { _ throws(ProviderFailure) in
            fetches += 1
            return everyPollutant()
        }, now: { Timestamp(timeIntervalSince1970: 1_795_000_000) }))
        viewModel.inputs.viewDidRefresh()
        viewModel.inputs.aqiStandard(.china)
        viewModel.inputs.aqiStandard(.china2012)
        viewModel.inputs.aqiStandard(.india)
        viewModel.finish()
        var texts: [String] = []
        for await output in viewModel.outputs where !output.isLoading { texts.append(output.barText) }
        #expect(fetches == 1)
        #expect(texts.map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
                == ["US AQI", "CN AQI", "CN12 AQI", "IN AQI"])
    }

    @Test("an index a provider reports is labelled with who reported it, not a table revision")
    func reportedIndices() async {
        var conditions = sample()
        conditions.pollution = Pollution(source: "waqi", reported: [
            ReportedIndex(standard: .us, value: 80, mainPollutant: .pm2_5, field: "aqi")])
        var output = await render(conditions)
        #expect(output.indexTitle == "US AQI as reported by WAQI")
        #expect(output.tooltip.hasPrefix("Brooklyn: US AQI 80 Moderate, as reported by WAQI"))
        #expect(!output.tooltip.contains("EPA (2024)"), "WAQI does not say which revision of the tables it used")
        output.isCompact = false
        #expect(!output.barText.contains("EPA (2024)"))
        #expect(await render(everyPollutant()).indexTitle == "US EPA (2024)", "computed: the revision Breather used")
    }
}
