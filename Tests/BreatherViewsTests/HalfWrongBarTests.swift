import BreatherModel
import BreatherViewModel
import BreatherViews
import Testing

/// Issue 48, "The bar": what the bar says when two sources half work.
@Suite("the bar when sources half work: marks, the full text, the compact width")
struct HalfWrongBarTests {
    static let sensor = Pollution(source: "purpleair", hourly: HourlySeries([.pm2_5: Array(repeating: 40, count: 24)]))
    static let model = Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: Array(repeating: 12.34, count: 24)]),
                                 pollen: [.grass: 61, .birch: 3], uv: UVIndex(index: 8, clearSky: 9, hourly: nil))

    /// A first start: the sensor answered, the model hung (air, weather; asthma from the estimate).
    func modelHung() -> CityConditions {
        var conditions = sample()
        conditions.pollution = Self.sensor
        conditions.weather = nil
        conditions.asthma = nil
        var air = ProviderFailure(provider: "open-meteo", part: .air, kind: .timeout, message: "timed out")
        air.completing = true
        conditions.failures = [air, ProviderFailure(provider: "open-meteo", part: .weather, kind: .timeout, message: "timed out")]
        conditions.partsFetchedAt = PartTimes(air: conditions.fetchedAt)
        return conditions
    }

    @Test("sensor answering, model hung at first start: the missing weather is marked in every line, faded, classed stale and partial")
    func missingWeatherMarked() async {
        let output = await render(modelHung())
        // USG outdoors: the advice (keep closed) is an essential of the compact text too.
        #expect(output.barTextCompact == "US AQI 112 USG · –°C · keep closed", "\(output.barTextCompact)")
        #expect(output.barTextFull.contains(" · weather unavailable"), "\(output.barTextFull)")
        #expect(output.stateClasses.contains("partial") && output.stateClasses.contains("stale"), "\(output.stateClasses)")
        #expect(output.barColor != output.aqiColor, "not in fresh colours as if complete")
        #expect(output.barShortText == "US AQI 112*")
        #expect(WaybarRenderer().render(output).contains("\"partial\""))
        #expect(I3barRenderer().render(output).contains("–°C"))
        // With the weather there (or kept from before), nothing is marked.
        let complete = await render(sample())
        #expect(!complete.stateClasses.contains("partial") && complete.barColor == complete.aqiColor)
        #expect(!complete.barTextCompact.contains("–°C"))
    }

    /// The worst line: indoor, pollen, UV, a fallback note (the sensor down, the model's air shown).
    func everything() -> CityConditions {
        var conditions = sample()
        conditions.pollution = Self.model
        conditions.indoor = SensorReading(source: "airgradient", pm2_5: 24.6, co2PPM: 1520, humidity: 76.3)
        conditions.failures = [ProviderFailure(provider: "purpleair", part: .air, kind: .timeout, message: "no answer")]
        return conditions
    }

    @Test("the compact text with indoor, pollen, UV and a fallback note fits 40 characters; the essentials stay; the rest is in the full text and tooltip")
    func compactFits() async {
        let output = await render(everything())
        let compact = output.barTextCompact
        #expect(compact.count <= Output.compactWidth, "\(compact.count): \(compact)")
        #expect(Output.compactWidth == 40)
        #expect(compact.hasPrefix("US AQI in 80 · out 57"), "\(compact)")
        #expect(compact.contains("fallback") || compact.contains("purpleair failed"), "\(compact)")
        #expect(output.barTextFull.contains("purpleair failed"))
        #expect(output.tooltip.contains("Pollen: grass 61 high"))
        // Stale and under a Retry-After too: the marks are essentials, kept.
        for state in [sample(), reported(.us, 137), everything()] {
            let shown = await render(state, afterFailure: true)
            #expect(shown.barTextCompact.count <= Output.compactWidth, "\(shown.barTextCompact)")
            #expect(shown.barTextCompact.contains("stale "), "\(shown.barTextCompact)")
        }
        // The common line is whole: index, temperature, asthma.
        #expect(await render(sample()).barTextCompact == "US AQI 57 Moderate · 12°C · asthma med")
    }

    @Test("the full text shows at least what the compact text shows: indoor, pollen, UV")
    func fullShowsAtLeastTheCompact() async {
        var conditions = sample()
        conditions.pollution = Self.model
        conditions.indoor = SensorReading(source: "airgradient", pm2_5: 24.6, co2PPM: 1520, humidity: 76.3)
        var output = await render(conditions)
        let compact = output.barTextCompact
        output.isCompact = false
        let full = output.barText
        #expect(full.contains("indoor US AQI 80"), "\(full)")
        #expect(full.contains("grass pollen high"), "\(full)")
        #expect(full.contains("UV 8 very high"), "\(full)")
        // Every number the compact text shows is in the full one.
        for word in compact.split(separator: " ") where word.first?.isNumber == true {
            #expect(full.contains(word), "\(word) of \(compact) missing in \(full)")
        }
        #expect(PolybarRenderer().render(output).contains("grass pollen high"), "a right click in polybar shows it")
    }
}
