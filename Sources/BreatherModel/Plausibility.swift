#if canImport(Glibc)
import Glibc
#endif
/// The physical limits a provider's values must respect before Breather shows or indexes them.
///
/// A value outside them is nothing anyone has measured on Earth: it is a provider bug, a fill
/// value or a unit mix-up, and showing it (or averaging it into an index) would mislead. Such a
/// reply is refused as bad data (exit 65) naming the provider and the field, so the next
/// `[sources]` entry can answer. Providers are checked in one place, `ProviderRequest.decode`,
/// which every provider's decoder goes through; `history import` holds each row to the same
/// limits. They are generous on purpose (records plus a margin), so a real extreme day is
/// never refused.
public enum Plausibility {
    /// Records: −89.2 °C (Vostok, 1983) and 56.7 °C (Death Valley, 1913).
    public static let temperatureC = -100.0...70.0
    /// Relative humidity, %.
    public static let humidityPercent = 0.0...100.0
    /// Surface pressure: about 330 hPa on Everest's summit, 1084 hPa the sea-level record.
    public static let pressureHPa = 300.0...1200.0
    /// The strongest measured gust is 113 m/s (Barrow Island, 1996).
    public static let windSpeedMS = 0.0...150.0
    /// Degrees from north.
    public static let windDirectionDeg = 0.0...360.0
    /// µg/m³, any pollutant. Negative values are refused, not skipped as missing hours: they
    /// are no sensor noise Breather could correct but a broken series (or a fill value such as
    /// −999), and averaging around them would be a guess. The top is far above any index table
    /// (US PM2.5 500 is 325.4 µg/m³; CO 100 000 µg/m³ is about 87 ppm).
    public static let concentration = 0.0...100_000.0
    /// Grains/m³: the highest daily counts on record are in the tens of thousands.
    public static let pollenCount = 0.0...1_000_000.0
    /// The highest UV index measured is 43.3 (Licancabur, Bolivia, 2003).
    public static let uvIndex = 0.0...50.0
    /// A provider-given index: every scale Breather shows starts at 0 or 1, and even
    /// "Beyond the AQI" readings stay in the low thousands.
    public static let reportedIndex = 0...10_000
    /// Degrees north.
    public static let latitude = -90.0...90.0
    /// Degrees east.
    public static let longitude = -180.0...180.0

    /// "temperature_c 1e+300 °C (expected -100 to 70 °C)" when `value` is outside `range`
    /// (NaN and infinities always are), otherwise nil.
    public static func problem(_ field: String, _ value: Double?, _ range: ClosedRange<Double>, _ unit: String = "") -> String? {
        guard let value, !(value.isFinite && range.contains(value)) else { return nil }
        let suffix = unit.isEmpty ? "" : " \(unit)"
        return "\(field) \(number(value))\(suffix) (expected \(number(range.lowerBound)) to \(number(range.upperBound))\(suffix))"
    }

    /// A number as people write it: 12 (not 12.0), 0.3 (not 0.30000000000000004), 1e20 (not
    /// 9.999999999999998e+19 or 1e+20), 1.5e-7; 12 significant digits at most, which removes
    /// the binary noise of a unit conversion. A value no double holds is "over 1.8e308" (or
    /// "under -1.8e308"), never `inf`; NaN is "not a number".
    public static func number(_ value: Double) -> String {
        guard !value.isNaN else { return "not a number" }
        guard value.isFinite else { return value > 0 ? "over 1.8e308" : "under -1.8e308" }
        guard value != 0 else { return "0" }
        var exponent = Int(log10(abs(value)).rounded(.down))
        // The mantissa to 12 significant digits; rounding may carry it to 10 (9.99…98 → 10).
        var mantissa = (value / power(exponent) * 1e11).rounded() / 1e11
        if abs(mantissa) >= 10 {
            mantissa /= 10
            exponent += 1
        }
        guard mantissa.isFinite else { return trimmed("\(value)") }  // below 1e-308: no one writes these
        if exponent >= 15 || exponent < -4 { return trimmed("\((mantissa * 1e11).rounded() / 1e11)") + "e\(exponent)" }
        let digits = max(0, 11 - exponent)
        return trimmed("\((value * power(digits)).rounded() / power(digits))")
    }

    /// 10ⁿ exactly for the small n used here (1e23 and up are the nearest doubles, as literals are).
    private static func power(_ n: Int) -> Double {
        var result = 1.0
        for _ in 0..<abs(n) { result *= 10 }
        return n < 0 ? 1 / result : result
    }

    /// "12" for "12.0".
    private static func trimmed(_ text: String) -> String {
        text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// µg/m³ of particles a low-cost optical sensor can report: their datasheets stop at
    /// 1,000 (Plantower PMS5003 "effective range") to 5,000 µg/m³ (the brief's bound), and
    /// more is a fault or a fill value, not smoke.
    public static let sensorParticles = 0.0...5_000.0
    /// ppm: Sensirion's SCD4x measures up to 40,000 ppm, Senseair's S8 up to 10,000.
    public static let co2PPM = 0.0...40_000.0
    /// Sensirion's VOC and NOx indices run from 1 to 500.
    public static let sensirionIndex = 1.0...500.0
    /// Awair's TVOC range (Awair Element: 0 to 60,000 ppb).
    public static let tvocPPB = 0.0...60_000.0
    /// Awair's score runs from 0 to 100.
    public static let score = 0.0...100.0
}
