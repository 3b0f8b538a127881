import BreatherModel

/// One place's output, with what the bar calls it (`[[place]] short`, else its name).
public struct PlaceOutput: Sendable {
    /// The place's name (`[[place]] name`).
    public var name: String
    /// Its label in the bar: the `short` glyph or the name.
    public var label: String
    /// Its output under the standard shown.
    public var output: Output

    /// `output` for the place `name`, labelled `label` in the bar.
    public init(name: String, label: String, output: Output) {
        self.name = name
        self.label = label
        self.output = output
    }
}

extension Output {
    /// `[bar] places = "all"`: the bar line of every place, `⌂ 42 · ▣ 88` (each label and index
    /// in config order, a star on a stale one, "…" for places that no longer fit in
    /// `compactWidth`), in the colour and class of the worst place (the highest index; `shown`
    /// while none has one), with a tooltip that starts with the places' table (`placeRow`).
    public static func allPlaces(_ places: [PlaceOutput], shown: Output) -> Output {
        let ranked = places.filter { $0.output.airQuality != nil }
        let worst = ranked.max { ($0.output.airQuality?.index.value ?? 0) < ($1.output.airQuality?.index.value ?? 0) }
        var combined = worst?.output ?? shown
        var parts: [String] = []
        for (index, place) in places.enumerated() {
            let part = "\(place.label) \(place.output.airQuality == nil ? "–" : place.output.aqi)\(place.output.isStale ? "*" : "")"
            let rest = index < places.count - 1 ? " · …" : ""
            guard (parts + [part]).joined(separator: " · ").count + rest.count <= compactWidth else {
                parts.append("…")
                break
            }
            parts.append(part)
        }
        combined.placesLine = parts.joined(separator: " · ")
        combined.details = places.map(placeRow) + [""] + combined.details
        return combined
    }

    /// One row of the tooltip's table: place, index and category, main pollutant, temperature,
    /// asthma risk and age: `⌂ home: US AQI 42 Good · PM2.5 · 17°C · asthma low · 5 min ago`.
    public static func placeRow(_ place: PlaceOutput) -> String {
        let output = place.output
        let name = place.label == place.name ? place.name : "\(place.label) \(place.name)"
        // With nothing to show, why: a failed location lookup (`MainViewModel.output(failing:)`).
        guard output.hasData else { return "\(name): \(output.indexName) – (\(output.failures.first.map(RunStatus.describe) ?? "no data yet"))" }
        let index = output.airQuality == nil ? "\(output.indexName) –"
            : "\(output.indexName) \(output.aqi) \(output.airQualityCategory)"
        let asthma = output.asthmaRisk == Format.unavailable ? "" : "asthma \(output.asthmaRisk)"
        let parts = [index, output.mainPollutant, output.temperature, asthma,
                     output.age.isEmpty ? "" : "\(output.age) ago"].filter { !$0.isEmpty && $0 != Format.unavailable }
        return "\(name): " + parts.joined(separator: " · ")
    }
}
