@testable import BreatherApp
import BreatherJSON
import BreatherModel
import Testing

/// One Home Assistant device per place (issue 44): a place's own state topic and device, ids
/// keyed on the place's name (not its label), every config passing Home Assistant's rules.
@Suite("Home Assistant: one device per place")
struct HomeAssistantPlacesTests {
    static let config = """
        [[place]]
        name = "home"
        short = "⌂"
        latitude = 52.52
        longitude = 13.40
        [[place]]
        name = "my-school"
        short = "▣"
        latitude = 48.85
        longitude = 2.35
        [mqtt]
        url = "mqtt://127.0.0.1:1883"
        """

    @Test("another place: its own state topic, device and unique ids, keyed on its name; the place shown's are as before")
    func placeDevice() async throws {
        let (context, output) = try await HomeAssistantDiscoveryTests.output(Self.config, HomeAssistantDiscoveryTests.openMeteo())
        let settings = try #require(context.settings.mqtt)
        let shown = HomeAssistantDiscovery(settings: settings, version: "t")
        let school = HomeAssistantDiscovery(settings: settings, version: "t", place: "my-school")
        #expect(school.stateTopic == "\(settings.topicPrefix)/places/my-school/state")
        #expect(shown.stateTopic == "\(settings.topicPrefix)/state")
        #expect(school.deviceID == "\(settings.publisherID)_my_school" && shown.deviceID == settings.publisherID)
        let rules = try HomeAssistantRules.load()
        let plan = school.plan(EntityInput(output: output), pollSeconds: 300)
        #expect(!plan.present.isEmpty)
        var problems: [String] = []
        for (topic, payload) in plan.present {
            problems += rules.problems(topic: topic, payload: payload)
            guard case .object(let config)? = try? JSON.parse(payload) else { Issue.record("not json: \(topic)"); continue }
            #expect(config["unique_id"]?.string?.hasPrefix("\(settings.publisherID)_my_school_") == true)
            #expect(config["state_topic"]?.string == school.stateTopic)
            #expect(topic.contains("/\(settings.publisherID)_my_school/"))
        }
        #expect(problems.isEmpty, "\(problems)")
        // The label is in no id: a new `short` changes nothing Home Assistant keys on.
        #expect(!plan.present.keys.contains { $0.contains("▣") })
    }
}
