import BreatherHTTP
import BreatherModel
@testable import BreatherProviders
import Testing

/// Issue 41: an AirGradient without `pm02Compensated` (firmware before 3.1.4) and a PurpleAir
/// in the same air read the same PM2.5 and index: both are a Plantower PMS5003's raw counts,
/// and both get the US EPA correction with the sensor's own humidity.
@Suite("the same air on an AirGradient and a PurpleAir")
struct SameAirTests {
    static let airGradientReply = #"{"pm01": 80, "pm02": 120, "pm10": 150, "rco2": 420, "atmp": 27.1, "rhum": 40}"#
    static let purpleAirReply = #"""
        {"pm1_0_atm": 80, "pm1_0_atm_b": 80, "pm2_5_atm": 120, "pm2_5_atm_b": 120, "pm2_5_cf_1": 180, "pm2_5_cf_1_b": 180,
         "pm10_0_atm": 150, "pm10_0_atm_b": 150, "current_temp_f": 81, "current_humidity": 40, "pressure": 1012.3}
        """#

    // pm2_5_atm = pm02 = 120 µg/m³ at RH 40 %: 0.786·120 − 0.0862·40 + 5.75 = 94.32 − 3.448 + 5.75
    // = 96.622 µg/m³; one reading is a labelled 1-hour value: 96.6 → 151 + 49/69.9 × (96.6 − 55.5)
    // = 179.8 → 180 Unhealthy. Uncorrected, 120 → 151 + 49/69.9 × 64.5 = 196.2 → 196.
    @Test("without pm02Compensated an AirGradient reads the PurpleAir's corrected PM2.5 and index")
    func sameIndex() async throws {
        let airGradient = try await AirGradient(url: "http://ag.local", http: FakeHTTP(["/measures/current": FakeHTTP.body(Self.airGradientReply)]))
            .reading()
        let purpleAir = try await PurpleAir(url: "http://pa.local", http: FakeHTTP(["/json": FakeHTTP.body(Self.purpleAirReply)])).reading()
        #expect(abs((airGradient.pm2_5 ?? 0) - 96.622) < 1e-9)
        #expect(airGradient.pm2_5 == purpleAir.pm2_5)
        let agIndex = try #require(airGradient.pollution).report(for: .us).index
        let paIndex = try #require(purpleAir.pollution).report(for: .us).index
        #expect(agIndex.value == 180)
        #expect(paIndex.value == 180)
        #expect(airGradient.correction == AirGradient.correctedLabel)
    }

    @Test("without any humidity the raw pm02 stays and the reading says uncorrected")
    func noHumidityIsUncorrected() async throws {
        let reply = #"{"pm02": 120, "pm10": 150, "rco2": 420}"#
        let reading = try await AirGradient(url: "http://ag.local", http: FakeHTTP(["/measures/current": FakeHTTP.body(reply)])).reading()
        #expect(reading.pm2_5 == 120)
        #expect(reading.correction?.hasPrefix("uncorrected") == true)
        // Outdoors, the index it gives says so too.
        let report = try #require(reading.pollution).report(for: .us)
        #expect(report.uncorrected == AirGradient.uncorrectedLabel)
        #expect(report.index.notes.map(\.text) == ["PM2.5 \(AirGradient.uncorrectedLabel), from airgradient"])
    }

    @Test("with humidity, the corrected pm02's index says nothing of the kind")
    func correctedIsNotMarked() async throws {
        let reply = #"{"pm02": 120, "pm10": 150, "rhum": 40}"#
        let reading = try await AirGradient(url: "http://ag.local", http: FakeHTTP(["/measures/current": FakeHTTP.body(reply)])).reading()
        let report = try #require(reading.pollution).report(for: .us)
        #expect(report.uncorrected == nil)
        #expect(report.index.notes.isEmpty)
    }
}
