import BreatherModel
import BreatherTestSupport
import BreatherViewModel
import Testing

/// Berlin's offset around the spring-forward night of 2026: UTC+1 until 2026-03-29 01:00 UTC,
/// UTC+2 from then on (the clocks go from 02:00 to 03:00).
let berlinSpring = LocalTime(offsetSeconds: { $0 < utc("2026-03-29T01:00:00Z") ? 3600 : 7200 })

func utc(_ text: String) -> Timestamp { Timestamp.parse(text)! }

@Suite("the briefing's time: the next local occurrence, and a re-render at it without waiting for a poll")
struct BriefingTimeTests {
    @Test("the next 20:00 in local time: later today, else tomorrow; a summer-time change moves the instant, not the wall time",
          arguments: [
              ("2026-03-27T17:00:00Z", 20 * 60, "2026-03-27T19:00:00Z"),  // 18:00 local: today's 20:00
              ("2026-03-27T19:00:00Z", 20 * 60, "2026-03-28T19:00:00Z"),  // exactly 20:00: tomorrow's
              ("2026-03-28T19:30:00Z", 20 * 60, "2026-03-29T18:00:00Z"),  // across the change: 22.5 h later
              ("2026-03-28T19:30:00Z", 2 * 60 + 30, "2026-03-29T01:30:00Z"),  // 02:30 is skipped: just after the gap
              ("2026-03-28T22:59:30Z", 0, "2026-03-28T23:00:00Z"),  // midnight, 30 s ahead
          ])
    func nextOccurrence(now: String, minute: Int, expected: String) {
        #expect(berlinSpring.next(minuteOfDay: minute, after: utc(now)) == utc(expected))
    }

    /// One poll at 12:07:40 Berlin time (UTC+1), then the clock moved by `later` seconds and
    /// the briefing's time (12:10) sent: the outputs after the poll's, the fetches made, and
    /// what one alert monitor sent from all the outputs.
    func briefing(after later: Double) async -> (outputs: [Output], fetches: Int, sent: [AlertNotification]) {
        let clock = TestClock()
        let settings = AlertSettings(standard: .us, briefingMinute: 12 * 60 + 10)
        let reading = dayAhead(now: clock.now.addingTimeInterval(60), pm25Ahead: (0..<60).map { (26...30).contains($0) ? 80.0 : 5 })
        let script = ScriptedFetch([.success(reading), .success(reading)])
        var environment = MainViewModel.Environment.scripted(script, clock: clock).with(localTime: .fixed(3600), pollSeconds: 3600)
        environment.alerts = settings
        let outputs = await pollHistory(MainViewModel(environment: environment), polls: 1) { _, inputs in
            clock.advance(later)
            inputs.briefingTime()
        }
        var monitor = AlertMonitor(settings: settings)
        var sent: [AlertNotification] = []
        for output in outputs { sent += monitor.observe(output) }
        return (Array(outputs.dropFirst(2)), script.calls, sent)
    }

    @Test("at 12:10 with a reading 140 s old: one re-render, no fetch, the briefing sent once")
    func freshDataNoFetch() async {
        let (outputs, fetches, sent) = await briefing(after: 140)
        #expect(fetches == 1)
        #expect(outputs.map(\.isLoading) == [false])
        #expect(sent.map(\.summary) == ["Breather outlook"])
        #expect(sent.first?.body.hasPrefix("Brooklyn: Tomorrow: US AQI up to 166 Unhealthy") == true, "\(sent)")
    }

    @Test("with a reading older than the poll interval (after a suspend): one fetch first, then the briefing")
    func oldDataFetchesOnce() async {
        let (outputs, fetches, sent) = await briefing(after: 2 * 3600)
        #expect(fetches == 2)
        #expect(outputs.map(\.isLoading) == [true, false])
        #expect(sent.map(\.summary) == ["Breather outlook"])
    }

    @Test("before its time the re-render sends nothing")
    func earlyNothing() async {
        let (_, fetches, sent) = await briefing(after: 60)
        #expect(fetches == 1)
        #expect(sent.isEmpty)
    }
}
