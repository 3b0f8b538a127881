import BreatherModel
@testable import BreatherProviders
import Testing

@Suite("Open-Meteo: each hour's time for the history, and past days for a new place")
struct OpenMeteoBackfillTests {
    @Test("every hourly value carries its hour, the current one last")
    func hourlyTimes() async throws {
        let http = FakeHTTP(["/aq/air-quality": FakeHTTP.body(OpenMeteoForecastTests.body())])
        let pollution = try await openMeteo(http).airQuality(at: place)
        let times = try #require(pollution.hourlyTimes)
        #expect(times.count == pollution.hourly?.values[.pm2_5]?.count)
        #expect(Timestamp.rfc3339(times.first!) == "2026-10-02T12:00:00Z")
        #expect(Timestamp.rfc3339(times.last!) == "2026-10-03T12:00:00Z")
    }

    @Test("a current value after the hourly block is the last time")
    func currentAppended() async throws {
        let body = """
            {"utc_offset_seconds": 0, "current": {"time": "2026-10-03T12:00", "pm2_5": 22.1},
             "hourly": {"time": ["2026-10-03T10:00", "2026-10-03T11:00"], "pm2_5": [20, 21]}}
            """
        let pollution = try await openMeteo(FakeHTTP(["/aq/air-quality": FakeHTTP.body(body)])).airQuality(at: place)
        #expect(pollution.hourly?.values[.pm2_5] == [20, 21, 22.1])
        #expect(pollution.hourlyTimes?.map(Timestamp.rfc3339) == ["2026-10-03T10:00:00Z", "2026-10-03T11:00:00Z", "2026-10-03T12:00:00Z"])
    }

    @Test("a place the history lacks asks for past_days instead of 24 past hours, capped at 92")
    func pastDays() async throws {
        for (asked, sent) in [(7, "past_days=7&"), (400, "past_days=92&")] {
            let http = FakeHTTP(["/aq/air-quality": FakeHTTP.body(OpenMeteoForecastTests.body())])
            let provider = OpenMeteo(forecastURL: "http://x/fc", airQualityURL: "http://x/aq", geocodingURL: "http://x/geo", http: http,
                                     backfillDays: { _ in asked })
            _ = try await provider.airQuality(at: place)
            #expect(http.requested[0].contains(sent), "\(http.requested[0])")
            #expect(!http.requested[0].contains("past_hours"))
        }
    }
}
