import BreatherModel
import BreatherTestSupport
import BreatherViewModel
import Testing

@Suite("CO2 alert from the indoor sensor")
struct IndoorAlertTests {
    /// Runs indoor CO2 readings (nil: the indoor sensor did not answer, its last reading kept)
    /// through the real view model a minute apart, and every output through one monitor.
    func alerts(_ readings: [Double?], _ settings: AlertSettings = AlertSettings(standard: .us)) async -> [[AlertNotification]] {
        let clock = TestClock()
        var last: SensorReading?
        var steps: [Result<CityConditions, ProviderFailure>] = []
        for (index, ppm) in readings.enumerated() {
            var result = conditions(pm25: 5, at: Timestamp(timeIntervalSince1970: 0))
            if let ppm {
                last = SensorReading(source: "airgradient", observedAt: Timestamp(timeIntervalSince1970: Double(index)), co2PPM: ppm)
            } else {
                result.failures = [ProviderFailure(provider: .airGradient, part: .indoor, kind: .unavailable, message: "cannot connect")]
            }
            result.indoor = last  // a sensor that did not answer keeps its last reading (CityConditions.merged)
            steps.append(.success(result))
        }
        let script = ScriptedFetch(steps)
        let viewModel = MainViewModel(environment: .init(fetch: { _ throws(ProviderFailure) in
            clock.advance(60)
            var result = try script.next()
            result.fetchedAt = clock.now
            result.partsFetchedAt = PartTimes(air: clock.now, weather: clock.now, asthma: clock.now)
            return result
        }, now: { clock.now }))
        // One poll at a time: refreshes sent back to back merge into one fetch.
        let outputs = await pollHistory(viewModel, polls: readings.count)
        var monitor = AlertMonitor(settings: settings)
        return outputs.filter { !$0.isLoading }.map { monitor.observe($0) }
    }

    @Test("at 1,400 ppm held two readings: open a window; below it for two readings: the all-clear")
    func crossing() async {
        let sent = await alerts([1_100, 1_450, 1_520, 1_600, 900, 800])
        #expect(sent[0].isEmpty && sent[1].isEmpty, "one reading over is not a crossing")
        #expect(sent[2] == [AlertNotification(urgency: .normal, summary: "CO2 1520 ppm: open a window",
                                              body: "Indoor air (airgradient): CO2 1520 ppm, at or over 1400 ppm")])
        #expect(sent[3].isEmpty, "announced once")
        #expect(sent[4].isEmpty)
        #expect(sent[5].map(\.summary) == ["CO2 back to 800 ppm"])
    }

    @Test("a kept reading (the sensor did not answer) counts for nothing; no threshold, no alert")
    func notReadings() async {
        let sent = await alerts([1_500, nil, nil])
        #expect(sent.allSatisfy { $0.isEmpty }, "\(sent)")
        var off = AlertSettings(standard: .us)
        off.co2PPM = nil
        let silent = await alerts([2_000, 2_000, 2_000], off)
        #expect(silent.allSatisfy { $0.isEmpty })
    }
}
