import BreatherLocale
import BreatherModel
import Glibc

/// "Smoke likely": a rule on what the air sources give, documented in README "What to do now".
///
/// Wildfire and wood smoke is almost all fine particles: most smoke particles are under 1 µm
/// (US EPA, "Wildfire Smoke: A Guide for Public Health Officials", 2019), while desert dust,
/// pollen and road dust are mostly coarse. So smoke is likely when
/// - outdoor PM2.5 is at least `smokePM2_5` (35.5 µg/m³) and at least `smokeRatio` (80 %) of
///   PM10; or, without a PM10 reading, it also rose by `smokeRise` (20 µg/m³) in 3 hours;
/// - or PM2.5 rose by at least `smokeRise` in 3 hours and is at least `smokeRatio` of PM10 (a
///   plume arriving, before it reaches the level).
/// The 80 % share and the 20 µg/m³ rise are Breather's choices, configurable. Open-Meteo's
/// aerosol optical depth and dust are not used: Breather does not fetch them, and advice makes
/// no request of its own.
public enum Smoke {
    /// "smoke likely (PM2.5 82 µg/m³, 93% of PM10)" when the rule holds; nil otherwise.
    public static func assess(pm2_5: Double?, pm10: Double?, threeHoursAgo: Double?, settings: AdviceSettings) -> String? {
        guard let pm = pm2_5 else { return nil }
        let share = pm10.flatMap { $0 > 0 ? min(pm / $0, 1) : nil }
        let rise = threeHoursAgo.map { pm - $0 }
        let rising = (rise ?? 0) >= settings.smokeRise
        let fine = share.map { $0 >= settings.smokeRatio }
        let likely = (pm >= settings.smokePM2_5 && (fine ?? rising)) || (rising && fine == true)
        guard likely else { return nil }
        var evidence = [tr("PM2.5 %s µg/m³").filled(String(Int(pm.rounded())))]
        if let share { evidence.append(tr("%s% of PM10").filled(String(Int((share * 100).rounded())))) }
        if rising, let rise { evidence.append(tr("up %s in 3 h").filled(String(Int(rise.rounded())))) }
        return tr("smoke likely (%s)").filled(evidence.joined(separator: ", "))
    }
}

extension Advice {
    /// The dew point in °C of air at `temperature` °C and `humidity` % (Magnus formula with
    /// Sonntag's 1990 constants, as WMO's guide gives them: within 0.1 °C from −45 to 60 °C).
    public static func dewPoint(_ temperature: Double, humidity: Double) -> Double {
        let gamma = log(max(humidity, 1) / 100) + 17.62 * temperature / (243.12 + temperature)
        return 243.12 * gamma / (17.62 - gamma)
    }
}
