import BreatherLocale
import BreatherModel

/// `[providers.<sensor>]` tables and the `[sources]` lists that name sensors.
extension ConfigFile {
    /// Reads one sensor's table: `url` (required, http or https), `place`, `interval` and, for
    /// a PurpleAir, `correction`.
    func applySensor(_ sensor: ProviderID, _ table: TOMLTable, to settings: inout Settings) throws(ConfigError) {
        let section = "providers.\(sensor.rawValue)"
        try checkKeys(table, section: section, allowed: ["url", "place", "interval"] + (sensor == .purpleAir ? ["correction"] : []))
        guard let url = try string("url", in: table, section: section) else {
            throw error(sensor.rawValue, "providers", tr("%s needs %s: the sensor's address on the home network").filled("[\(section)]", "url = \"http://…\""))
        }
        if let problem = ProviderURL.problem(url) { throw error("url", section, problem) }
        var sensorSettings = SensorSettings(url: url)
        mark(&settings, "\(section).url")
        if let value = try string("place", in: table, section: section) {
            if SensorPlace(rawValue: value) == nil, !settings.places.isEmpty {
                guard settings.place(named: value) != nil else {
                    throw error("place", section, tr("unknown value %s; allowed: outdoor, indoor or a [[place]] name (%s)").filled("\"\(value)\"", settings.places.map(\.name).joined(separator: ", ")))
                }
                sensorSettings.site = value  // a [[place]]'s name: the sensor stands there, in the list it is in
            } else {
                sensorSettings.place = try choice(value, key: "place", section: section)
            }
            mark(&settings, "\(section).place")
        }
        if let value = try string("interval", in: table, section: section) {
            guard let seconds = ConfigDuration.parseSeconds(value), (1...86_400).contains(seconds) else {
                throw error("interval", section, tr("must be a duration from %s to %s, like %s (got %s)").filled("1s", "1d", "\"1m\"", "\"\(value)\""))
            }
            if seconds < 10 {
                // Allowed for tests and experiments: every reading is a row in the history store.
                settings.warnings.append("\(path): " + tr("[%s] interval %s is below 10s: each reading fills the history store").filled(section, value))
            }
            sensorSettings.intervalSeconds = seconds
            mark(&settings, "\(section).interval")
        }
        if let value = try string("correction", in: table, section: section) {
            sensorSettings.correction = try choice(value, key: "correction", section: section)
            mark(&settings, "\(section).correction")
        }
        settings.providers.sensors[sensor] = sensorSettings
    }

    /// Every sensor a `[sources]` list names has a `[providers.<id>] url`, stands in one list
    /// only, and is not placed against the list it is in (an indoor sensor's particles are no
    /// stand-in for the outdoor air).
    func checkSensorSources(_ settings: Settings) throws(ConfigError) {
        for (key, ids, place) in [("air", settings.sources.air, SensorPlace.outdoor), ("indoor", settings.sources.indoor, .indoor)] {
            for id in ids where ProviderID.sensors.contains(id) {
                guard let sensor = settings.providers.sensors[id] else {
                    throw error(key, "sources", tr("names %s, which needs %s (its address on the home network)").filled(id.rawValue, "[providers.\(id.rawValue)] url = \"http://…\""))
                }
                if let placed = sensor.place, placed != place {
                    throw error(key, "sources", tr("names %s, whose %s place is %s: list it in %s").filled(id.rawValue, "[providers.\(id.rawValue)]", "\"\(placed.rawValue)\"",
                                                                          placed == .indoor ? "[sources] indoor" : "[sources] air"))
                }
            }
        }
        if let both = settings.sources.indoor.first(where: settings.sources.air.contains) {
            throw error("indoor", "sources", tr("names %s, which %s names too: a sensor stands indoors or outdoors").filled(both.rawValue, "[sources] air"))
        }
    }
}
