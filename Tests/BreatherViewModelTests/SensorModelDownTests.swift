import BreatherModel
import BreatherTestSupport
import BreatherViewModel
import Testing

/// Issue 48: with a sensor first and the model down, pollen and UV vanished ("no pollen data
/// here" beside an asthma risk raised by pollen), where the plain config keeps them marked stale.
@Suite("a sensor first, the model down: pollen and UV stay, marked stale")
struct SensorModelDownTests {
    let start = TestClock().now
    let sensor = Pollution(source: "purpleair", hourly: HourlySeries([.pm2_5: [9]]))
    var model: Pollution {
        Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: [40], .o3: [120]]), pollen: [.grass: 61, .birch: 3],
                  uv: UVIndex(index: 8, clearSky: 9, hourly: nil))
    }
    let modelDown = ProviderFailure(provider: "open-meteo", part: .air, kind: .timeout, message: "timed out")

    /// The main poll's two fetches: the sensor completed by the model, then the sensor alone, the model timing out.
    func fetches(at second: Timestamp) -> (CityConditions, CityConditions) {
        let good = CityConditions(location: brooklyn, weather: Weather(temperatureC: 8, source: "open-meteo"),
                                  pollution: sensor.filled(from: model), fetchedAt: start)
        var failure = modelDown
        failure.completing = true
        let down = CityConditions(location: brooklyn, pollution: sensor, failures: [failure], fetchedAt: second)
        return (good, down)
    }

    @Test("the merge keeps the model's pollen and UV beside the sensor's new particles, marked carried over, not recorded again")
    func merge() throws {
        let (good, down) = fetches(at: start.addingTimeInterval(600))
        #expect(!good.isDayAheadCarriedOver)
        let merged = good.merged(with: down)
        let air = try #require(merged.pollution)
        #expect(air.hourly?.values[.pm2_5] == [9], "the sensor's fresh particles")
        #expect(air.pollen == [.grass: 61, .birch: 3])
        #expect(air.uv?.index == 8)
        #expect(!merged.isCarriedOver(.air), "the air itself is fresh")
        #expect(merged.isDayAheadCarriedOver)
        // A sensor poll after it completes the sensor from that reading: still kept, still marked.
        let polled = merged.merged(withSensorPoll: CityConditions(location: brooklyn, pollution: sensor, fetchedAt: start.addingTimeInterval(660)))
        #expect(polled.pollution?.pollen == [.grass: 61, .birch: 3])
        #expect(polled.isDayAheadCarriedOver)
        // The model back: fresh again.
        let back = polled.merged(with: CityConditions(location: brooklyn, pollution: sensor.filled(from: model), fetchedAt: start.addingTimeInterval(1200)))
        #expect(!back.isDayAheadCarriedOver)
    }

    @Test("kept pollen and UV are no new readings: they neither raise an alert nor hold one")
    func noAlertFromKeptPollen() async {
        let (good, down) = fetches(at: start.addingTimeInterval(600))
        let settings = AlertSettings(standard: .us, pollen: .high, uv: .high, hold: 2)
        // One fresh reading of grass high, then two with the model down: the hold of 2 is not reached.
        let (sent, _, _) = await dayAheadAlerts([good, down, down], settings)
        #expect(sent.isEmpty, "\(sent)")
        // Two fresh readings reach it.
        #expect(await dayAheadAlerts([good, good], settings).sent.map(\.summary) == ["Pollen: grass high", "UV index 8: very high"])
    }

    @Test("the bar keeps 'grass high*' and 'UV 8*', the tooltip says stale, never 'no pollen data here'")
    func output() async throws {
        let clock = TestClock()
        let (good, down) = fetches(at: start.addingTimeInterval(600))
        nonisolated(unsafe) var calls = 0
        let viewModel = MainViewModel(environment: .init(fetch: { _ in
            calls += 1
            if calls == 1 { return good }
            clock.advance(600)
            return down
        }, now: { clock.now }))
        let shown = try #require(await pollHistory(viewModel, polls: 2).last)
        #expect(!shown.isStale, "the sensor's index is fresh")
        #expect(shown.pollenSummary != "no pollen data here")
        #expect(shown.pollenSummary.hasPrefix("grass 61 high"))
        #expect(shown.uvSummary.hasPrefix("UV 8"))
        #expect(shown.isDayAheadStale)
        #expect(shown.compactDayAhead == ["grass high*", "UV 8*"])
        // The compact text's 40 characters hold the advice the pollen calls for and what else
        // fits; the full text (a right click) has the kept pollen and UV, marked.
        #expect(shown.barTextCompact == "US AQI 50 Good · UV 8* · keep closed", "\(shown.barTextCompact)")
        var full = shown
        full.isCompact = false
        #expect(full.barText.contains("grass pollen high*"), "\(full.barText)")
        #expect(shown.tooltip.contains("Pollen: grass 61 high, birch 3 low (grains/m³, AAAAI NAB levels) (stale)"), "\(shown.tooltip)")
        let uvLine = shown.tooltip.split(separator: "\n").first { $0.hasPrefix("UV: 8 very high") }
        #expect(uvLine?.hasSuffix(" (stale)") == true, "\(shown.tooltip)")
    }
}
