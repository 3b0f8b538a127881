@testable import BreatherApp
import BreatherModel
import BreatherProviders
import BreatherViewModel
import BreatherViews
import Testing

/// `Session(context:source:)` is the one builder every command uses: a setting applies the same
/// way whether the conditions come from the providers or from a publisher's state.
@Suite("one session builder for every source")
struct SessionBuilderTests {
    static let config = """
        [location]
        latitude = 40.6769
        longitude = -73.9423
        name = "Brooklyn"
        [bar]
        pollen = "very_high"
        uv = "very_high"
        """

    /// Conditions with grass pollen high (61 grains/m³, below very high) and UV 8 (very high).
    static func conditions(at now: Timestamp) -> CityConditions {
        let hour = Timestamp(timeIntervalSince1970: (now.timeIntervalSince1970 / 3600).rounded(.down) * 3600)
        let pollution = Pollution(source: "open-meteo", observedAt: hour, hourly: HourlySeries([.pm2_5: Array(repeating: 12, count: 24)]),
                                  pollen: [.grass: 61, .birch: 3], uv: UVIndex(index: 8, clearSky: 9, hourly: nil))
        return CityConditions(location: Location(name: "Brooklyn", latitude: 40.6769, longitude: -73.9423),
                              weather: Weather(temperatureC: 18, humidity: 50, source: "open-meteo"), pollution: pollution,
                              asthma: Asthma(risk: .low, source: "estimate", method: "AQHI"), fetchedAt: now)
    }

    @Test("a subscriber with [bar] pollen = very_high shows what the direct one-shot shows: no 'grass high', UV 8 kept")
    func subscriberAppliesBarSettings() async throws {
        let context = try AppHarness.context(Self.config)
        let stored = Self.conditions(at: Timestamp.now())
        // The direct one-shot answering from its store: the stored conditions, no fetch.
        let direct = try Session(context: context, source: .providers(ProviderSessionOptions(staleAfterSeconds: 600)))
        let directOutput = try #require(await AppHarness.finalOutput(direct.viewModel) { $0.seed(with: stored) })
        // `--source mqtt://…`: the publisher's state, seeded then refreshed as the one-shot does.
        let subscriber = try Session(context: context, source: .state { _ throws(ProviderFailure) in stored })
        let subscriberOutput = try #require(await AppHarness.finalOutput(subscriber.viewModel) {
            $0.seed(with: stored)
            $0.inputs.viewDidRefresh()
        })
        // Waybar's text (the bar itself; the tooltip lists every species whatever the level).
        let text = { (output: Output) in String(WaybarRenderer().render(output).split(separator: ",\"tooltip\"")[0]) }
        // The compact text's 40 characters (issue 48): the advice that matters first (grass at NAB
        // "high" keeps the windows closed: [advice] pollen is its own setting), then the asthma
        // risk, pollen and UV, the temperature, each while it fits.
        #expect(text(directOutput) == #"{"text":"US AQI 56 Moderate · UV 8 · keep closed""#)
        #expect(text(subscriberOutput) == text(directOutput))
        #expect(PlainRenderer().render(subscriberOutput) == PlainRenderer().render(directOutput))
    }

    @Test("[sources] state makes a polling session read the publisher, never the providers")
    func pollingSessionFollowsSourcesState() throws {
        let withState = try AppHarness.context(Self.config + "\n[sources]\nstate = \"mqtt://127.0.0.1:1/breather/test\"")
        let (_, subscription) = try Session.polling(context: withState, gate: DaemonController.gate(withState.settings))
        #expect(subscription?.stateTopic == "breather/test/state")
        let withProviders = try AppHarness.context(Self.config)
        let (_, none) = try Session.polling(context: withProviders, gate: DaemonController.gate(withProviders.settings))
        #expect(none == nil)
    }
}
