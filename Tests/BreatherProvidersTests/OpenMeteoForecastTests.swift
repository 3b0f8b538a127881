import BreatherModel
import Foundation
@testable import BreatherProviders
import Testing

@Suite("Open-Meteo: the next 24 hours' forecast")
struct OpenMeteoForecastTests {
    /// A reply as Open-Meteo sends it for past_hours=24&forecast_hours=25: 24 past hours, the
    /// current one (12:00 UTC), then 24 forecast hours whose PM2.5 is 100 + the hour's offset.
    static func body() -> String {
        let times = (0..<49).map { hour -> String in
            let day = 2 + (hour + 12) / 24, clock = (hour + 12) % 24
            return "\"2026-10-0\(day)T\(clock < 10 ? "0" : "")\(clock):00\""
        }
        let pm25 = (0..<49).map { $0 <= 24 ? "10" : "\(100 + $0 - 25)" }
        let ozone = Array(repeating: "40", count: 49)
        return """
            {"utc_offset_seconds": 0, "current": {"time": "2026-10-03T12:00", "pm2_5": 10, "ozone": 40},
             "hourly": {"time": [\(times.joined(separator: ","))], "pm2_5": [\(pm25.joined(separator: ","))],
                        "ozone": [\(ozone.joined(separator: ","))]}}
            """
    }

    @Test("forecast hours are asked for, split off after the current hour and kept by pollutant")
    func decoded() async throws {
        let http = FakeHTTP(["/aq/air-quality": FakeHTTP.body(Self.body())])
        let pollution = try await openMeteo(http).airQuality(at: place)
        #expect(http.requested[0].contains("past_hours=24&forecast_hours=97"))
        let hourly = try #require(pollution.hourly)
        #expect(hourly.values[.pm2_5]?.count == 25, "the past and the current hour only")
        #expect(hourly.latest(.pm2_5) == 10)
        let forecast = try #require(pollution.forecast)
        #expect(Timestamp.rfc3339(forecast.start) == "2026-10-03T13:00:00Z")
        #expect(forecast.hours == 24)
        #expect(forecast.series.values[.pm2_5]?.first == 100 && forecast.series.values[.pm2_5]?.last == 123)
        #expect(forecast.series.values[.o3]?.count == 24)
    }

    @Test("a reply without forecast hours (the recorded fixture) has no forecast")
    func none() async throws {
        let http = FakeHTTP(["/aq/air-quality": FakeHTTP.fixture("open-meteo/air_quality.breather_subset.json")])
        #expect(try await openMeteo(http).airQuality(at: place).forecast == nil)
    }

    @Test("an implausible forecast value is bad data, like a measured one")
    func implausible() async throws {
        let body = Self.body().replacingOccurrences(of: "123]", with: "1e9]")
        let http = FakeHTTP(["/aq/air-quality": FakeHTTP.body(body)])
        do {
            _ = try await openMeteo(http).airQuality(at: place)
            Issue.record("accepted a forecast PM2.5 of 1e9 µg/m³")
        } catch {
            #expect(error.kind == .badData)
            #expect(error.message.contains("forecast pm2_5"), "\(error.message)")
        }
    }
}

@Suite("asthma estimate: the next 24 hours")
struct AsthmaOutlookTests {
    @Test("the estimate looks ahead with the same forecast: the worst AQHI risk and when it starts")
    func outlook() async throws {
        var smoky: [Pollutant: [Double?]] = [.o3: Array(repeating: 30, count: 24), .no2: Array(repeating: 10, count: 24),
                                              .pm2_5: Array(repeating: 4, count: 24)]
        for (pollutant, value) in [(Pollutant.o3, 150.0), (.no2, 120), (.pm2_5, 200)] {
            smoky[pollutant]?.replaceSubrange(10..<16, with: Array(repeating: value, count: 6))
        }
        let start = Timestamp(timeIntervalSince1970: 1_795_003_200)
        let pollution = Pollution(source: "open-meteo", hourly: PollenEstimateTests.cleanAir,
                                  forecast: HourlyForecast(start: start, series: HourlySeries(smoky)))
        let asthma = try await AsthmaEstimate().asthma(at: place, pollution: pollution)
        #expect(asthma.risk == .low, "now is clean")
        let outlook = try #require(asthma.outlook)
        #expect(outlook.risk.severity >= AsthmaRisk.high.severity, "\(outlook)")
        let hour = Int(outlook.at.timeIntervalSince(start) / 3600)
        #expect((10..<16).contains(hour), "the first hour at the worst level lies in the smoky spell: \(hour)")
        let calm = try await AsthmaEstimate().asthma(at: place, pollution: Pollution(source: "open-meteo", hourly: PollenEstimateTests.cleanAir))
        #expect(calm.outlook == nil, "no forecast, no outlook")
    }
}
