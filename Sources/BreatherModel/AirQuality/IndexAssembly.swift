/// A category and the index range it covers (`hi == nil`: open-ended top category).
struct CategoryBand: Sendable {
    var lo: Int
    var hi: Int?
    var category: AQICategory

    /// Builds a band whose id is the snake_case of the official English name
    /// ("Unhealthy for Sensitive Groups" → `unhealthy_for_sensitive_groups`).
    init(_ lo: Int, _ hi: Int?, _ name: String, _ color: String) {
        self.lo = lo
        self.hi = hi
        let id = name.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: "_")
        self.category = AQICategory(id: id, name: name, color: color)
    }

    /// The category for `index`: the first band whose upper edge is ≥ `index`; an index
    /// above the whole table gets the top category, one below it the first.
    static func category(_ index: Int, in bands: [CategoryBand]) -> AQICategory {
        for band in bands {
            guard let hi = band.hi else { return band.category }
            if index <= hi { return band.category }
        }
        return bands[bands.count - 1].category
    }
}

/// Steps shared by the max-of-sub-indices standards.
enum IndexAssembly {
    /// The readings of pollutants the standard uses (others, e.g. CO for the EAQI, are
    /// ignored because providers send all six).
    static func relevant(_ readings: [PollutantReading], for standard: AQIStandard) -> [PollutantReading] {
        readings.filter { standard.defaultPeriod(for: $0.pollutant) != nil }
    }

    /// Pollutants whose sub-index equals `value`, each once, in the order of `subIndices`.
    static func pollutants(at value: Int, in subIndices: [SubIndex]) -> [Pollutant] {
        var result: [Pollutant] = []
        for sub in subIndices where sub.index == value && !result.contains(sub.pollutant) {
            result.append(sub.pollutant)
        }
        return result
    }

    /// AQI = max sub-index; main pollutants = every pollutant at the max (ties all listed),
    /// or none when `value <= noMainAtOrBelow` (HJ 633: no primary pollutant when AQI ≤ 50).
    /// When a sub-index at the max lies beyond the standard's table, the category says so.
    /// With no sub-index at all, a note naming the period the standard needs is the error.
    static func assemble(
        _ standard: AQIStandard, _ subIndices: [SubIndex], notes: [IndexNote] = [], noMainAtOrBelow: Int? = nil
    ) throws(AQIError) -> AirQualityIndex {
        guard let value = subIndices.map(\.index).max() else {
            if let missing = notes.first(where: { $0.needs != nil }) { throw .notIndexable(missing) }
            throw .noUsablePollutants(standard)
        }
        var main = pollutants(at: value, in: subIndices)
        if let threshold = noMainAtOrBelow, value <= threshold { main = [] }
        var category = standard.category(forIndex: value)
        if subIndices.contains(where: { $0.index == value && $0.beyondTable }), let beyond = standard.beyondCategory {
            category = beyond
        }
        return AirQualityIndex(
            standard: standard, value: value, category: category, mainPollutants: main, subIndices: subIndices, notes: notes)
    }

    /// A concentration for a note: "0.1", "850" (no trailing ".0").
    static func plain(_ x: Double) -> String {
        var text = "\((x * 1000).rounded() / 1000)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
