import BreatherModel
import BreatherTestSupport
import BreatherViewModel
import Foundation
import Testing

/// One refresh in a scripted history: a reading (steady PM2.5 in µg/m³ and an asthma risk),
/// or a failed fetch (the last reading stays on screen, stale).
enum Step: Sendable, CustomStringConvertible {
    case reading(Double, AsthmaRisk)
    case failure

    static func pm(_ pm25: Double) -> Step { .reading(pm25, .low) }
    static func risk(_ risk: AsthmaRisk) -> Step { .reading(5, risk) }

    var description: String {
        switch self {
        case let .reading(pm, risk): "\(pm)/\(risk.rawValue)"
        case .failure: "failure"
        }
    }
}

/// What one notification said, with the refresh (0-based) after which it was sent.
struct Sent: Equatable, CustomStringConvertible {
    var step: Int
    var urgency: AlertNotification.Urgency
    var summary: String

    init(_ step: Int, _ urgency: AlertNotification.Urgency, _ summary: String) {
        self.step = step
        self.urgency = urgency
        self.summary = summary
    }

    var description: String { "\(step) \(urgency.rawValue) \(summary)" }
}

/// Runs `steps` through the real view model (a minute apart) and every output, loading ones
/// included, through one monitor; each refresh's notifications are tagged with its step.
func alertsFor(_ steps: [Step], _ settings: AlertSettings, between: (Int, MainViewModel.Input) -> Void = { _, _ in }) async -> [Sent] {
    let clock = TestClock()
    let script = ScriptedFetch(steps.map { step in
        switch step {
        case let .reading(pm, risk):
            var result = conditions(pm25: pm, at: Timestamp(timeIntervalSince1970: 0))
            result.asthma = Asthma(risk: risk, source: "estimate", method: "AQHI")
            return .success(result)
        case .failure: return .failure(outage)
        }
    })
    let viewModel = MainViewModel(environment: .scripted(script, clock: clock))
    let outputs = await pollHistory(viewModel, polls: steps.count, between: between)
    var monitor = AlertMonitor(settings: settings)
    var sent: [Sent] = []
    var step = -1
    for output in outputs {
        if output.isLoading { step += 1 }
        sent += monitor.observe(output).map { Sent(step, $0.urgency, $0.summary) }
    }
    return sent
}

@Suite("AlertMonitor: histories in, notifications out")
struct AlertMonitorTests {
    static let usg = AlertSettings(standard: .us, category: "unhealthy_for_sensitive_groups")

    // US 2024 on a steady PM2.5: 35 → 99 Moderate, 40 → 112 USG, 100 → 182 Unhealthy,
    // 150 → Very Unhealthy, 300 → Hazardous.
    @Test("index crossings", arguments: [
        ("a crossing is announced once it held 2 refreshes, the recovery too",
         [Step.pm(35), .pm(40), .pm(40), .pm(40), .pm(35), .pm(35)],
         [Sent(2, .normal, "Air quality: Unhealthy for Sensitive Groups"), Sent(5, .low, "Air quality back to Moderate")]),
        ("a value wobbling on the edge never alerts", [.pm(35), .pm(40), .pm(35), .pm(40), .pm(35)], []),
        ("already bad at start-up: announced after 2 readings; no recovery message for a good start",
         [.pm(40), .pm(40)], [Sent(1, .normal, "Air quality: Unhealthy for Sensitive Groups")]),
        ("a good start sends nothing", [.pm(5), .pm(35), .pm(35)], []),
        ("failed refreshes (stale) neither trigger nor break a run", [.pm(40), .failure, .failure, .pm(40)],
         [Sent(3, .normal, "Air quality: Unhealthy for Sensitive Groups")]),
        ("stale data does not recover", [.pm(40), .pm(40), .failure, .failure, .failure, .pm(35)],
         [Sent(1, .normal, "Air quality: Unhealthy for Sensitive Groups")]),
        ("getting worse inside the alert sends nothing more", [.pm(40), .pm(40), .pm(150), .pm(150), .pm(300)],
         [Sent(1, .normal, "Air quality: Unhealthy for Sensitive Groups")]),
        ("Unhealthy is not among the top two: normal", [.pm(100), .pm(100)], [Sent(1, .normal, "Air quality: Unhealthy")]),
        ("Very Unhealthy is: critical", [.pm(150), .pm(150)], [Sent(1, .critical, "Air quality: Very Unhealthy")]),
        ("Hazardous: critical", [.pm(5), .pm(300), .pm(300)], [Sent(2, .critical, "Air quality: Hazardous")]),
    ] as [(String, [Step], [Sent])])
    func index(_ name: String, steps: [Step], expected: [Sent]) async {
        #expect(await alertsFor(steps, Self.usg) == expected, "\(name)")
    }

    @Test("hold 1 announces the first reading; hold 3 needs three")
    func hold() async {
        var settings = Self.usg
        settings.hold = 1
        #expect(await alertsFor([.pm(40), .pm(35)], settings) == [
            Sent(0, .normal, "Air quality: Unhealthy for Sensitive Groups"), Sent(1, .low, "Air quality back to Moderate"),
        ])
        settings.hold = 3
        #expect(await alertsFor([.pm(40), .pm(40), .pm(35), .pm(40), .pm(40), .pm(40)], settings) == [
            Sent(5, .normal, "Air quality: Unhealthy for Sensitive Groups"),
        ])
    }

    @Test("asthma crossings", arguments: [
        ("high or worse, held 2", AsthmaRisk.high, [Step.risk(.medium), .risk(.high), .risk(.high), .risk(.veryHigh), .risk(.medium), .risk(.medium)],
         [Sent(2, .normal, "Asthma risk high"), Sent(5, .low, "Asthma risk back to medium")]),
        ("very high is critical", .veryHigh, [.risk(.veryHigh), .risk(.veryHigh), .risk(.high), .risk(.low)],
         [Sent(1, .critical, "Asthma risk very high"), Sent(3, .low, "Asthma risk back to low")]),
        ("a failed refresh is no reading", .high, [.risk(.high), .failure, .risk(.high)], [Sent(2, .normal, "Asthma risk high")]),
    ] as [(String, AsthmaRisk, [Step], [Sent])])
    func asthma(_ name: String, level: AsthmaRisk, steps: [Step], expected: [Sent]) async {
        #expect(await alertsFor(steps, AlertSettings(standard: .us, asthma: level)) == expected, "\(name)")
    }

    @Test("index and asthma together: each its own crossing, index first")
    func both() async {
        let settings = AlertSettings(standard: .us, category: "unhealthy", asthma: .high, hold: 1)
        #expect(await alertsFor([.reading(100, .high), .reading(35, .low)], settings) == [
            Sent(0, .normal, "Air quality: Unhealthy"), Sent(0, .normal, "Asthma risk high"),
            Sent(1, .low, "Air quality back to Moderate"), Sent(1, .low, "Asthma risk back to low"),
        ])
    }

    @Test("a bar switched to another standard: still judged under the alert's, and the re-render is no new reading")
    func otherStandard() async {
        let sent = await alertsFor([.pm(40), .pm(40)], Self.usg) { index, inputs in
            if index == 0 { inputs.aqiStandard(.china) }
        }
        #expect(sent == [Sent(1, .normal, "Air quality: Unhealthy for Sensitive Groups")])
    }

    @Test("the body names the place, the index and what set it")
    func body() async {
        var monitor = AlertMonitor(settings: AlertSettings(standard: .us, category: "unhealthy", asthma: .high, hold: 1))
        let clock = TestClock()
        var reading = conditions(pm25: 100, at: clock.now)
        reading.asthma = Asthma(risk: .veryHigh, source: "estimate", method: "AQHI")
        let fetched = reading
        let viewModel = MainViewModel(environment: .init(fetch: { _ throws(ProviderFailure) in fetched }, now: { clock.now }))
        let outputs = await history(viewModel) { $0.viewDidRefresh() }
        let sent = outputs.flatMap { monitor.observe($0) }
        #expect(sent.map(\.body) == ["Brooklyn: US AQI 182 (PM2.5)", "Brooklyn: asthma risk very high (estimate)"])
    }

    @Test("the top two categories of every standard are critical", arguments: [
        (AQIStandard.us, ["very_unhealthy", "hazardous", "beyond_the_aqi"]),
        (.china, ["heavily_polluted", "severely_polluted"]),
        (.eu, ["very_poor", "extremely_poor"]),
        (.uk, ["high", "very_high"]),
        (.india, ["very_poor", "severe"]),
        (.canada, ["high_risk", "very_high_risk"]),
    ])
    func severe(standard: AQIStandard, ids: [String]) {
        #expect(standard.categories.dropFirst(standard.firstSevereCategoryIndex).map(\.id) == ids)
        #expect(Set(standard.categories.map(\.id)).count == standard.categories.count)
    }
}
