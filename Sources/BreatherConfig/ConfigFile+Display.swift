import BreatherLocale

/// `[display]`: the interface language and the standards' own category names.
extension ConfigFile {
    /// Reads `[display]` into `settings.language` and `settings.nativeNames`. A language
    /// Breather has no catalog for is an error (a typo would quietly leave the bar English).
    func applyDisplay(to settings: inout Settings) throws(ConfigError) {
        guard let table = try table("display", in: root) else { return }
        try checkKeys(table, section: "display", allowed: ["language", "native_names"])
        if let name = try string("language", in: table, section: "display") {
            guard let language = Language(locale: name) else {
                throw error("language", "display", tr("must be one of %s (got %s)").filled(Language.accepted, "\"\(name)\""))
            }
            settings.language = language
            mark(&settings, "display.language")
        }
        if let value = table["native_names"] {
            guard let on = value.bool else { throw error("native_names", "display", tr("must be true or false")) }
            settings.nativeNames = on
            mark(&settings, "display.native_names")
        }
    }
}
