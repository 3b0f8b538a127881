import BreatherModel
import BreatherTestSupport
import BreatherViewModel
import Testing

@Suite("CO2 alert from the indoor sensor")
struct IndoorAlertTests {
    /// Runs indoor CO2 readings (nil: the indoor sensor did not answer, its last reading kept)
    /// through the real view model a minute apart, and every output through one monitor.
    /// The outdoor air is `outdoor` (clean by default); each reading is observed as it is fetched.
    func alerts(_ readings: [Double?], _ settings: AlertSettings = AlertSettings(standard: .us),
                outdoor: Pollution = Pollution(source: "test", hourly: HourlySeries([.pm2_5: [5], .pm10: [12]]))) async -> [[AlertNotification]] {
        let clock = TestClock()
        var last: SensorReading?
        var steps: [Result<CityConditions, ProviderFailure>] = []
        for (index, ppm) in readings.enumerated() {
            var result = conditions(pm25: 5, at: Timestamp(timeIntervalSince1970: 0))
            result.pollution = outdoor
            if let ppm {
                last = SensorReading(source: "airgradient", observedAt: clock.now.addingTimeInterval(Double(60 * (index + 1))), co2PPM: ppm)
            } else {
                result.failures = [ProviderFailure(provider: .airGradient, part: .indoor, kind: .unavailable, message: "cannot connect")]
            }
            result.indoor = last  // a sensor that did not answer keeps its last reading (CityConditions.merged)
            steps.append(.success(result))
        }
        let script = ScriptedFetch(steps)
        let viewModel = MainViewModel(environment: .scripted(script, clock: clock))
        // One poll at a time: refreshes sent back to back merge into one fetch.
        let outputs = await pollHistory(viewModel, polls: readings.count)
        var monitor = AlertMonitor(settings: settings)
        return outputs.filter { !$0.isLoading }.map { monitor.observe($0) }
    }

    @Test("at 1,000 ppm (UBA) held two readings: open a window, outdoor air good; below it for two readings: the all-clear")
    func crossing() async {
        let sent = await alerts([900, 1_050, 1_120, 1_600, 900, 800])
        #expect(sent[0].isEmpty && sent[1].isEmpty, "one reading over is not a crossing")
        #expect(sent[2] == [AlertNotification(urgency: .normal, summary: "CO2 1120 ppm: open a window (outdoor air good)",
                                              body: "Indoor air (airgradient): CO2 1120 ppm, at or over 1000 ppm")])
        #expect(sent[3].isEmpty, "announced once")
        #expect(sent[4].isEmpty)
        #expect(sent[5].map(\.summary) == ["CO2 back to 800 ppm"])
    }

    /// Show: CO2 high with smoke outside (PM2.5 120 µg/m³, 92 % of PM10): the alert never says
    /// "open a window"; it names the smoke and says to air briefly or run the purifier.
    @Test("CO2 high, smoke outside: outdoor air unhealthy (smoke likely); air briefly or run the purifier")
    func smoke() async {
        let smoky = Pollution(source: "test", hourly: HourlySeries([.pm2_5: [120], .pm10: [130]]))
        let sent = await alerts([1_650, 1_650], outdoor: smoky).flatMap { $0 }
        #expect(sent.map(\.summary) == ["CO2 1650 ppm: outdoor air unhealthy (smoke likely); air briefly or run the purifier"])
        #expect(!sent.contains { $0.summary.contains("open a window") })
    }

    @Test("[alerts] advice: one notification when the advice turns to keep closed, none while it holds")
    func adviceChange() async {
        var settings = AlertSettings(standard: .us)
        settings.co2PPM = nil
        settings.advice = true
        let smoky = Pollution(source: "test", hourly: HourlySeries([.pm2_5: [120], .pm10: [130]]))
        let sent = await alerts([600, 600, 600], settings, outdoor: smoky)
        #expect(sent.flatMap { $0 }.map(\.summary) == ["Smoke likely: keep windows closed"])
        #expect(sent[0].first?.body.contains("smoke likely (PM2.5 120 µg/m³, 92% of PM10)") == true)
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
