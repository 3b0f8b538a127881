import BreatherModel

/// Smoke and the asthma estimate: the AQHI's 3-hour means and its small PM2.5 coefficient
/// under-read wildfire smoke. British Columbia's AQHI-Plus, ⌈PM2.5 1-h / 10⌉ (µg/m³), is what
/// BC reports in smoke, and Canada's amended AQHI reports it in place of the AQHI when it is the
/// higher of the two; Yao, Stieb, Taylor and Henderson, "Assessment of the Air Quality Health
/// Index (AQHI) and four alternate AQHI-Plus amendments for wildfire seasons in British
/// Columbia", Can J Public Health 111 (2020) 96–106, found that amendment tracked asthma-related
/// outcomes best. The estimate takes it as a floor: the higher of the AQHI and the AQHI-Plus of
/// the current hour's PM2.5 (88.8 µg/m³ → 9 where the AQHI may give 7), and says so.
extension AsthmaEstimate {
    /// BC's AQHI-Plus for a 1-hour PM2.5 concentration in µg/m³: ⌈PM2.5 / 10⌉, at least 1.
    public static func aqhiPlus(pm2_5OneHour pm: Double) -> Int {
        // 1e-9 keeps 90.000000001 (binary noise for 90) at 9, as 90 / 10 is.
        max(1, Int((pm / 10 - 1e-9).rounded(.up)))
    }

    /// The AQHI value the estimate uses for `series` (current hour last): the AQHI, or the
    /// AQHI-Plus of the current hour's PM2.5 when that is higher, with what raised it.
    static func airValue(_ series: HourlySeries) throws(AQIError) -> (value: Int, plus: (value: Int, pm: Double)?) {
        let aqhi = try AQIStandard.canada.index(from: AQIStandard.canada.readings(from: series)).value
        guard let last = series.values[.pm2_5]?.last, let pm = last, pm.isFinite, pm >= 0 else { return (aqhi, nil) }
        let plus = aqhiPlus(pm2_5OneHour: pm)
        return plus > aqhi ? (plus, (plus, pm)) : (aqhi, nil)
    }

    /// The method's words when the AQHI-Plus set the value: "…; AQHI-Plus 9 from PM2.5 1-h
    /// 88.8 µg/m³ (smoke: BC AQHI-Plus, ⌈PM2.5/10⌉)".
    static func plusMethod(_ plus: (value: Int, pm: Double)) -> String {
        var pm = "\((plus.pm * 10).rounded() / 10)"
        if pm.hasSuffix(".0") { pm.removeLast(2) }
        return method + "; AQHI-Plus \(plus.value) from PM2.5 1-h \(pm) µg/m³ (smoke: BC AQHI-Plus, ⌈PM2.5/10⌉)"
    }
}
