import BreatherLocale
import BreatherModel
import BreatherTestSupport
import BreatherViewModel
import Testing

/// Notifications as the daemon's notifier makes them: each output observed in its people's
/// language (`Output.inPeoplesLanguage`), from a view model rendering in `language`.
private func notifications(_ steps: [CityConditions], _ settings: AlertSettings, language: Language) async -> [AlertNotification] {
    let clock = TestClock()
    let script = ScriptedFetch(steps.map { .success($0) })
    var environment = MainViewModel.Environment(fetch: { _ throws(ProviderFailure) in
        clock.advance(60)
        var result = try script.next()
        result.fetchedAt = clock.now
        result.partsFetchedAt = PartTimes(air: clock.now, weather: clock.now, asthma: clock.now)
        if var indoor = result.indoor { indoor.observedAt = clock.now; result.indoor = indoor }
        return result
    }, now: { clock.now })
    environment.language = language
    let outputs = await pollHistory(MainViewModel(environment: environment), polls: steps.count)
    var monitor = AlertMonitor(settings: settings)
    return outputs.filter { !$0.isLoading }.flatMap { output in output.inPeoplesLanguage { monitor.observe($0) } }
}

/// Unhealthy air (PM2.5 100), a high asthma risk, grass pollen very high and UV 9 outside;
/// with `co2`, an indoor sensor reading that much, and smoke (PM2.5 all but PM10).
private func badDay(co2: Double? = nil) -> CityConditions {
    var result = conditions(pm25: 100, at: Timestamp(timeIntervalSince1970: 0))
    result.pollution = Pollution(source: "test", hourly: HourlySeries([.pm2_5: [100], .pm10: [105]]),
                                 pollen: [.grass: 250], uv: UVIndex(index: 9, clearSky: 9, hourly: nil))
    result.asthma = Asthma(risk: .high, source: "estimate", method: "AQHI")
    result.indoor = co2.map { SensorReading(source: "airgradient", observedAt: nil, co2PPM: $0) }
    return result
}

@Suite("Notifications' bodies in the interface language")
struct NotificationLanguageTests {
    static let settings = AlertSettings(standard: .us, category: "unhealthy", asthma: .high, pollen: .high, uv: .veryHigh, hold: 1)

    @Test("air, asthma, pollen and UV bodies in French; the same notifications in English as before")
    func french() async {
        let english = await notifications([badDay()], Self.settings, language: .english)
        #expect(english.map(\.body) == ["Brooklyn: US AQI 182 (PM2.5)", "Brooklyn: asthma risk high (estimate)",
                                        "Brooklyn: grass 250 grains/m³ (very high, AAAAI NAB)", "Brooklyn: UV 9 very high (WHO)"],
                "\(english.map(\.body))")
        let french = await notifications([badDay()], Self.settings, language: .french)
        #expect(french.map(\.body) == ["Brooklyn : US AQI 182 (PM2.5)", "Brooklyn : risque d'asthme élevé (estimation)",
                                       "Brooklyn : graminées 250 grains/m³ (très élevé, AAAAI NAB)", "Brooklyn : UV 9 très élevé (OMS)"],
                "\(french.map(\.body))")
    }

    @Test("a recovery's body names the limit in the language: Chinese pollen and UV")
    func recoveries() async {
        var clean = badDay()
        clean.pollution = Pollution(source: "test", hourly: HourlySeries([.pm2_5: [5]]), pollen: [.grass: 0.2], uv: UVIndex(index: 2, clearSky: 2, hourly: nil))
        clean.asthma = Asthma(risk: .low, source: "estimate", method: "AQHI")
        let sent = await notifications([badDay(), clean], Self.settings, language: .chinese).suffix(4).map(\.body)
        #expect(sent.contains { $0.contains("优于") }, "air: better than … \(sent)")
        #expect(sent.contains("Brooklyn：哮喘风险低，低于高"), "\(sent)")
        #expect(sent.contains("Brooklyn：所有花粉种类均低于 1 粒/m³，低于高"), "\(sent)")
        #expect(sent.contains("Brooklyn：紫外线 2，低于很高"), "\(sent)")
        #expect(!sent.contains { $0.contains("below") || $0.contains("grain") }, "\(sent)")
    }

    @Test("the CO2 alert and the advice notification in German: smoke named, reasons translated")
    func co2AndAdvice() async {
        let co2 = await notifications([badDay(co2: 1_650), badDay(co2: 800)], AlertSettings(standard: .us, hold: 1), language: .german)
        #expect(co2 == [AlertNotification(urgency: .normal, summary: "CO2 1650 ppm: Außenluft ungesund (Rauch wahrscheinlich); kurz lüften oder Luftreiniger einschalten",
                                          body: "Innenluft (airgradient): CO2 1650 ppm, bei oder über 1000 ppm"),
                        AlertNotification(urgency: .low, summary: "CO2 wieder bei 800 ppm", body: "Innenluft (airgradient): CO2 800 ppm, unter 1000 ppm")],
                "\(co2)")
        var settings = AlertSettings(standard: .us, hold: 1)
        settings.advice = true
        settings.co2PPM = nil
        let advice = await notifications([badDay()], settings, language: .german)
        #expect(advice.map(\.summary) == ["Rauch wahrscheinlich: Fenster geschlossen halten"], "\(advice)")
        let body = advice.first?.body ?? ""
        #expect(body.hasPrefix("Brooklyn: Rauch wahrscheinlich (PM2.5 100 µg/m³, 95 % des PM10)"), "\(body)")
        #expect(body.contains("PM2.5 außen 100 µg/m³") && body.contains("Gräser-Pollen sehr hoch"), "\(body)")
    }
}
