import BreatherModel
@testable import BreatherProviders
import Testing

/// Issue 41: in smoke the asthma estimate takes British Columbia's AQHI-Plus, ⌈PM2.5 1-h / 10⌉,
/// as a floor under the AQHI (Canada's amended AQHI reports the higher of the two), and says so.
@Suite("asthma estimate: the AQHI-Plus floor in smoke")
struct AQHIPlusTests {
    /// µg/m³ per ppb at 25 °C, 1 atm (the AQHI's gases are in ppb; providers give µg/m³).
    static let molarVolume = 8.314_462_618 * 298.15 / 101.325

    /// Three steady hours: O3 30 ppb, NO2 10 ppb and PM2.5 `pm` µg/m³.
    static func air(pm: Double) -> Pollution {
        Pollution(source: "open-meteo", hourly: HourlySeries([
            .o3: Array(repeating: 30 * 47.9982 / molarVolume, count: 3),
            .no2: Array(repeating: 10 * 46.0055 / molarVolume, count: 3),
            .pm2_5: Array(repeating: pm, count: 3),
        ]))
    }

    @Test("⌈PM2.5 / 10⌉, at least 1", arguments: [(88.8, 9), (90.0, 9), (90.1, 10), (105, 11), (0, 1), (4, 1), (10, 1), (10.01, 2)])
    func aqhiPlus(pm: Double, expected: Int) {
        #expect(AsthmaEstimate.aqhiPlus(pm2_5OneHour: pm) == expected)
    }

    // AQHI = 1000/10.4 × [(e^(0.000871·10) − 1) + (e^(0.000537·30) − 1) + (e^(0.000487·PM) − 1)]
    //      = 96.154 × [0.008748 + 0.016241 + (e^(0.000487·PM) − 1)]
    //   PM 88.8: + 0.044195 → 6.652 → AQHI 7 (high); AQHI-Plus ⌈8.88⌉ = 9 → 9, still high, and said
    //   PM 105:  + 0.052465 → 7.447 → AQHI 7 (high); AQHI-Plus ⌈10.5⌉ = 11 → very high
    //   PM 8:    + 0.003904 → 2.778 → AQHI 3 (low); AQHI-Plus 1: the AQHI stands, no mention
    @Test("the higher of the AQHI and the AQHI-Plus sets the risk; the method says when the AQHI-Plus did", arguments: [
        (88.8, AsthmaRisk.high, "; AQHI-Plus 9 from PM2.5 1-h 88.8 µg/m³ (smoke: BC AQHI-Plus, ⌈PM2.5/10⌉)"),
        (105, .veryHigh, "; AQHI-Plus 11 from PM2.5 1-h 105 µg/m³ (smoke: BC AQHI-Plus, ⌈PM2.5/10⌉)"),
        (8, .low, ""),
    ])
    func floor(pm: Double, risk: AsthmaRisk, said: String) async throws {
        let asthma = try await AsthmaEstimate().asthma(at: place, pollution: Self.air(pm: pm))
        #expect(asthma.risk == risk)
        #expect(asthma.method == AsthmaEstimate.method + said)
    }

    @Test("with pollen counted the AQHI-Plus words stay, then the pollen's")
    func withPollen() async throws {
        var pollution = Self.air(pm: 105)
        pollution.pollen = [.grass: 2]
        let asthma = try await AsthmaEstimate().asthma(at: place, pollution: pollution)
        #expect(asthma.risk == .veryHigh)
        #expect(asthma.method?.hasSuffix("⌈PM2.5/10⌉); pollen counted (AAAAI NAB levels), not higher") == true, "\(asthma.method ?? "")")
    }
}
