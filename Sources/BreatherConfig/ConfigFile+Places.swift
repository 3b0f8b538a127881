import BreatherLocale

/// `[[place]]` tables: several places, the first the primary.
extension ConfigFile {
    /// Reads every `[[place]]` into `settings.places` and makes the first one's location
    /// `settings.location`. Each mistake names the line of its own table.
    func applyPlaces(to settings: inout Settings) throws(ConfigError) {
        guard let value = root["place"] else { return }
        guard let array = value.array, !array.isEmpty else { throw error("place", nil, tr("must be an array of tables: %s").filled("[[place]]")) }
        if root["location"] != nil {
            throw error("location", nil, tr("[location] and [[place]] cannot both be set: make [location] the first [[place]] (the primary)"))
        }
        var places: [PlaceSettings] = []
        for item in array {
            guard let table = item.table else { throw error("place", nil, tr("each %s must be a table").filled("[[place]]")) }
            let place = try readPlace(table, primary: places.isEmpty, settings: &settings)
            if places.contains(where: { $0.name == place.name }) {
                throw placeError(table, "name", "\"\(place.name)\" is given twice: each [[place]] needs its own name")
            }
            if place.location.auto, places.contains(where: \.location.auto) {
                throw placeError(table, "auto", "only one [[place]] can be located by IP address (auto = true)")
            }
            places.append(place)
        }
        settings.places = places
        settings.location = places[0].location
        // `breather config`'s location lines are the primary's: say so, with its line.
        let primary = "[[place]] \(places[0].name), \(settings.origins["place.\(places[0].name)"] ?? path)"
        for key in ["latitude", "longitude", "name", "city", "auto"] { settings.origins["location.\(key)"] = primary }
    }

    private func readPlace(_ table: TOMLTable, primary: Bool, settings: inout Settings) throws(ConfigError) -> PlaceSettings {
        for key in table.keys where !["name", "short", "latitude", "longitude", "city", "auto", "alerts"].contains(key) {
            throw placeError(table, key, "unknown key \"\(key)\" in [[place]]; allowed: name, short, latitude, longitude, city, auto, alerts")
        }
        guard let name = table["name"]?.string else {
            throw placeError(table, "name", table["name"] == nil ? "each [[place]] needs a name, like name = \"home\"" : "must be a string")
        }
        if let problem = PlaceSettings.nameProblem(name) { throw placeError(table, "name", problem) }
        var location = LocationSettings()
        location.auto = false
        let latitude = try placeNumber(table, "latitude", range: -90...90)
        let longitude = try placeNumber(table, "longitude", range: -180...180)
        if (latitude == nil) != (longitude == nil) {
            throw placeError(table, latitude == nil ? "longitude" : "latitude", "place \"\(name)\": latitude and longitude must be set together")
        }
        location.latitude = latitude
        location.longitude = longitude
        if latitude != nil { location.name = name }
        if let city = table["city"] {
            guard let text = city.string, !text.trimmingWhitespace().isEmpty else { throw placeError(table, "city", "must be a place name to geocode") }
            location.city = text
        }
        if let auto = table["auto"] {
            guard let flag = auto.bool else { throw placeError(table, "auto", tr("must be true or false")) }
            location.auto = flag
        }
        let ways = [latitude != nil, location.city != nil, location.auto].filter { $0 }.count
        if ways == 0 {
            throw placeError(table, "name", "place \"\(name)\" needs latitude and longitude, city = \"…\" or auto = true")
        }
        if ways > 1 {
            throw placeError(table, "name", "place \"\(name)\": give one of latitude/longitude, city or auto = true")
        }
        var short: String?
        if let value = table["short"] {
            guard let text = value.string, !text.trimmingWhitespace().isEmpty else { throw placeError(table, "short", "must be a short label or glyph, like \"⌂\"") }
            short = text
        }
        var alerts = primary
        if let value = table["alerts"] {
            guard let flag = value.bool else { throw placeError(table, "alerts", tr("must be true or false")) }
            alerts = flag
        }
        settings.origins["place.\(name)"] = table.line(of: "name").map { "\(path):\($0)" } ?? path
        return PlaceSettings(name: name, short: short, location: location, alerts: alerts)
    }

    private func placeNumber(_ table: TOMLTable, _ key: String, range: ClosedRange<Double>) throws(ConfigError) -> Double? {
        guard let value = table[key] else { return nil }
        guard let number = value.double ?? value.int.map(Double.init) else { throw placeError(table, key, tr("must be a number")) }
        guard range.contains(number) else {
            throw placeError(table, key, "must be between \(Int(range.lowerBound)) and \(Int(range.upperBound))")
        }
        return number
    }

    /// An error at `key`'s line in this `[[place]]` table (not the first table that has the key).
    private func placeError(_ table: TOMLTable, _ key: String, _ reason: String) -> ConfigError {
        ConfigError(file: path, line: table.line(of: key) ?? table.line(of: "name"), reason: "place.\(key): \(reason)")
    }
}
