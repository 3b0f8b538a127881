import BreatherLocale
import BreatherModel
import BreatherTestSupport
import BreatherViewModel
import Testing

/// Each reading through the real view model rendering in `language` (with `settings` as its
/// alerts, so the outlook has its forecast warnings), and every output through one monitor in
/// its people's language, as the daemon's notifier does: the notifications and the outputs.
private func observed(_ steps: [CityConditions], _ settings: AlertSettings, language: Language) async -> (sent: [AlertNotification], outputs: [Output]) {
    let clock = TestClock()
    let script = ScriptedFetch(steps.map { .success($0) })
    var environment = MainViewModel.Environment.scripted(script, clock: clock)
    environment.localTime = .utc
    environment.alerts = settings
    environment.language = language
    let outputs = await pollHistory(MainViewModel(environment: environment), polls: steps.count).filter { !$0.isLoading }
    var monitor = AlertMonitor(settings: settings)
    return (outputs.flatMap { output in output.inPeoplesLanguage { monitor.observe($0) } }, outputs)
}

@Suite("Forecast warnings and personal-threshold notifications in the interface language")
struct WarningLanguageTests {
    static let start = TestClock().now.addingTimeInterval(60)
    /// Good until 17:00 UTC, then PM2.5 150 µg/m³ for five hours (DayAheadTests' episode).
    static let crossingIn6h = Array(repeating: 5.0, count: 5) + Array(repeating: 150, count: 5) + Array(repeating: 5, count: 50)
    static let preAlert = AlertSettings(standard: .us, category: "unhealthy", preAlertSeconds: 8 * 3600)

    @Test("a pre-alert in German: summary and body translated; English as before; the json's copy of the warning stays English")
    func preAlertGerman() async throws {
        let steps = [dayAhead(now: Self.start, pm25Ahead: Self.crossingIn6h)]
        let english = await observed(steps, Self.preAlert, language: .english)
        #expect(english.sent.map(\.summary) == ["Forecast: US AQI Unhealthy from about 17:00 UTC, PM2.5"])
        #expect(english.sent.map(\.body) == ["Brooklyn: US AQI up to 221 Very Unhealthy at 21:00 UTC, 17:00 UTC–23:00 UTC"], "\(english.sent)")
        let german = await observed(steps, Self.preAlert, language: .german)
        #expect(german.sent.map(\.summary) == ["Vorhersage: US AQI Ungesund ab etwa 17:00 UTC, PM2.5"], "\(german.sent)")
        #expect(german.sent.map(\.body) == ["Brooklyn: US AQI bis 221 Sehr ungesund um 21:00 UTC, 17:00 UTC–23:00 UTC"], "\(german.sent)")
        // The machines' copy (json, MQTT) keeps the English sentence; the tooltip's is German.
        let output = try #require(german.outputs.last)
        #expect(output.outlook.warnings.first?.summary == "US AQI Unhealthy from about 17:00 UTC, PM2.5")
        #expect(output.forPeople.outlook.warnings.first?.summary == "US AQI Ungesund ab etwa 17:00 UTC, PM2.5")
    }

    @Test("pollen and UV pre-alerts in French")
    func pollenAndUVFrench() async {
        let settings = AlertSettings(standard: .us, pollen: .high, uv: .veryHigh, preAlertSeconds: 8 * 3600)
        let grass = Array(repeating: 1.0, count: 3) + Array(repeating: 300, count: 4) + Array(repeating: 1, count: 40)
        let uv = Array(repeating: 0.0, count: 27) + [9, 9, 9] + Array(repeating: 0, count: 30)
        let steps = [dayAhead(now: Self.start, pollenNow: [.grass: 1], grassAhead: grass, uvNow: 1, uvHourly: uv)]
        let french = await observed(steps, settings, language: .french).sent.map(\.summary)
        #expect(french.contains { $0.hasPrefix("Prévision : Pollen de graminées très élevé à partir d'environ ") }, "\(french)")
        #expect(french.contains { $0.hasPrefix("Prévision : UV très élevé à partir d'environ ") }, "\(french)")
        let english = await observed(steps, settings, language: .english).sent.map(\.summary)
        #expect(english.contains { $0.hasPrefix("Forecast: Grass pollen very high from about ") }, "\(english)")
        #expect(english.contains { $0.hasPrefix("Forecast: UV very high from about ") }, "\(english)")
    }

    @Test("a personal threshold's alert and all-clear in French, English unchanged")
    func personalFrench() async {
        var settings = AlertSettings(standard: .us, hold: 1)
        settings.personal = true
        settings.personalThresholds = [PersonalThreshold(variable: "pm2_5", label: "PM2.5, 24-h mean", unit: "µg/m³", limit: 30, badDays: 4)]
        let steps = [conditions(pm25: 35, at: Timestamp(timeIntervalSince1970: 0)), conditions(pm25: 20, at: Timestamp(timeIntervalSince1970: 0))]
        let english = await observed(steps, settings, language: .english).sent
        #expect(english == [AlertNotification(urgency: .normal, summary: "Your suspected trigger: PM2.5, 24-h mean 35 µg/m³",
                                              body: "Brooklyn: above 30 µg/m³, which your log found before 4 bad days"),
                            AlertNotification(urgency: .low, summary: "Back below your suspected trigger: PM2.5, 24-h mean 20 µg/m³",
                                              body: "Brooklyn: at or below 30 µg/m³")], "\(english)")
        let french = await observed(steps, settings, language: .french).sent
        #expect(french == [AlertNotification(urgency: .normal, summary: "Votre déclencheur suspecté : PM2.5, moyenne sur 24 h 35 µg/m³",
                                             body: "Brooklyn : au-dessus de 30 µg/m³, ce que votre journal a relevé avant 4 mauvais jours"),
                           AlertNotification(urgency: .low, summary: "De nouveau sous votre déclencheur suspecté : PM2.5, moyenne sur 24 h 20 µg/m³",
                                             body: "Brooklyn : à 30 µg/m³ ou moins")], "\(french)")
    }

    @Test("a pollen threshold names the species in the language: German grass is Gräser, its unit Pollen/m³")
    func personalPollenGerman() async {
        var settings = AlertSettings(standard: .us, hold: 1)
        settings.personal = true
        settings.personalThresholds = [PersonalThreshold(variable: "pollen_grass", label: "grass pollen, highest hour", unit: "grains/m³", limit: 20, badDays: 3)]
        let steps = [dayAhead(now: Self.start, pollenNow: [.grass: 80])]
        let german = await observed(steps, settings, language: .german).sent
        #expect(german.map(\.summary) == ["Ihr vermuteter Auslöser: Gräser-Pollen, höchste Stunde 80 Pollen/m³"], "\(german)")
        #expect(german.first?.body == "Brooklyn: über 20 Pollen/m³, was Ihr Tagebuch vor 3 schlechten Tagen fand", "\(german)")
    }
}
