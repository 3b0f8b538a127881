import Foundation
import BreatherHTTP
import BreatherModel
@testable import BreatherProviders
import Testing

/// The EPA's A/B rule on the hour's means (issue 41, part 4): a PurpleAir read every two minutes
/// as an air source, its kept readings' channels recorded the way the history store keeps them
/// (`HourStore`), the rule then judged on this hour's means with the new reading in them.
@Suite("PurpleAir: the A/B rule on the hour's means of PM2.5")
struct PurpleAirHourTests {
    /// A PurpleAir whose replies are `pairs` of PM2.5 channels (pm2_5_atm = pm2_5_cf_1 below
    /// 25 µg/m³, as the sensor gives them in clean air), RH 50 %, one reply per read.
    func sensor(_ pairs: [(Double, Double)], store: HourStore, heard: Heard) -> PurpleAir {
        let replies = pairs.map { a, b in
            #"{"pm2_5_atm": \#(a), "pm2_5_atm_b": \#(b), "pm2_5_cf_1": \#(a), "pm2_5_cf_1_b": \#(b), "#
                + #""pm10_0_atm": 12, "pm10_0_atm_b": 13, "current_humidity": 50, "current_temp_f": 70}"#
        }
        return PurpleAir(url: "http://192.168.1.50", http: SequenceHTTP(replies.map { FakeHTTP.body($0) }), remark: { heard.append($0) },
                         hourChannels: { _ in store.totals })
    }

    /// Reads the sensor once as an air source; a kept reading goes into the store.
    func read(_ purpleAir: PurpleAir, _ store: HourStore) async throws(ProviderFailure) -> Pollution {
        let pollution = try await purpleAir.airQuality(at: place)
        store.record(pollution.sensorChannels ?? [:])
        return pollution
    }

    // Readings at A/B 20/21, 22/20, 21/22, then 8/30: that last pair alone is 22 µg/m³ and 116 %
    // apart (over both 5 µg/m³ and 70 %), but the hour's means with it, A (20+22+21+8)/4 = 17.75
    // and B (21+20+22+30)/4 = 23.25, are 5.5 µg/m³ and 27 % apart: within the rule. PM2.5 is
    // kept: the reading's own A/B mean 19, EPA-corrected 0.524·19 − 0.0862·50 + 5.75 = 11.396.
    @Test("one reading's channels apart for a moment while the hour's means agree: PM2.5 kept, remarked once")
    func momentaryDisagreementKept() async throws {
        let store = HourStore(), heard = Heard()
        let purpleAir = sensor([(20, 21), (22, 20), (21, 22), (8, 30)], store: store, heard: heard)
        for _ in 0..<3 { _ = try await read(purpleAir, store) }
        #expect(heard.lines.isEmpty)
        let pollution = try await read(purpleAir, store)
        #expect(close(pollution.hourly?.latest(.pm2_5), 11.396))
        #expect(pollution.sensorChannels?["pm2_5_atm_a"] == 8)
        #expect(pollution.sensorChannels?["pm2_5_atm_b"] == 30)
        #expect(heard.lines.count == 2, "one line a PM2.5 field (atm, cf_1): \(heard.lines)")
        #expect(heard.lines.first?.hasPrefix("purpleair: channels A and B disagree (pm2_5_atm A 8, B 30 µg/m³: 116 % apart") == true,
                "\(heard.lines)")
        #expect(heard.lines.first?.hasSuffix("PM2.5 kept: this hour's means of 4 readings agree (the EPA's rule is on hourly means)") == true)
    }

    // Readings 20/21, then 5/40: the means (20+5)/2 = 12.5 and (21+40)/2 = 30.5 are 18 µg/m³ and
    // 84 % apart: the hour fails the rule and PM2.5 is dropped (the next source stands in).
    @Test("the hour's means apart beyond the rule: the reading is refused with one line naming the means")
    func meansDisagreeDropped() async throws {
        let store = HourStore(), heard = Heard()
        let purpleAir = sensor([(20, 21), (5, 40)], store: store, heard: heard)
        _ = try await read(purpleAir, store)
        let failure = await airFailure { () throws(ProviderFailure) in try await read(purpleAir, store) }
        #expect(failure?.kind == .badData)
        #expect(failure?.part == .air)
        #expect(failure?.message.hasPrefix("channels A and B disagree (pm2_5_atm this hour's means of 2 readings A 12.5, B 30.5 µg/m³: 84 % apart")
                == true, "\(failure?.message ?? "")")
        #expect(failure?.message.contains("\n") == false)
        #expect(heard.lines.isEmpty, "the failure is the one line: \(heard.lines)")
        #expect(store.readings == 1, "a refused reading is not recorded")
    }

    @Test("the first reading of an hour is judged alone: 5/40 with nothing stored is refused")
    func firstOfTheHourAlone() async {
        let store = HourStore(), heard = Heard()
        let purpleAir = sensor([(5, 40)], store: store, heard: heard)
        let failure = await airFailure { () throws(ProviderFailure) in try await read(purpleAir, store) }
        #expect(failure?.message.hasPrefix("channels A and B disagree (pm2_5_atm A 5, B 40 µg/m³: 156 % apart") == true,
                "\(failure?.message ?? "")")
    }

    @Test("a one-channel PA-I records no channels")
    func oneChannelNoChannels() async throws {
        let purpleAir = PurpleAir(url: "http://192.168.1.50", http: FakeHTTP(["/json": FakeHTTP.fixture("purpleair/json.pa-i.indoor.json")]),
                                  hourChannels: { _ in [:] })
        #expect(try await purpleAir.airQuality(at: place).sensorChannels == nil)
    }
}

/// The failure `call` throws; records an issue when it succeeds.
func airFailure(_ call: () async throws(ProviderFailure) -> Pollution,
                sourceLocation: SourceLocation = #_sourceLocation) async -> ProviderFailure? {
    do {
        let pollution = try await call()
        Issue.record("expected a failure, got \(pollution)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// The history store's part, as the recorder gives it (`HistoryRecorder.channelsThisHour`): the
/// sum and count of each channel this hour.
final class HourStore: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String: HourTotal] = [:]
    private var count = 0
    var totals: [String: HourTotal] { lock.withLock { stored } }
    var readings: Int { lock.withLock { count } }
    func record(_ channels: [String: Double]) {
        lock.withLock {
            count += 1
            for (name, value) in channels {
                let old = stored[name] ?? HourTotal(sum: 0, count: 0)
                stored[name] = HourTotal(sum: old.sum + value, count: old.count + 1)
            }
        }
    }
}
