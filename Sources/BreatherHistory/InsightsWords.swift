import BreatherLocale
import BreatherModel

/// The words of `breather insights` and the personal-threshold notifications in the language
/// bound in `L10n.language`; the ids, json and CSV keep the English ones.
extension ExposureMetric {
    /// `label` as people read it: "ozone, highest 8-h mean", "Ozon, höchstes 8-h-Mittel".
    public var peoplesLabel: String { Self.peoplesLabel(variable: variable, english: label) }

    /// The label of the metric on `variable` (`o3`, `pollen_grass`) in the language bound;
    /// `english` for one the catalogs do not name.
    public static func peoplesLabel(variable: String, english: String) -> String {
        if variable.hasPrefix("pollen_") {
            let species = String(variable.dropFirst("pollen_".count))
            return tr("%s pollen, highest hour").filled(tr(species, context: "species"))
        }
        switch variable {
        case "pm2_5": return tr("PM2.5, 24-h mean")
        case "o3": return tr("ozone, highest 8-h mean")
        case "no2": return tr("NO2, highest hour")
        case "temperature_c": return tr("temperature, daily mean")
        case "humidity": return tr("dew point, daily mean")
        case "indoor_pm2_5": return tr("indoor PM2.5, 24-h mean")
        case "indoor_co2_ppm": return tr("indoor CO2, highest hour")
        default: return english
        }
    }

    /// The unit as people read it: "grains/m³" is words; µg/m³, °C and ppm are symbols.
    public static func peoplesUnit(_ unit: String) -> String { unit == "grains/m³" ? tr("grains/m³") : unit }
}

extension ExposureFeature {
    /// `delay` as people read it: "same day", "1 day before", "2 days before".
    public var peoplesDelay: String { lag == 0 ? tr("same day") : trn("%d day before", "%d days before", lag) }
}
