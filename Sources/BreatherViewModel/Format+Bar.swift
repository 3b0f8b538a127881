import BreatherLocale
#if canImport(Glibc)
import Glibc  // pow, for the sRGB curve
#elseif canImport(Musl)
import Musl
#endif
import BreatherModel

/// The short strings and the colour arithmetic of the compact bar text.
extension Format {
    /// The index's short name in a bar, different for every standard so that a reading (and a
    /// scroll to another standard) tells which index it is: "US AQI", "CN AQI" (HJ 633-2026),
    /// "CN12 AQI" (HJ 633-2012), "IN AQI" (CPCB's NAQI), "EAQI", "DAQI", "AQHI".
    public static func indexName(_ standard: AQIStandard) -> String {
        switch standard {
        case .us: "US AQI"
        case .china: "CN AQI"
        case .china2012: "CN12 AQI"
        case .india: "IN AQI"
        case .eu: "EAQI"
        case .uk: "DAQI"
        case .canada: "AQHI"
        }
    }

    /// A category's name as its publisher shortens it, for a bar: EPA/AirNow's "USG", China
    /// MEE's bulletin forms (轻度, 中度 … as "Light", "Moderate"), CPCB's "Moderate",
    /// ECCC's "Low" for "Low Risk". Names already short stay as they are.
    /// In another language the short form is the catalog's (msgctxt "<standard> short"), which
    /// may also shorten a name English keeps whole ("Beyond the AQI"); else the category's name
    /// in that language.
    public static func shortCategory(_ standard: AQIStandard, _ category: AQICategory) -> String {
        let short = englishShortCategory(standard, category)
        let language = L10n.nativeNames ? nativeLanguage(standard) ?? L10n.language : L10n.language
        if let text = L10n.text(short, context: standard.rawValue + " short", in: language) { return text }
        return short == category.name ? categoryName(category, standard) : short
    }

    static func englishShortCategory(_ standard: AQIStandard, _ category: AQICategory) -> String {
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

    /// The index named in full: the standard's table revision when Breather computed the
    /// index ("US EPA (2024)"); for a provider's own number, only what is known of it, "US AQI
    /// as reported by IQAir" (the provider does not say which revision of the tables it used).
    public static func indexTitle(_ standard: AQIStandard, _ report: AirQualityReport) -> String {
        guard !report.computed else { return standard.displayName }
        let provider = report.source.split(separator: ":").first.map(String.init) ?? report.source
        let name = switch provider {
        case "airvisual": "IQAir"
        case "waqi": "WAQI"
        default: provider
        }
        return "\(indexName(standard)) as reported by \(name)"
    }

    /// "56s" (up to 99 s, so a Retry-After of 60 counts down in seconds), "2 min", "3 h": how
    /// long until a provider is asked again.
    public static func retryIn(_ seconds: Int) -> String {
        switch seconds {
        case ..<100: "\(seconds)s"
        case ..<3600: "\((seconds + 59) / 60) min"
        default: "\((seconds + 3599) / 3600) h"
        }
    }

    /// The longest error a bar shows, `shortError`'s bound (the full text adds "Breather: ").
    public static let shortErrorLimit = 50

    /// An error for a bar, at most `shortErrorLimit` characters: the provider and the cause in
    /// a word or two, then when it is asked again: "open-meteo: timeout · retry 2 min". The
    /// air part's failure is named first (it decides the bar), then a location failure, then
    /// any other. nil when nothing failed.
    public static func shortError(_ failures: [ProviderFailure], airError: String?, source: String?,
                                  retryInSeconds: Int?) -> String? {
        let failure = shownFailure(failures)
        let what: String
        if let failure {
            what = "\(failure.provider): \(shortCause(failure))"
        } else if let airError {
            what = "\(source ?? "air"): \(clipped(Sanitized.line(airError), 36))"
        } else {
            return nil
        }
        let retry = retryInSeconds.map { " · " + tr("retry") + " \(retryIn($0))" } ?? ""
        return clipped(what, shortErrorLimit - retry.count) + retry
    }

    /// The failure the short error names: the air's first, else the location's, else any.
    static func shownFailure(_ failures: [ProviderFailure]) -> ProviderFailure? {
        failures.first(where: { $0.part == .air }) ?? failures.first(where: { $0.part == .location }) ?? failures.first
    }

    /// A failure's cause in a word or two: "timeout", "HTTP 503", "rate limited", "bad reply",
    /// else its message up to the first detail, clipped. Never a URL.
    static func shortCause(_ failure: ProviderFailure) -> String {
        let message = failure.message
        if failure.kind == .timeout { return tr("timeout", context: "error") }
        if failure.kind == .rateLimited { return message.hasPrefix("HTTP 429") || message.hasPrefix("not asked") ? tr("rate limited", context: "error") : clipped(firstClause(message), 24) }
        if message.hasPrefix("HTTP "), let code = message.split(separator: " ").dropFirst().first {
            return "HTTP \(code.filter(\.isNumber))"
        }
        if failure.kind == .badData { return tr("bad reply", context: "error") }
        return clipped(firstClause(message), 28)
    }

    /// The message up to its first ":" or "(" (where details and any URL start), without words holding "://".
    static func firstClause(_ message: String) -> String {
        let head = message.prefix { $0 != ":" && $0 != "(" }
        let words = head.split(separator: " ").filter { !$0.containsText("://") && !$0.lowercased().hasPrefix("http") }
        let text = words.joined(separator: " ")
        return text.isEmpty ? tr("failed", context: "error") : text
    }

    /// `text` cut to `limit` characters, ending in "…" when cut.
    static func clipped(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(max(0, limit - 1))) + "…"
    }

    /// The asthma risk in a bar: "low", "med", "high", "v.high"; "" without asthma data.
    public static func shortRisk(_ risk: AsthmaRisk?) -> String {
        tr(englishShortRisk(risk), context: "asthma short")
    }

    static func englishShortRisk(_ risk: AsthmaRisk?) -> String {
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
