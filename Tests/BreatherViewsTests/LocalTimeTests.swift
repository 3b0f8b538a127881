import BreatherJSON
import BreatherModel
import BreatherViewModel
import BreatherViews
import Testing

/// 2026-11-18T11:06:40Z, the samples' fetch time.
let sampleInstant = Timestamp(timeIntervalSince1970: 1_795_000_000)

@Suite("local time: every time a person reads is in the zone of TZ, machine formats keep the offset")
struct LocalTimeTests {
    @Test("clock, date and RFC 3339 in a zone east and west of UTC, 24 h and 12 h")
    func formats() {
        let shanghai = LocalTime.fixed(8 * 3600)
        #expect(shanghai.clock(sampleInstant) == "19:06")
        #expect(shanghai.dateTime(sampleInstant) == "2026-11-18 19:06")
        #expect(shanghai.rfc3339(sampleInstant) == "2026-11-18T19:06:40+08:00")
        let newYork = LocalTime.fixed(-5 * 3600)
        #expect(newYork.clock(sampleInstant) == "06:06")
        #expect(newYork.rfc3339(sampleInstant) == "2026-11-18T06:06:40-05:00")
        let kolkata = LocalTime.fixed(19_800, twelveHour: true)
        #expect(kolkata.clock(sampleInstant) == "4:36 PM")
        #expect(kolkata.rfc3339(sampleInstant) == "2026-11-18T16:36:40+05:30")
        #expect(LocalTime.fixed(-11 * 3600, twelveHour: true).clock(sampleInstant) == "12:06 AM")
        #expect(LocalTime.utc.clock(sampleInstant) == "11:06 UTC", "UTC is labelled")
        #expect(LocalTime.utc.dateTime(sampleInstant) == "2026-11-18 11:06 UTC")
        #expect(LocalTime.utc.rfc3339(sampleInstant) == "2026-11-18T11:06:40Z")
    }

    @Test("TZ values glibc cannot read fall back to UTC (labelled); zone files and POSIX rules are read",
          arguments: [("Asia/Shanghai", true), (":America/New_York", true), ("EST5EDT", true), ("<+03>-3", true),
                      ("CET-1CEST", true), ("Foo/Bar", false), ("garbage", false), ("../../etc/passwd", false)])
    func zoneNames(tz: String, readable: Bool) {
        #expect(LocalTime.zoneIsReadable(tz) == readable)
    }

    @Test("TZ=Asia/Shanghai: tooltip, full text, forecast hour and outlook 8 h ahead of UTC; json keeps the offset")
    func shanghai() async throws {
        var conditions = withForecast()
        conditions.asthma?.outlook = AsthmaOutlook(risk: .high, at: Timestamp(timeIntervalSince1970: 1_795_010_400))  // 14:00 UTC
        let output = await render(conditions, standard: .eu, localTime: .fixed(8 * 3600))
        #expect(output.updated == "2026-11-18 19:06")
        #expect(output.details.contains { $0.hasPrefix("Updated 2026-11-18 19:06, ") }, "\(output.details)")
        #expect(output.forecastSummary.contains(" at 01:00, "), "17:00 UTC is 01:00 the next day in Shanghai: \(output.forecastSummary)")
        #expect(output.asthmaOutlook == "high from 22:00")
        #expect(!output.tooltip.contains("UTC"), "a readable zone needs no label: \(output.tooltip)")
        let root = JSONCursor(try JSON.parse(JSONRenderer().render(output)))
        #expect(try root["updated_at"].string() == "2026-11-18T19:06:40+08:00")
        #expect(try root["forecast"][0]["time"].string() == "2026-11-18T20:00:00+08:00")
        #expect(try root["asthma"]["outlook"]["at"].string() == "2026-11-18T22:00:00+08:00")
        #expect(try root["display"]["updated"].string() == "2026-11-18 19:06")
        let template = try TemplateRenderer("{updated_at}").render(output)
        #expect(template == "2026-11-18T19:06:40+08:00")
    }

    @Test("12-hour locales read a 12-hour clock in the forecast")
    func twelveHour() async {
        let output = await render(withForecast(), standard: .eu, localTime: .fixed(-5 * 3600, twelveHour: true))
        #expect(output.forecastSummary.contains(" at 12:00 PM, "), "\(output.forecastSummary)")
        #expect(output.updated == "2026-11-18 6:06 AM")
    }
}
