import BreatherLocale
import BreatherModel
import BreatherViewModel

/// `[alerts]`: desktop notifications when the index, the asthma risk, pollen, UV or indoor CO2
/// crosses a threshold, before a forecast crossing (`pre_alert`), and a daily outlook (`briefing`).
extension ConfigFile {
    /// Reads `[alerts]` into `settings.alerts`. The category is an id of the file's `standard`
    /// (read before this), so a typo or another standard's id is an error listing the valid ids.
    func applyAlerts(to settings: inout Settings) throws(ConfigError) {
        guard let table = try table("alerts", in: root) else { return }
        try checkKeys(table, section: "alerts", allowed: ["category", "asthma", "pollen", "uv", "pre_alert", "briefing", "hold", "co2", "advice", "personal"])
        var alerts = AlertSettings(standard: settings.standard)
        if let id = try string("category", in: table, section: "alerts") {
            let ids = settings.standard.categories.map(\.id)
            guard ids.contains(id) else {
                throw error("category", "alerts", tr("unknown category %s for standard %s; allowed: %s").filled("\"\(id)\"", "\"\(settings.standard.rawValue)\"", ids.joined(separator: ", ")))
            }
            alerts.category = id
            mark(&settings, "alerts.category")
        }
        if let level = try string("asthma", in: table, section: "alerts") {
            alerts.asthma = try choice(level, key: "asthma", section: "alerts") as AsthmaRisk
            mark(&settings, "alerts.asthma")
        }
        try applyDayAheadAlerts(table, to: &alerts, settings: &settings)
        if let value = table["hold"] {
            guard let hold = value.int, (1...100).contains(hold) else {
                throw error("hold", "alerts", tr("must be a whole number of refreshes from 1 to 100 (got %s)").filled(value.debugDescription))
            }
            alerts.hold = hold
            mark(&settings, "alerts.hold")
        }
        if let value = table["co2"] {
            guard let ppm = value.int, (400...40_000).contains(ppm) else {
                throw error("co2", "alerts", tr("must be a whole number of ppm from 400 to 40000, like 1000 (got %s)").filled(value.debugDescription))
            }
            alerts.co2PPM = ppm
            mark(&settings, "alerts.co2")
        }
        if let value = table["advice"] {
            guard let on = value.bool else { throw error("advice", "alerts", tr("must be true or false")) }
            alerts.advice = on
            mark(&settings, "alerts.advice")
        }
        if let value = table["personal"] {
            guard let personal = value.bool else { throw error("personal", "alerts", tr("must be true or false")) }
            alerts.personal = personal
            mark(&settings, "alerts.personal")
        }
        // Thresholds a forecast can cross (pre_alert needs one); CO2 is measured indoors, never forecast.
        let hasForecastThreshold = alerts.category != nil || alerts.asthma != nil || alerts.pollen != nil || alerts.uv != nil
        guard hasForecastThreshold || table["co2"] != nil || alerts.briefingMinute != nil || alerts.advice || alerts.personal else {
            throw error("alerts", nil, tr("[alerts] needs at least one of category, asthma, pollen, uv, co2, advice, briefing or personal"))
        }
        if alerts.preAlertSeconds != nil && !hasForecastThreshold {
            throw error("pre_alert", "alerts", tr("warns before a threshold is crossed: set category, asthma, pollen or uv too (co2 has no forecast)"))
        }
        settings.alerts = alerts
    }
}
