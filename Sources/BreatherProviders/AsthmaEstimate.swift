import BreatherModel

/// Breather's own asthma-risk estimate, used when no asthma provider answers: Health Canada's
/// Air Quality Health Index (from O3, NO2 and PM2.5 3-hour means) mapped onto risk levels by
/// AQHI's own health-risk bands (1–3 low, 4–6 moderate, 7–10 high, above 10 very high),
/// then raised to the pollen level where the air source reports pollen (Open-Meteo, Europe):
/// pollen is a major asthma trigger the AQHI does not see. Pollen levels follow the AAAAI
/// National Allergy Bureau count scale (see `PollenLevel`); low→low, moderate→medium,
/// high→high, very high→very_high, and the estimate is the higher of the two.
public struct AsthmaEstimate: AsthmaProvider {
    /// `estimate`.
    public let id = ProviderID.estimate
    /// Computed from the air data already fetched: no request.
    public let needsNetwork = false
    /// The `Asthma.method` of an estimate from the AQHI alone.
    public static let method = "estimate from Canada's AQHI (O3, NO2, PM2.5 3-h means)"
    /// The `Asthma.method` when the air source's pollen counts raised the risk above the AQHI's.
    public static let pollenMethod = method + pollenSuffix
    static let pollenSuffix = " raised by pollen (AAAAI NAB count levels)"
    /// The `Asthma.method` when pollen counts were there but did not raise the risk (all 0, or
    /// no higher than the AQHI's level): saying "raised by pollen" then would be untrue.
    public static let pollenCheckedMethod = method + pollenCheckedSuffix
    static let pollenCheckedSuffix = "; pollen counted (AAAAI NAB levels), not higher"

    /// The estimator; it needs no configuration or network.
    public init() {}

    /// The estimate from `pollution`'s hourly concentrations (and pollen when present); throws `unavailable` without concentrations.
    public func asthma(at location: Location, pollution: Pollution?) async throws(ProviderFailure) -> Asthma {
        guard let hourly = pollution?.hourly else {
            throw ProviderFailure(provider: id, part: .asthma, kind: .unavailable,
                                  message: "needs pollutant concentrations, which the air source did not give")
        }
        let air: (value: Int, plus: (value: Int, pm: Double)?)
        do {
            air = try Self.airValue(hourly)
        } catch {
            throw ProviderFailure(provider: id, part: .asthma, kind: .unavailable,
                                  message: "cannot estimate: \(error)")
        }
        let fromAir = Self.risk(forAQHI: air.value)
        let outlook = pollution.flatMap(Self.outlook)
        let base = air.plus.map(Self.plusMethod) ?? Self.method
        guard let pollen = pollution?.pollen else {
            return Asthma(risk: fromAir, probability: nil, source: id.rawValue, method: base, outlook: outlook)
        }
        let fromPollen = Self.risk(forPollen: Self.pollenLevel(pollen))
        let raised = fromPollen.severity > fromAir.severity
        return Asthma(risk: raised ? fromPollen : fromAir, probability: nil, source: id.rawValue,
                      method: base + (raised ? Self.pollenSuffix : Self.pollenCheckedSuffix), outlook: outlook)
    }

    /// The worst AQHI risk over the forecast hours (the first hour at that level), the same
    /// look-ahead the index's outlook uses; nil without a forecast. Pollen has no forecast
    /// here, so the outlook is the air's alone.
    static func outlook(_ pollution: Pollution) -> AsthmaOutlook? {
        guard let ahead = pollution.forecast else { return nil }
        var worst: AsthmaOutlook?
        for offset in 0..<min(ahead.hours, 24) {
            // The model's own past with its future (`Pollution.forecastSeries`), never a sensor's past.
            guard let series = pollution.forecastSeries(through: offset) else { break }
            guard let air = try? Self.airValue(series) else { continue }
            let risk = Self.risk(forAQHI: air.value)
            if worst.map({ risk.severity > $0.risk.severity }) ?? true {
                worst = AsthmaOutlook(risk: risk, at: ahead.time(ofHour: offset))
            }
        }
        return worst
    }

    /// The highest NAB level among the reported pollen counts.
    public static func pollenLevel(_ counts: [PollenType: Double]) -> PollenLevel {
        counts.map { PollenLevel(count: $0.value, group: $0.key.group) }.max() ?? .none
    }

    /// The asthma risk a pollen level alone implies.
    public static func risk(forPollen level: PollenLevel) -> AsthmaRisk {
        switch level {
        case .none, .low: .low
        case .moderate: .medium
        case .high: .high
        case .veryHigh: .veryHigh
        }
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

extension AsthmaRisk {
    /// Order of severity, low = 0.
    var severity: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
