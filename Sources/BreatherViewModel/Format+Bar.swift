#if canImport(Glibc)
import Glibc  // pow, for the sRGB curve
#elseif canImport(Musl)
import Musl
#endif
import BreatherModel

/// The short strings and the colour arithmetic of the compact bar text.
extension Format {
    /// The index's short name in a bar: "AQI" (US, China, India), "EAQI", "DAQI", "AQHI".
    public static func indexName(_ standard: AQIStandard) -> String {
        switch standard {
        case .us, .china, .china2012, .india: "AQI"
        case .eu: "EAQI"
        case .uk: "DAQI"
        case .canada: "AQHI"
        }
    }

    /// A category's name as its publisher shortens it, for a bar: EPA/AirNow's "USG", China
    /// MEE's bulletin forms (轻度, 中度 … as "Light", "Moderate"), CPCB's "Moderate",
    /// ECCC's "Low" for "Low Risk". Names already short stay as they are.
    public static func shortCategory(_ standard: AQIStandard, _ category: AQICategory) -> String {
        switch (standard, category.id) {
        case (.us, "unhealthy_for_sensitive_groups"): "USG"
        case (.us, "very_unhealthy"): "V.Unhealthy"
        case (.china, "lightly_polluted"), (.china2012, "lightly_polluted"): "Light"
        case (.china, "moderately_polluted"), (.china2012, "moderately_polluted"): "Moderate"
        case (.china, "heavily_polluted"), (.china2012, "heavily_polluted"): "Heavy"
        case (.china, "severely_polluted"), (.china2012, "severely_polluted"): "Severe"
        case (.eu, "extremely_poor"): "Ext. poor"
        case (.india, "moderately_polluted"): "Moderate"
        case (.india, "satisfactory"): "Satisf."
        case (.canada, let id) where id.hasSuffix("_risk"):
            String(category.name.dropLast(" Risk".count))
        default: category.name
        }
    }

    /// The asthma risk in a bar: "low", "med", "high", "v.high"; "" without asthma data.
    public static func shortRisk(_ risk: AsthmaRisk?) -> String {
        switch risk {
        case .low: "low"
        case .medium: "med"
        case .high: "high"
        case .veryHigh: "v.high"
        case nil: ""
        }
    }

    /// An age in a bar: "45s", "12m", "3h", "2d".
    public static func shortAge(_ seconds: Int) -> String {
        switch seconds {
        case ..<60: "\(seconds)s"
        case ..<3600: "\(seconds / 60)m"
        case ..<86_400: "\(seconds / 3600)h"
        default: "\(seconds / 86_400)d"
        }
    }

    /// Black or white, whichever reads better on `background` (`#rrggbb`). One of the two always
    /// reaches WCAG AA's 4.5:1 against any colour (the worse case, mid grey, still gives 4.6:1).
    public static func readableText(on background: String) -> String {
        contrastRatio("#000000", background) >= contrastRatio("#FFFFFF", background) ? "#000000" : "#FFFFFF"
    }

    /// WCAG 2 contrast ratio of two `#rrggbb` colours, 1…21; 1 when either is not a colour.
    public static func contrastRatio(_ first: String, _ second: String) -> Double {
        guard let a = relativeLuminance(first), let b = relativeLuminance(second) else { return 1 }
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// WCAG 2 relative luminance of a `#rrggbb` colour (sRGB channels linearised), nil if malformed.
    public static func relativeLuminance(_ color: String) -> Double? {
        let hex = color.hasPrefix("#") ? color.dropFirst() : color[...]
        guard hex.count == 6, let value = Int(hex, radix: 16) else { return nil }
        let linear = [value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF].map { channel -> Double in
            let c = Double(channel) / 255
            return c <= 0.040_45 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }
}
