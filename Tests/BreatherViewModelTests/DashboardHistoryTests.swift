import BreatherModel
import BreatherViewModel
import Testing

@Suite("the dashboard's history bars: 48 hours and 30 local days from the store's hourly indices")
struct DashboardHistoryTests {
    /// 2026-11-18 11:00 UTC, the last hour of the history.
    static let lastHour = 1_795_000_000 / 3600 * 3600

    static func history(_ hourly: [Int?]) -> IndexHistory {
        IndexHistory(start: Timestamp(timeIntervalSince1970: Double(lastHour - (hourly.count - 1) * 3600)), hourly: hourly)
    }

    @Test("the last 48 hours, oldest first, the current hour last, gaps kept, each with the standard's category and its text")
    func hours() throws {
        var hourly = [Int?](repeating: 40, count: DashboardHistory.hoursRead)
        hourly[hourly.count - 1] = 160
        hourly[hourly.count - 2] = nil
        let bars = DashboardHistory.build(Self.history(hourly), standard: .us, localTime: .utc)
        #expect(bars.hours.count == 48)
        let last = try #require(bars.hours.last)
        #expect(last.label == "11:00" && last.value == 160 && last.text == "160" && last.category?.name == "Unhealthy")
        #expect(bars.hours[46].value == nil && bars.hours[46].category == nil && bars.hours[46].text == "")
        #expect(bars.hours[0].label == "12:00" && bars.hours[0].category?.id == "good")
    }

    @Test("each local day's highest hour, today last, in the zone's days (UTC+10 here)")
    func days() throws {
        // The last hour is 11:00 UTC, 21:00 local on 11-18.
        var hourly = [Int?](repeating: nil, count: DashboardHistory.hoursRead)
        hourly[hourly.count - 11] = 90   // 01:00 UTC = 11:00 local, today
        hourly[hourly.count - 22] = 130  // 14:00 UTC on 11-17 = 00:00 local, today's first hour
        hourly[hourly.count - 23] = 300  // 13:00 UTC on 11-17 = 23:00 local, yesterday's last
        let bars = DashboardHistory.build(Self.history(hourly), standard: .us, localTime: .fixed(10 * 3600))
        #expect(bars.days.count == 30)
        let today = try #require(bars.days.last)
        #expect(today.label == "11-18" && today.value == 130 && today.category?.id == "unhealthy_for_sensitive_groups")
        #expect(bars.days[28].label == "11-17" && bars.days[28].value == 300)
        #expect(bars.days[..<28].allSatisfy { $0.value == nil })
    }

    @Test("AQHI's top value prints as the standard prints it")
    func aqhiText() throws {
        let bars = DashboardHistory.build(Self.history([11, 3]), standard: .canada, localTime: .utc)
        #expect(bars.hours.map(\.text) == ["10+", "3"])
    }

    @Test("no history, or not one reading in it: nothing to draw")
    func none() {
        #expect(DashboardHistory.build(nil, standard: .us, localTime: .utc) == .none)
        #expect(DashboardHistory.build(Self.history([nil, nil]), standard: .us, localTime: .utc) == .none)
    }
}
