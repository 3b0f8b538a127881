import BreatherConfig

extension CommonOptions {
    /// Puts the flags over `settings`, marking each key's origin "flag". Returns whether the
    /// location came from `--city` (an unknown name is then a usage error, not a config one).
    /// The one-shot sends `--standard` to the view model instead (`applyingStandardFlag: false`).
    func apply(to settings: inout Settings, applyingStandardFlag: Bool = true) -> Bool {
        if applyingStandardFlag, let standard { settings.standard = standard; settings.origins["standard"] = "flag" }
        if let units { settings.units = units; settings.origins["units"] = "flag" }
        if let icons { settings.icons = icons; settings.origins["icons"] = "flag" }
        if let language { settings.language = language; settings.origins["display.language"] = "flag" }
        if let latitude, let longitude {
            settings.location.latitude = latitude
            settings.location.longitude = longitude
            settings.location.city = nil
            settings.location.name = nil
            settings.origins["location.latitude"] = "flag"
            settings.origins["location.longitude"] = "flag"
        }
        if let source {
            settings.sources.state = source
            settings.origins["sources.state"] = "flag"
        }
        guard let city else { return false }
        settings.location.city = city
        settings.location.latitude = nil
        settings.location.longitude = nil
        settings.location.name = nil
        settings.origins["location.city"] = "flag"
        return true
    }
}
