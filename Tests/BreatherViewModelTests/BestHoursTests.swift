import BreatherModel
import BreatherViewModel
import Testing

@Suite("The best hours outside")
struct BestHoursTests {
    /// 2026-06-15 05:30 UTC (the zone is UTC). The current hour is 05:00, the forecast starts at
    /// 06:00; the waking hours are the default 07:00–22:00, so the hours judged are 07 … 21.
    static let now = Timestamp(timeIntervalSince1970: 1_781_481_600 + 5.5 * 3600)
    static let ozone: [Int: Double] = [9: 80, 10: 95, 11: 105, 12: 120, 13: 135, 14: 150, 15: 160, 16: 140, 17: 115, 18: 100, 19: 85, 20: 70]
    static let uv: [Int: Double] = [8: 1, 9: 2, 10: 4, 11: 5, 12: 6, 13: 7, 14: 7, 15: 6, 16: 4, 17: 2, 18: 1]

    /// The designed day: 25 hours from 05:00; PM2.5 8 µg/m³ but 18 at the 07:00 and 08:00 rush
    /// (plus `extraPM` hours), ozone 60 but the afternoon hump above, grass pollen `grass`.
    static func pollution(extraPM: [Int] = [], grass: Double = 10) -> Pollution {
        let start = now.addingTimeInterval(-1800)  // 05:00
        let hours = (0..<25).map { (5 + $0) % 24 }
        let pm = hours.map { hour -> Double? in [7, 8].contains(hour) || extraPM.contains(hour) ? 18 : 8 }
        let o3 = hours.map { hour -> Double? in ozone[hour] ?? 60 }
        let forecast = HourlyForecast(start: start.addingTimeInterval(3600),
                                      series: HourlySeries([.pm2_5: Array(pm.dropFirst()), .o3: Array(o3.dropFirst())]))
        return Pollution(source: "open-meteo", observedAt: start, hourly: HourlySeries([.pm2_5: [pm[0]], .o3: [o3[0]]]),
                         forecast: forecast,
                         pollenHourly: [.grass: HourlyValues(start: start, values: Array(repeating: grass, count: 25))],
                         uv: UVIndex(index: 0, clearSky: 0, hourly: HourlyValues(start: start, values: hours.map { uv[$0] ?? 0 })))
    }

    // Worked by hand (good: PM2.5 < 15, ozone < 100, UV < 6, no pollen species at "high"):
    //   07, 08      PM2.5 18                     bad
    //   09, 10      ozone 80, 95; UV 2, 4         good   → run 09:00–11:00 (2 h)
    //   11 … 18     ozone 105 … 160 … 100         bad (UV 6–7 also at 12–15)
    //   19, 20, 21  ozone 85, 70, 60; UV 1, 0, 0  good   → run 19:00–22:00 (3 h)
    // Longest run: 19–22. Ozone spoils 8 waking hours (11–18), UV 4, PM2.5 2: ozone, which
    // peaks at 15:00 (160 µg/m³).
    @Test("a designed day: the best hours are those worked out by hand", arguments: [
        ([Int](), 10.0, "Outside: best 19–22 (ozone peaks 15:00)"),
        // PM2.5 18 at 21:00 too: two runs of 2 h (09–11 and 19–21): the earlier wins.
        ([21], 10.0, "Outside: best 09–11 (ozone peaks 15:00)"),
        // Grass pollen 250 (NAB "very high") all day: no hour is good; pollen spoils all 15.
        ([], 250.0, "Outside: no good window today (grass pollen peaks 07:00)"),
    ])
    func designedDay(_ extraPM: [Int], _ grass: Double, _ expected: String) throws {
        let hours = BestHours.hours(Self.pollution(extraPM: extraPM, grass: grass), now: Self.now)
        let best = try #require(BestHours.find(hours, settings: AdviceSettings(), localTime: .utc, now: Self.now))
        #expect(best.summary == expected)
    }

    @Test("the briefing's words for the same day")
    func briefingPart() throws {
        let good = try #require(BestHours.find(BestHours.hours(Self.pollution(), now: Self.now), settings: AdviceSettings(), localTime: .utc, now: Self.now))
        #expect(good.briefingPart == "outside best 19–22 (ozone peaks 15:00)")
        let none = try #require(BestHours.find(BestHours.hours(Self.pollution(grass: 250), now: Self.now), settings: AdviceSettings(),
                                               localTime: .utc, now: Self.now))
        #expect(none.briefingPart == "no good hours outside (grass pollen peaks 07:00)")
    }

    @Test("the waking hours come from the settings")
    func waking() throws {
        var settings = AdviceSettings()
        settings.wakingStartMinute = 9 * 60
        settings.wakingEndMinute = 11 * 60
        let hours = BestHours.hours(Self.pollution(), now: Self.now)
        let best = try #require(BestHours.find(hours, settings: settings, localTime: .utc, now: Self.now))
        #expect(best.summary == "Outside: best 09–11")
        #expect(best.worse == nil)
    }

    @Test("without a forecast there is nothing to say")
    func none() {
        #expect(BestHours.find([], settings: AdviceSettings(), localTime: .utc, now: Self.now) == nil)
        #expect(BestHours.hours(nil, now: Self.now).isEmpty)
    }
}
