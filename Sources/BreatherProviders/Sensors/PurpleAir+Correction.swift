import BreatherModel

/// The US EPA correction for PurpleAir PM2.5 and the EPA's A/B channel agreement rule.
///
/// The correction is the one the AirNow Fire and Smoke Map applies: Barkjohn, Gantt and
/// Clements (2021), "Development and application of a United States-wide correction for PM2.5
/// data collected with the PurpleAir sensor", Atmos. Meas. Tech. 14, 4617–4637
/// (doi:10.5194/amt-14-4617-2021), extended for smoke in the EPA's "Sensor data cleaning and
/// correction: Application on the AirNow Fire and Smoke Map" (EPA/600/R-21/…, 2021, slide 26;
/// cfpub.epa.gov dirEntryId=353088), with x the PM2.5 "cf_atm" value averaged over A and B,
/// RH the sensor's own relative humidity (%):
///
///     0 ≤ x < 30:    0.524·x − 0.0862·RH + 5.75
///     30 ≤ x < 50:   (0.786·(x/20 − 3/2) + 0.524·(1 − (x/20 − 3/2)))·x − 0.0862·RH + 5.75
///     50 ≤ x < 210:  0.786·x − 0.0862·RH + 5.75
///     210 ≤ x < 260: (0.69·(x/50 − 21/5) + 0.786·(1 − (x/50 − 21/5)))·x
///                    − 0.0862·RH·(1 − (x/50 − 21/5)) + 2.966·(x/50 − 21/5)
///                    + 5.75·(1 − (x/50 − 21/5)) + 8.84·10⁻⁴·x²·(x/50 − 21/5)
///     260 ≤ x:       2.966 + 0.69·x + 8.84·10⁻⁴·x²
///
/// The blends make the curve continuous at every seam. A result below 0 (clean air, very
/// humid) is shown as 0: no air holds negative particles.
enum PurpleAirCorrection {
    /// The words outputs show for the correction.
    static let label = "US EPA (Barkjohn et al. 2021, as the AirNow Fire and Smoke Map applies it)"
    /// The words outputs show with `correction = "none"`.
    static let uncorrectedLabel = "uncorrected (the A/B mean of pm2_5_atm as measured: correction = \"none\")"

    /// The corrected PM2.5 (µg/m³) for the A/B mean `x` of pm2_5_atm (µg/m³) at `humidity` (%).
    static func epa(_ x: Double, humidity rh: Double) -> Double {
        let corrected: Double
        switch x {
        case ..<30:
            corrected = 0.524 * x - 0.0862 * rh + 5.75
        case ..<50:
            let w = x / 20 - 3.0 / 2
            corrected = (0.786 * w + 0.524 * (1 - w)) * x - 0.0862 * rh + 5.75
        case ..<210:
            corrected = 0.786 * x - 0.0862 * rh + 5.75
        case ..<260:
            let w = x / 50 - 21.0 / 5
            corrected = (0.69 * w + 0.786 * (1 - w)) * x - 0.0862 * rh * (1 - w) + 2.966 * w + 5.75 * (1 - w)
                + 8.84e-4 * x * x * w
        default:
            corrected = 2.966 + 0.69 * x + 8.84e-4 * x * x
        }
        return max(0, corrected)
    }

    /// Why channels A and B cannot be averaged, or nil when they agree. The EPA's rule
    /// (Barkjohn et al. 2021 §3.2.3; EPA sensortoolkit `purpleair_ab_averages`; the Fire and
    /// Smoke Map's hourly cleaning): a pair is excluded when it differs by BOTH more than
    /// 5 µg/m³ AND more than 70 % of its mean, |A − B| / ((A + B)/2).
    /// `readings` over 1: `a` and `b` are the means of this hour's readings.
    static func disagreement(_ a: Double, _ b: Double, field: String, readings: Int = 1) -> String? {
        let difference = abs(a - b)
        let mean = (a + b) / 2
        guard difference > 5, mean > 0, difference / mean > 0.70 else { return nil }
        let percent = Int((difference / mean * 100).rounded())
        let what = readings > 1 ? "\(field) this hour's means of \(readings) readings" : field
        let shown = { (value: Double) in Plausibility.number(readings > 1 ? (value * 10).rounded() / 10 : value) }  // a mean to 0.1
        return "channels A and B disagree (\(what) A \(shown(a)), B \(shown(b)) µg/m³: "
            + "\(percent) % apart, over the EPA's 5 µg/m³ and 70 %); one of its two laser counters is faulty"
    }
}
