import BreatherJSON
import BreatherModel
import BreatherViewModel
import BreatherViews
import Foundation
import Testing

/// Conditions whose NO2, O3 and PM2.5 3-h means are 20 ppb, 30 ppb and 10 µg/m³ (AQHI 4).
func aqhiSample() -> CityConditions {
    var conditions = sample()
    // 20 ppb NO2 = 37.64 µg/m³, 30 ppb O3 = 58.90 µg/m³ at 25 °C (reference §7).
    conditions.pollution = Pollution(source: "open-meteo", hourly: HourlySeries([
        .no2: Array(repeating: 20 * 46.01 / 24.45, count: 24), .o3: Array(repeating: 30 * 48.0 / 24.45, count: 24),
        .pm2_5: Array(repeating: 10, count: 24),
    ]))
    return conditions
}

@Suite("the AQHI is a sum of terms in every view, not sub-indices")
struct AQHITermsTests {
    @Test("json: each term has index null and its contribution; no main pollutant")
    func json() async throws {
        let output = await render(aqhiSample(), standard: .canada)
        let air = JSONCursor(try JSON.parse(JSONRenderer().render(output)))["air_quality"]
        #expect(try air["aqi"].int() == 4)
        #expect(air["main_pollutant"].isNull)
        let terms = try air["sub_indices"].array()
        #expect(try terms.map { try $0["pollutant"].string() } == ["no2", "o3", "pm2_5"])
        #expect(terms.allSatisfy { $0["index"].isNull })
        #expect(try terms.map { (try $0["contribution"].double() * 100).rounded() / 100 } == [1.69, 1.56, 0.47])
    }

    @Test("json: max-of-sub-indices standards keep integer indices and no contribution")
    func jsonUS() async throws {
        let output = await render(aqhiSample(), standard: .us)
        let air = JSONCursor(try JSON.parse(JSONRenderer().render(output)))["air_quality"]
        // US Equation 1 on the same means: PM2.5 NowCast 10.0 µg/m³ → 49/26.3 × 0.9 + 51 = 52.7 → 53;
        // NO2 1-h 20 ppb → 50/53 × 20 = 18.9 → 19; O3 8-h 0.030 ppm → 50/0.054 × 0.030 = 27.8 → 28.
        let indices = try Dictionary(uniqueKeysWithValues: air["sub_indices"].array().map {
            (try $0["pollutant"].string(), try $0["index"].int())
        })
        #expect(indices == ["pm2_5": 53, "no2": 19, "o3": 28])
        #expect(try air["aqi"].int() == 53)
        #expect(try air["sub_indices"].array().allSatisfy { !$0["contribution"].exists })
    }

    @Test("tooltip details name the basis and each term's share")
    func details() async {
        let output = await render(aqhiSample(), standard: .canada)
        #expect(output.details.contains("  AQHI from 3-h means of NO2, O3, PM2.5"))
        #expect(output.details.contains("  NO2 +1.69 (20.0 ppb, 3h)"))
        #expect(output.details.contains("  PM2.5 +0.47 (10.0 µg/m³, 3h)"))
    }

    @Test("prometheus exports no sub-index for the AQHI, but the AQHI itself and the concentrations")
    func prometheus() async {
        let text = PrometheusRenderer().render(await render(aqhiSample(), standard: .canada))
        #expect(text.contains("breather_aqi{standard=\"canada\""))
        #expect(!text.contains("breather_aqi_sub_index{standard=\"canada\""))
        #expect(text.contains("breather_aqi_sub_index{standard=\"us\""))
        #expect(text.contains("breather_pollutant_concentration{"))
    }
}
