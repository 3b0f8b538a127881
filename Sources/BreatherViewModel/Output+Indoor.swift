import BreatherModel

/// The indoor sensor's strings (`[sources] indoor`), worked out from the snapshot's conditions
/// under the standard shown: every view prints them as they are.
extension Output {
    /// The indoor PM index under the standard shown, "12" (a 1-hour value: one reading);
    /// "" without an indoor reading with particles.
    public var indoorAQI: String {
        guard let report = try? conditions?.indoor?.pollution?.report(for: standard) else { return "" }
        return standard.displayValue(report.index.value)
    }

    /// The indoor index's category under the standard shown (its word and colour beside
    /// `indoorAQI`); nil without an indoor reading with particles.
    public var indoorCategory: AQICategory? {
        (try? conditions?.indoor?.pollution?.report(for: standard))?.index.category
    }

    /// The indoor CO2, "1520 ppm"; "" without one.
    public var co2: String {
        conditions?.indoor?.co2PPM.map { "\(Int($0.rounded())) ppm" } ?? ""
    }

    /// The compact bar's index part with the indoor air beside the outdoor: "US AQI in 12 · out 54 Moderate",
    /// "in 12*" when the sensor did not answer at the latest read (12 is its last reading);
    /// nil without an indoor index (the bar then shows the outdoor index alone).
    var indoorBarPart: String? { indoorBarPart(withCategory: true) }

    /// `indoorBarPart`, "US AQI in 12 · out 54" without the outdoor category (the compact text
    /// short of room: the block's colour is the category's).
    func indoorBarPart(withCategory: Bool) -> String? {
        guard !indoorAQI.isEmpty, airQuality != nil else { return nil }
        return "\(indexName) in \(indoorAQI)\(isIndoorStale ? "*" : "") · out \(aqi)" + (withCategory ? " \(airQualityCategoryShort)" : "")
    }

    /// True when the latest read of the indoor sensor failed, so the indoor reading shown is an
    /// older one (json's `indoor.stale`).
    var isIndoorStale: Bool { data.indoor?.stale == true }

    /// The tooltip's indoor line: "Indoor (airgradient): AQI 80 · PM2.5 24.6 µg/m³ · CO2 1520 ppm ·
    /// humidity 76%", " (stale)" when the latest refresh could not read the sensor; nil without one.
    var indoorDetail: String? {
        guard let indoor = conditions?.indoor else { return nil }
        var parts: [String] = []
        if !indoorAQI.isEmpty { parts.append("\(indexName) \(indoorAQI)") }
        if let pm = indoor.pm2_5 { parts.append("PM2.5 \(Self.oneDecimal(pm)) µg/m³") }
        if !co2.isEmpty { parts.append("CO2 \(co2)") }
        if let humidity = indoor.humidity { parts.append("humidity \(Int(humidity.rounded()))%") }
        let stale = isIndoorStale ? " (stale)" : ""
        return "Indoor (\(indoor.source))\(stale): " + parts.joined(separator: " · ")
    }

    /// 24.6, 7 (no ".0").
    static func oneDecimal(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
