import BreatherLocale
import BreatherModel

/// The words of the model in the language being rendered (`L10n.language`): each a msgid of
/// the po/ catalogs. English in the output machines read, whatever the interface language.
extension Format {
    /// A category's name as people read it: the official name in the interface language
    /// (msgctxt = the standard's id: China's "Good" is 良, the US's "Buena"), or, with
    /// `[display] native_names`, in the standard's own language (China's 优, 良 … in any interface).
    public static func categoryName(_ category: AQICategory, _ standard: AQIStandard) -> String {
        let context = standard.rawValue
        if L10n.nativeNames, let native = nativeLanguage(standard) {
            return L10n.text(category.name, context: context, in: native) ?? category.name
        }
        return tr(category.name, context: context)
    }

    /// The language a standard publishes its category names in, when not English: China's two.
    /// Canada's AQHI is officially bilingual, so its names follow the interface (English or French).
    static func nativeLanguage(_ standard: AQIStandard) -> Language? {
        switch standard {
        case .china, .china2012: .chinese
        case .us, .eu, .uk, .india: .english
        case .canada: L10n.language == .french ? .french : .english
        }
    }

    /// "low", "medium", "high", "very high" (msgctxt "asthma").
    public static func riskName(_ risk: AsthmaRisk) -> String { tr(risk.displayName, context: "asthma") }

    /// "none", "low" … "very high" of a pollen count (msgctxt "pollen").
    public static func levelName(_ level: PollenLevel) -> String { tr(level.displayName, context: "pollen") }

    /// A pollen species in words: "grass", "birch" (msgctxt "species").
    public static func speciesName(_ species: PollenType) -> String { tr(species.rawValue, context: "species") }

    /// "low", "moderate" … "extreme": the WHO's UV category (msgctxt "uv").
    public static func uvName(_ category: UVCategory) -> String { tr(category.displayName, context: "uv") }
}
