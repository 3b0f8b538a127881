import BreatherModel
import BreatherTestSupport
import BreatherViewModel
import Testing

@Suite("indoor air beside the outdoor: display strings")
struct IndoorOutputTests {
    /// The output after one refresh whose conditions (outdoor PM2.5 `outdoor`) hold `indoor`.
    func output(indoor: SensorReading?, indoorFails: Bool = false) async -> Output? {
        let clock = TestClock()
        var result = conditions(pm25: 40, at: clock.now)
        result.indoor = indoor
        if indoorFails { result.failures = [ProviderFailure(provider: .airGradient, part: .indoor, kind: .unavailable, message: "cannot connect")] }
        let script = ScriptedFetch([.success(result)])
        let viewModel = MainViewModel(environment: .init(fetch: { _ throws(ProviderFailure) in try script.next() }, now: { clock.now }))
        return await history(viewModel) { $0.viewDidRefresh() }.last
    }

    static let airGradient = SensorReading(source: "airgradient", pm2_5: 24.6, co2PPM: 1520, humidity: 76.3)

    @Test("compact bar text 'in 80 · out 112', the tooltip's indoor line, {indoor_aqi} and {co2}")
    func strings() async throws {
        let output = try #require(await output(indoor: Self.airGradient))
        // Indoor PM2.5 24.6 µg/m³ (1-hour) → US 80; outdoor a steady 40 µg/m³ → 112 USG.
        #expect(output.indoorAQI == "80")
        #expect(output.co2 == "1520 ppm")
        #expect(output.barTextCompact.hasPrefix("US AQI in 80 · out 112 USG · "), "\(output.barTextCompact)")
        #expect(output.tooltip.hasSuffix("\nIndoor (airgradient): US AQI 80 · PM2.5 24.6 µg/m³ · CO2 1520 ppm · humidity 76%"), "\(output.tooltip)")
        let display = Dictionary(uniqueKeysWithValues: output.displayFields.map { ($0.key, $0.value) })
        #expect(display["indoor_aqi"] == "80")
        #expect(display["co2"] == "1520 ppm")
    }

    @Test("without an indoor sensor nothing changes; a kept reading says stale")
    func absentAndStale() async throws {
        let none = try #require(await output(indoor: nil))
        #expect(none.indoorAQI.isEmpty && none.co2.isEmpty)
        #expect(none.barTextCompact.hasPrefix("US AQI 112 USG"), "\(none.barTextCompact)")
        #expect(!none.tooltip.contains("Indoor"))
        let kept = try #require(await output(indoor: Self.airGradient, indoorFails: true))
        #expect(kept.tooltip.contains("Indoor (airgradient) (stale): "), "\(kept.tooltip)")
        // The bar marks the kept indoor figure: it is the sensor's last reading, not its air now.
        #expect(kept.barTextCompact.hasPrefix("US AQI in 80* · out 112 USG · "), "\(kept.barTextCompact)")
        let fresh = try #require(await output(indoor: Self.airGradient))
        #expect(!fresh.barTextCompact.contains("*"), "\(fresh.barTextCompact)")
    }
}
