import BreatherModel

/// Breather's own asthma-risk estimate, used when no asthma provider answers: Health Canada's
/// Air Quality Health Index (from O3, NO2 and PM2.5 3-hour means) mapped onto risk levels by
/// AQHI's own health-risk bands (1–3 low, 4–6 moderate, 7–10 high, above 10 very high).
public struct AsthmaEstimate: AsthmaProvider {
    public let id = ProviderID.estimate
    public static let method = "estimate from Canada's AQHI (O3, NO2, PM2.5 3-h means)"

    public init() {}

    public func asthma(at location: Location, pollution: Pollution?) async throws(ProviderFailure) -> Asthma {
        guard let hourly = pollution?.hourly else {
            throw ProviderFailure(provider: id, part: .asthma, kind: .unavailable,
                                  message: "needs pollutant concentrations, which the air source did not give")
        }
        let aqhi: AirQualityIndex
        do {
            aqhi = try AQIStandard.canada.index(from: AQIStandard.canada.readings(from: hourly))
        } catch {
            throw ProviderFailure(provider: id, part: .asthma, kind: .unavailable,
                                  message: "cannot estimate: \(error)")
        }
        return Asthma(risk: Self.risk(forAQHI: aqhi.value), probability: nil, source: id, method: Self.method)
    }

    /// AQHI health-risk bands (Health Canada): 1–3 low, 4–6 moderate, 7–10 high, 11+ very high.
    public static func risk(forAQHI value: Int) -> AsthmaRisk {
        switch value {
        case ...3: .low
        case 4...6: .medium
        case 7...10: .high
        default: .veryHigh
        }
    }
}
