@testable import BreatherApp
import BreatherModel
import BreatherTestSupport
import BreatherViewModel
import Testing

/// Advice per place (issue 44: "Alerts and advice per place, on for the primary by default and
/// per place by `alerts = true`"): each alerting place has its own "what to do now".
@Suite("several places: advice per alerting place")
struct PlacesAdviceTests {
    @Test("an alerting place other than the one shown gets its own advice (MQTT state, notification naming it); a place without alerts none")
    func advicePerAlertingPlace() throws {
        let lines = PlacesFetchTests.config("http://127.0.0.1:9").split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0 == "name = \"work\"" ? "\($0)\nalerts = true" : String($0) }
        let context = try AppHarness.context(lines.joined(separator: "\n") + "\n[alerts]\nadvice = true\n")
        let session = try Session(context: context, source: .providers(ProviderSessionOptions(staleAfterSeconds: 600)))
        session.fetching.places.set("work", PlaceCommandTests.reading("work", latitude: 48.85, pm25: 150))
        session.fetching.places.set("gran", PlaceCommandTests.reading("gran", latitude: 41.9, pm25: 150))
        let work = try #require(session.places.output(of: "work", standard: .us))
        let advice = try #require(work.advice, "work alerts: it has advice of its own")
        #expect(advice.matters && advice.action != .unknown, "\(advice)")
        #expect(work.details.contains { $0.hasPrefix("Advice: ") }, "\(work.details)")
        let state = String(decoding: MQTTStateDocument.encode(work, node: "n"), as: UTF8.self).filter { $0 != " " }
        #expect(state.contains("\"advice\":{") && state.contains("\"action\":\"\(advice.action.rawValue)\""), "\(state)")
        #expect(session.places.output(of: "gran", standard: .us)?.advice == nil, "gran has no alerts = true")

        let shown = MainViewModel.output(of: PlaceCommandTests.reading("home", latitude: 52.52, pm25: 5), standard: .us,
                                         environment: session.places.environment)
        let notifications = session.places.otherAlerts(shown, settings: context.settings.alerts)
        #expect(notifications.contains { $0.summary.hasPrefix("▣ work: ") && $0.summary.contains(advice.action.words) }, "\(notifications)")
        #expect(!notifications.contains { $0.summary.contains("gran") })
    }
}
