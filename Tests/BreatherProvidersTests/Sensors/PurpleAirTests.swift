import Foundation
import BreatherHTTP
import BreatherJSON
import BreatherModel
@testable import BreatherProviders
import Testing

@Suite("PurpleAir local /json: channels A and B, the US EPA correction")
struct PurpleAirTests {
    func sensor(_ reply: FakeHTTP.Reply, correction: PM25Correction = .epa) -> (PurpleAir, FakeHTTP) {
        let http = FakeHTTP(["/json": reply])
        return (PurpleAir(url: "http://192.168.1.50", correction: correction, http: http), http)
    }

    @Test("a PA-II in smoke: the A/B mean of pm2_5_atm, EPA-corrected (50–210 µg/m³ segment), and the rest as measured")
    func smoke() async throws {
        let (purpleAir, http) = sensor(FakeHTTP.fixture("purpleair/json.pa-ii.smoke.json"))
        let reading = try await purpleAir.reading()
        #expect(http.requested == ["http://192.168.1.50/json"])
        // x = (191.67 + 223.62) / 2 = 207.645; 0.786·x − 0.0862·57 + 5.75 = 164.046
        #expect(close(reading.pm2_5, 164.04557))
        #expect(reading.correction == PurpleAirCorrection.label)
        #expect(close(reading.pm10, 225.01))
        #expect(close(reading.pm1, 100.895))
        #expect(close(reading.temperatureC, 23.333), "74 °F")
        #expect(reading.humidity == 57)
        #expect(reading.pressureHPa == 1016.88)
        #expect(reading.observedAt?.timeIntervalSince1970 == 1_599_788_798)
    }

    @Test("correction = none: the A/B mean as measured, marked uncorrected; the index says so")
    func uncorrected() async throws {
        let (purpleAir, _) = sensor(FakeHTTP.fixture("purpleair/json.pa-ii.smoke.json"), correction: .none)
        let reading = try await purpleAir.reading()
        #expect(close(reading.pm2_5, 207.645))
        #expect(reading.correction == PurpleAirCorrection.uncorrectedLabel)
        let pollution = try #require(reading.pollution)
        #expect(pollution.sensorUncorrected == PurpleAirCorrection.uncorrectedLabel)
        let report = try pollution.report(for: .us)
        #expect(report.uncorrected == PurpleAirCorrection.uncorrectedLabel)
        #expect(report.index.notes.map(\.text).contains("PM2.5 \(PurpleAirCorrection.uncorrectedLabel), from purpleair"))
    }

    @Test("a one-channel PA-I uses channel A alone")
    func oneChannel() async throws {
        let (purpleAir, _) = sensor(FakeHTTP.fixture("purpleair/json.pa-i.indoor.json"))
        let reading = try await purpleAir.reading()
        // 0.524·15 − 0.0862·45 + 5.75 = 9.731
        #expect(close(reading.pm2_5, 9.731))
        #expect(reading.pm10 == 16)
    }

    @Test("channels that disagree beyond the EPA's rule are a fault, not an average")
    func channelsDisagree() async {
        let (purpleAir, _) = sensor(FakeHTTP.fixture("purpleair/json.pa-ii.channels_disagree.json"))
        let failure = await sensorFailure { () throws(ProviderFailure) in try await purpleAir.reading() }
        #expect(failure?.kind == .badData)
        #expect(failure?.provider == "purpleair")
        #expect(failure?.message.hasPrefix("channels A and B disagree (pm2_5_atm A 8.2, B 41.5 µg/m³: 134 % apart") == true,
                "\(failure?.message ?? "")")
    }

    // Issue 41: EPA's A/B rule is for PM2.5. Here PM2.5 A = B = 20 µg/m³ while the PM10
    // counters read 30 and 80 (50 apart, 91 % of their mean 55: over both 5 µg/m³ and 70 %).
    // PM2.5 is kept: 0.524·20 − 0.0862·50 + 5.75 = 11.92; PM10 is the A/B mean 55, remarked.
    @Test("PM2.5 channels that agree keep the reading when the PM10 channels do not")
    func pm10DisagreementKeepsPM25() async throws {
        let reply = #"""
            {"pm2_5_atm": 20, "pm2_5_atm_b": 20, "pm2_5_cf_1": 20, "pm2_5_cf_1_b": 20, "pm10_0_atm": 30, "pm10_0_atm_b": 80,
             "pm1_0_atm": 2, "pm1_0_atm_b": 15, "current_humidity": 50, "current_temp_f": 70}
            """#
        let heard = Heard()
        let purpleAir = PurpleAir(url: "http://192.168.1.50", http: FakeHTTP(["/json": FakeHTTP.body(reply)]),
                                  remark: { heard.append($0) })
        let reading = try await purpleAir.reading()
        #expect(heard.lines.count == 2, "one log line per disagreeing pair: \(heard.lines)")
        #expect(heard.lines.last?.hasPrefix("purpleair: channels A and B disagree (pm10_0_atm A 30, B 80") == true)
        #expect(heard.lines.last?.hasSuffix("PM2.5 kept (the EPA's A/B rule is for PM2.5)") == true)
        #expect(close(reading.pm2_5, 11.92))
        #expect(reading.pm10 == 55)
        let decoded = try PurpleAir.decode(JSONCursor(try JSON.parse(reply)))
        #expect(decoded.channelFault == nil)
        #expect(decoded.otherChannels.count == 2)
        #expect(decoded.otherChannels.first?.hasPrefix("channels A and B disagree (pm1_0_atm A 2, B 15") == true, "\(decoded.otherChannels)")
    }

    @Test("as an air source the corrected value is the PM2.5 concentration indexed")
    func airQuality() async throws {
        let (purpleAir, _) = sensor(FakeHTTP.fixture("purpleair/json.pa-ii.clean.json"))
        let pollution = try await purpleAir.airQuality(at: place)
        // x = 13.0, RH 62: 0.524·13 − 0.0862·62 + 5.75 = 7.2176
        #expect(close(pollution.hourly?.latest(.pm2_5), 7.2176))
        #expect(pollution.source == "purpleair")
    }

    @Test("a negative channel value is refused before any average", arguments: [
        ("\"pm2_5_atm_b\": 223.62", "\"pm2_5_atm_b\": -223.62", "pm2_5"),
        ("\"current_humidity\": 57", "\"current_humidity\": 140", "humidity"),
    ])
    func implausible(old: String, new: String, field: String) async {
        await expectImplausible(field, provider: "purpleair") { () throws(ProviderFailure) in
            _ = try await sensor(fixture("purpleair/json.pa-ii.smoke.json", replacing: old, with: new)).0.reading()
        }
    }

    @Test("the EPA correction needs the sensor's humidity")
    func noHumidity() async {
        let (purpleAir, _) = sensor(fixture("purpleair/json.pa-ii.smoke.json", replacing: "\"current_humidity\": 57,", with: ""))
        let failure = await sensorFailure { () throws(ProviderFailure) in try await purpleAir.reading() }
        #expect(failure?.kind == .badData)
        #expect(failure?.message.hasPrefix("no current_humidity for the US EPA correction") == true)
    }
}

@Suite("US EPA PurpleAir correction (AirNow Fire and Smoke Map) and A/B rule")
struct PurpleAirCorrectionTests {
    @Test("each segment as published", arguments: [
        (20.0, 60.0, 0.524 * 20 - 0.0862 * 60 + 5.75),            // 11.058
        (40.0, 50.0, 27.64),                                         // blend, w = 0.5
        (100.0, 60.0, 0.786 * 100 - 0.0862 * 60 + 5.75),          // 79.178
        (235.0, 50.0, 200.04245),                                    // blend, w = 0.5
        (300.0, 60.0, 2.966 + 0.69 * 300 + 8.84e-4 * 300 * 300),  // 289.526
        (300.0, 10.0, 289.526),                                      // RH plays no part above 260
        (0.0, 100.0, 0.0),                                           // −2.87 shown as 0
    ])
    func segments(x: Double, rh: Double, expected: Double) {
        #expect(close(PurpleAirCorrection.epa(x, humidity: rh), expected))
    }

    @Test("continuous at every seam", arguments: [30.0, 50.0, 210.0, 260.0])
    func continuous(seam: Double) {
        let below = PurpleAirCorrection.epa(seam - 1e-9, humidity: 55)
        let above = PurpleAirCorrection.epa(seam, humidity: 55)
        #expect(abs(below - above) < 1e-3)
    }

    @Test("channels agree unless BOTH more than 5 µg/m³ and more than 70 % apart", arguments: [
        (5.0, 9.0, true), (10.0, 20.0, true), (100.0, 140.0, true), (0.0, 5.0, true),
        (1.0, 8.0, false), (8.2, 41.5, false), (0.0, 6.0, false),
    ])
    func agreement(a: Double, b: Double, agree: Bool) {
        #expect((PurpleAirCorrection.disagreement(a, b, field: "pm2_5_atm") == nil) == agree)
    }
}

/// Lines a sensor's `remark` heard, from any thread.
final class Heard: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var lines: [String] { lock.withLock { stored } }
    func append(_ line: String) { lock.withLock { stored.append(line) } }
}
