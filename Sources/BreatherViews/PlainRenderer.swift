import BreatherViewModel

/// One status line: `Brooklyn · AQI 57 Moderate (PM2.5) · 12°C · Asthma medium 63%`.
/// A stale line says so at the end; before any data the line names what failed.
public struct PlainRenderer: Renderer {
    public init() {}

    public func render(_ output: Output) -> String {
        guard output.hasData else {
            return "Breather: \(output.isLoading ? "loading…" : "no data yet (\(output.error ?? "never fetched"))")"
        }
        var parts = [output.city]
        if output.airQuality != nil {
            let main = output.mainPollutant.isEmpty ? "" : " (\(output.mainPollutant))"
            parts.append("AQI \(output.aqi) \(output.airQualityCategory)\(main)")
        } else {
            parts.append("AQI unavailable")
        }
        parts.append(output.temperature == Format.unavailable ? "temperature unavailable" : output.temperature)
        if output.asthmaRisk == Format.unavailable {
            parts.append("Asthma unavailable")
        } else {
            parts.append(["Asthma", output.asthmaRisk, output.asthmaProbability].filter { !$0.isEmpty }.joined(separator: " "))
        }
        if !output.staleness.isEmpty { parts.append(output.staleness) }
        return parts.joined(separator: " · ")
    }
}
