/// An interface language Breather has a catalog for (English is the msgids themselves).
/// Raw values are the catalogs' names in `po/` and what `--language` and `[display] language` accept.
public enum Language: String, CaseIterable, Sendable, Hashable {
    case english = "en"
    case chinese = "zh_CN"
    case french = "fr"
    case german = "de"
    case spanish = "es"

    /// The language a locale name asks for: "fr", "fr_CA.UTF-8", "de_DE@euro", "zh_CN.UTF-8",
    /// "zh" and "es_MX" find their catalog; "C", "POSIX" and "en_GB" are English; nil for a
    /// language Breather has no catalog for ("ja_JP") and for an empty name.
    public init?(locale: String) {
        var name = Substring(locale)
        if let cut = name.firstIndex(where: { $0 == "." || $0 == "@" }) { name = name[..<cut] }
        let parts = name.split(whereSeparator: { $0 == "_" || $0 == "-" })
        guard let first = parts.first else { return nil }
        if name == "C" || name == "POSIX" { self = .english; return }
        switch first.lowercased() {
        case "en": self = .english
        case "zh":
            // Only Simplified Chinese has a catalog: zh_TW / zh_HK (Traditional) are not it.
            let region = parts.count > 1 ? parts[1].uppercased() : "CN"
            guard region == "CN" || region == "SG" || region == "HANS" else { return nil }
            self = .chinese
        case "fr": self = .french
        case "de": self = .german
        case "es": self = .spanish
        default: return nil
        }
    }

    /// The language from the environment as gettext reads it: `LANGUAGE` (a colon-separated
    /// list, the first one with a catalog wins), then the first of `LC_ALL`, `LC_MESSAGES` and
    /// `LANG` that is set and not empty. gettext ignores `LANGUAGE` when the locale is "C";
    /// Breather does not, so `LANGUAGE=fr` alone in a systemd unit is enough. English when
    /// nothing names a language Breather has a catalog for.
    public static func fromEnvironment(_ environment: (String) -> String?) -> Language {
        if let list = environment("LANGUAGE") {
            for name in list.split(separator: ":") {
                if let language = Language(locale: String(name)) { return language }
            }
        }
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment(key), !value.isEmpty { return Language(locale: value) ?? .english }
        }
        return .english
    }

    /// The names `--language` and `[display] language` accept, for the error line and the manual.
    public static let accepted = "en, zh_CN, fr, de, es (or a locale name such as fr_FR.UTF-8, C, POSIX)"

    /// True for the languages whose numbers take a decimal comma ("3,4 m/s").
    public var usesDecimalComma: Bool { self == .french || self == .german || self == .spanish }

    /// gettext's `Plural-Forms` header for this language: the catalog's header must say the same.
    public var pluralForms: String {
        switch self {
        case .chinese: "nplurals=1; plural=0;"
        case .french: "nplurals=2; plural=(n > 1);"
        case .english, .german, .spanish: "nplurals=2; plural=(n != 1);"
        }
    }

    /// The index of the plural form for `count`, by `pluralForms`' rule.
    public func pluralIndex(_ count: Int) -> Int {
        switch self {
        case .chinese: 0
        case .french: count > 1 ? 1 : 0
        case .english, .german, .spanish: count != 1 ? 1 : 0
        }
    }
}
