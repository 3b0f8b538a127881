import BreatherModel
import BreatherViewModel
import Testing

/// `[alerts] personal = true`: a trigger the user's log suspects, as an alert threshold on the
/// current hour, held like every other alert.
@Suite("AlertMonitor: personal thresholds from the breathing log")
struct PersonalAlertTests {
    static let pm = PersonalThreshold(variable: "pm2_5", label: "PM2.5, 24-h mean", unit: "µg/m³", limit: 30, badDays: 4)

    @Test("above the suspected level for two readings: one alert; back below for two: one all-clear")
    func crossing() async {
        var settings = AlertSettings(standard: .us)
        settings.personal = true
        settings.personalThresholds = [Self.pm]
        let sent = await alertsFor([.pm(20), .pm(35), .pm(35), .pm(35), .pm(20), .pm(20)], settings)
        #expect(sent == [Sent(2, .normal, "Your suspected trigger: PM2.5, 24-h mean 35 µg/m³"),
                         Sent(5, .low, "Back below your suspected trigger: PM2.5, 24-h mean 20 µg/m³")])
    }

    @Test("no thresholds (personal off, or nothing suspected): nothing is sent")
    func none() async {
        #expect(await alertsFor([.pm(20), .pm(90), .pm(90), .pm(90)], AlertSettings(standard: .us)) == [])
    }
}
