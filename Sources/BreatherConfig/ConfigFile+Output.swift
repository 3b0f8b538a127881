import BreatherLocale
import BreatherViewModel

/// `[[output]]`: the files the daemon and every one-shot run keep current. An svg output takes
/// the one-shot's `--chart`, `--width` and `--height` as `chart`, `width` and `height`, with
/// the same choices and bounds; the other formats refuse them (a key that does nothing is a
/// mistake the user would want to hear about).
extension ConfigFile {
    /// Reads every `[[output]]` block into `settings.outputs`; an error names its own block's line.
    func applyOutputs(to settings: inout Settings) throws(ConfigError) {
        guard let outputs = root["output"] else { return }
        guard let array = outputs.array else { throw error("output", nil, tr("must be an array of tables: %s").filled("[[output]]")) }
        settings.outputs = []
        for item in array {
            guard let table = item.table else { throw error("output", nil, tr("each %s must be a table").filled("[[output]]")) }
            try checkKeys(table, section: "output", allowed: ["path", "format", "place", "chart", "width", "height"])
            guard let path = try outputString("path", in: table), !path.trimmingWhitespace().isEmpty else {
                throw outputError("path", in: table, "[[output]] needs a non-empty path")
            }
            guard !settings.outputs.contains(where: { $0.path == expandHome(path) }) else {
                throw outputError("path", in: table, "\"\(path)\" is given twice: each [[output]] needs its own file")
            }
            let spelled = try outputString("format", in: table) ?? "plain"
            guard let format = OutputFormat(rawValue: spelled) else {
                throw outputError("format", in: table, "unknown value \"\(spelled)\"; allowed: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            var output = OutputSettings(path: expandHome(path), format: format, image: try image(in: table, format: format))
            if let place = try outputString("place", in: table) {
                guard settings.place(named: place) != nil else {
                    throw outputError("place", in: table, "names no [[place]] \"\(place)\"; the places: \(settings.allPlaces.map(\.name).joined(separator: ", "))")
                }
                output.place = place
            }
            settings.outputs.append(output)
        }
        mark(&settings, "output")
    }

    /// The `chart`, `width` and `height` of one svg `[[output]]`, the flags' defaults for those not given.
    private func image(in table: TOMLTable, format: OutputFormat) throws(ConfigError) -> ChartImage {
        var image = ChartImage()
        let given = ["chart", "width", "height"].filter { table[$0] != nil }
        if let key = given.first, format != .svg {
            throw outputError(key, in: table, "is for format = \"svg\" (the chart image); this output's format is \"\(format.rawValue)\"")
        }
        if let spelled = try outputString("chart", in: table) {
            guard let kind = ChartImage.Kind(rawValue: spelled) else {
                throw outputError("chart", in: table, "unknown value \"\(spelled)\"; allowed: \(ChartImage.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            image.kind = kind
        }
        for key in ["width", "height"] {
            guard let value = table[key] else { continue }
            let range = ChartImage.pixels
            guard let pixels = value.int, range.contains(pixels) else {
                throw outputError(key, in: table, "must be a whole number of pixels from \(range.lowerBound) to \(range.upperBound), like \(key == "width" ? 120 : 40) (got \(value.debugDescription))")
            }
            if key == "width" { image.width = pixels } else { image.height = pixels }
        }
        return image
    }

    private func outputString(_ key: String, in table: TOMLTable) throws(ConfigError) -> String? {
        guard let value = table[key] else { return nil }
        guard let string = value.string else { throw outputError(key, in: table, tr("must be a string")) }
        return string
    }

    /// An error at `key`'s line in this `[[output]]` block (not the first block that has the key).
    private func outputError(_ key: String, in table: TOMLTable, _ reason: String) -> ConfigError {
        ConfigError(file: path, line: table.line(of: key), reason: "output.\(key): \(reason)")
    }
}
