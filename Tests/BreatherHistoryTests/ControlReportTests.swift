@testable import BreatherHistory
import Testing

/// GINA control, reliever weeks and peak-flow zones for a designed fortnight, against the
/// answers worked out by hand.
@Suite("GINA control and peak-flow zones for a designed fortnight", .serialized)
struct ControlReportTests {
    /// Day 0 of the fortnight: Monday 2026-11-09 (UTC); "today" is day 13, Sunday 2026-11-22.
    static let monday = day0 - 11 * 86_400

    static func entry(_ day: Int, hour: Int = 21, score: Int = 2, reliever: Int? = nil, pef: Int? = nil, night: Bool? = nil,
                      limited: Bool? = nil, symptoms: [Symptom: Int] = [:]) -> LogEntry {
        LogEntry(time: monday + day * 86_400 + hour * 3600, score: score, reliever: reliever, peakFlow: pef, nightWaking: night,
                 activityLimited: limited, symptoms: symptoms)
    }

    /// One entry a day. Symptoms on days 1, 3, 5, 8, 10 (5 days in 2 weeks: more than twice a
    /// week); night waking on day 6; reliever on days 3 and 10 (2 days: not more than twice a
    /// week); a symptom rated 0 on day 12 (not a symptom day); activity never limited.
    static let fortnight: [LogEntry] = (0..<14).map { day in
        entry(day, reliever: [3: 2, 10: 4][day] ?? 0, night: day == 6, limited: false,
              symptoms: [1, 3, 5, 8, 10].contains(day) ? [.wheeze: 1] : day == 12 ? [.cough: 0] : [:])
    }

    @Test("the designed fortnight: two of four answers yes, partly controlled")
    func partly() throws {
        try withTimeZone("UTC") {
            let control = try #require(ControlReport(entries: Self.fortnight, today: Self.monday + 13 * 86_400))
            #expect(control.weeks == 2)
            #expect((control.symptomDays, control.nightDays, control.relieverDays, control.limitedDays) == (5, 1, 2, 0))
            #expect((control.daySymptoms, control.nightWaking, control.relieverNeeded, control.activityLimited) == (true, true, false, false))
            #expect(control.level == .partly)
        }
    }

    @Test("reliever on five days and activity limited once: all four yes, uncontrolled; a quiet fortnight is controlled")
    func uncontrolledAndControlled() throws {
        try withTimeZone("UTC") {
            var worse = Self.fortnight
            for day in [4, 5, 11] { worse[day].reliever = 2 }
            worse[12].activityLimited = true
            let control = try #require(ControlReport(entries: worse, today: Self.monday + 13 * 86_400))
            #expect((control.relieverDays, control.limitedDays, control.yesCount) == (5, 1, 4))
            #expect(control.level == .uncontrolled)
            let quiet = (0..<14).map { Self.entry($0, score: 1, reliever: 0) }
            #expect(ControlReport(entries: quiet, today: Self.monday + 13 * 86_400)?.level == .controlled)
            // Entries older than four weeks do not count.
            #expect(ControlReport(entries: Self.fortnight, today: Self.monday + 60 * 86_400) == nil)
        }
    }

    @Test("reliever per week: Monday to Sunday, puffs and days")
    func relieverWeeks() throws {
        withTimeZone("UTC") {
            let weeks = RelieverWeek.weeks(Self.fortnight + [Self.entry(10, hour: 7, reliever: 1)])
            #expect(weeks == [RelieverWeek(weekStart: Self.monday, puffs: 2, days: 1),
                              RelieverWeek(weekStart: Self.monday + 7 * 86_400, puffs: 5, days: 1)])
        }
    }

    @Test("peak flow against a personal best of 480: green from 80 %, yellow from 50 %, red below", arguments: [
        (480, 100, PeakFlowReading.Zone.green), (384, 80, .green), (383, 80, .yellow), (300, 63, .yellow),
        (240, 50, .yellow), (239, 50, .red), (200, 42, .red),
    ])
    func zones(pef: Int, percent: Int, zone: PeakFlowReading.Zone) {
        let readings = PeakFlowReading.readings([Self.entry(0, pef: pef)], personalBest: 480)
        #expect(readings.map(\.percent) == [percent])
        #expect(readings.map(\.zone) == [zone])
    }

    @Test("the report's table gives the answers and the zones")
    func table() throws {
        withTimeZone("UTC") {
            let entries = Self.fortnight + [Self.entry(13, hour: 8, pef: 250)]
            let report = InsightsReport(entries: entries, since: Self.monday, now: Self.monday + 13 * 86_400 + 22 * 3600, personalBest: 480) { _, _ in [:] }
            let table = InsightsFormat.table(report)
            #expect(table.contains("Asthma control (GINA, last 2 weeks): partly controlled\n"))
            #expect(table.contains("  day symptoms more than twice a week: yes (5 days)\n"))
            #expect(table.contains("  reliever more than twice a week: no (2 days)\n"))
            #expect(table.contains("  any night waking: yes (1 night)\n"))
            #expect(table.contains("  week of 2026-11-09: 2 puffs on 1 day\n"))
            #expect(table.contains("  2026-11-22 08:00  250 L/min  52 %  yellow\n"))
            #expect(table.contains("Not medical advice: follow your own asthma action plan."))
        }
    }
}
