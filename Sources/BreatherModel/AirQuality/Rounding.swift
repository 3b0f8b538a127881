/// Rounding helpers shared by the standards. Every standard states its own rule (see
/// `aqi-standards.md` §8 "Truncate vs round vs ceil"); these helpers make the floating-point
/// arithmetic behind those rules robust: `Int(0.29 * 100)` is 28 in binary floating point, so
/// every helper first snaps values that are within 1e-9 (relative) of a decimal boundary.
enum Rounding {
    /// Removes binary floating-point noise: a value within 1e-9 (relative) of a multiple of
    /// 10⁻⁹ is moved onto it, so 125.49999999999999 becomes 125.5.
    static func snap(_ x: Double) -> Double {
        let scaled = x * 1e9
        let nearest = scaled.rounded()
        return abs(scaled - nearest) <= max(1e-6, abs(scaled) * 1e-12) ? nearest / 1e9 : x
    }

    /// Snaps `x × 10^decimals` onto an integer or an exact half when it is within noise of one.
    private static func scaled(_ x: Double, _ decimals: Int) -> (value: Double, factor: Double) {
        var factor = 1.0
        for _ in 0..<max(0, decimals) { factor *= 10 }
        let value = x * factor
        let twice = (value * 2).rounded()
        if abs(value * 2 - twice) <= max(1e-9, abs(value) * 1e-12) { return (twice / 2, factor) }
        return (value, factor)
    }

    /// Truncates toward zero to `decimals` places (US EPA TAD §IV step 1: "truncate, do not round").
    static func truncate(_ x: Double, decimals: Int) -> Double {
        let (value, factor) = scaled(x, decimals)
        return value.rounded(.towardZero) / factor
    }

    /// Rounds half away from zero ("schoolbook") to `decimals` places (UK DAQI, India NAQI).
    static func halfUp(_ x: Double, decimals: Int = 0) -> Double {
        let (value, factor) = scaled(x, decimals)
        return value.rounded(.toNearestOrAwayFromZero) / factor
    }

    /// Rounds half to even to `decimals` places (GB/T 8170 as required by HJ 633-2026).
    static func halfEven(_ x: Double, decimals: Int = 0) -> Double {
        let (value, factor) = scaled(x, decimals)
        return value.rounded(.toNearestOrEven) / factor
    }

    /// Rounds an index half-up (US EPA TAD: 125.5 → 126) after removing float noise.
    static func indexHalfUp(_ x: Double) -> Int {
        Int(clamped(snap(x)).rounded(.toNearestOrAwayFromZero))
    }

    /// Rounds an index up (HJ 633 §4.2.6 "全部向上进位取整数") after removing float noise.
    static func indexCeil(_ x: Double) -> Int {
        Int(clamped(snap(x)).rounded(.up))
    }

    /// Keeps absurd inputs (e.g. 1e300 µg/m³ extrapolated by the US rule) convertible to `Int`.
    private static func clamped(_ x: Double) -> Double {
        x.isNaN ? 0 : min(max(x, -1e9), 1e9)
    }
}
