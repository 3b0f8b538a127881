/// Canada's Air Quality Health Index (Stieb et al. 2008; ECCC). Reference: `aqi-standards.md` §6.
/// Not a max of sub-indices: three terms are summed.
/// `AQHI = (10/10.4) × 100 × [(e^(0.000871·NO2) − 1) + (e^(0.000537·O3) − 1) + (e^(0.000487·PM2.5) − 1)]`
/// with NO2 and O3 in ppb and PM2.5 in µg/m³, each a 3-hour mean.
enum CanadaAQHI {
    /// Risk categories (Low 1–3, Moderate 4–6, High 7–10, Very High 10+) with the ECCC colours
    /// of their first index.
    static let bands: [CategoryBand] = [
        CategoryBand(1, 3, "Low Risk", "#00CCFF"),
        CategoryBand(4, 6, "Moderate Risk", "#FFFF00"),
        CategoryBand(7, 10, "High Risk", "#FF6666"),
        CategoryBand(11, nil, "Very High Risk", "#660000"),
    ]

    /// The formula's coefficient and unit for each pollutant.
    static func term(_ pollutant: Pollutant) -> (beta: Double, unit: ConcentrationUnit)? {
        switch pollutant {
        case .no2: (0.000871, .ppb)
        case .o3: (0.000537, .ppb)
        case .pm2_5: (0.000487, .microgramsPerCubicMetre)
        default: nil
        }
    }

    /// eˣ − 1 by halving the argument until |r| ≤ 0.5, a Taylor series, then doubling back
    /// with e²ʳ − 1 = s(s + 2) (BreatherModel imports no maths library).
    static func expMinusOne(_ x: Double) -> Double {
        guard x.isFinite else { return x > 0 ? .infinity : -1 }
        var r = x
        var halvings = 0
        while abs(r) > 0.5 && halvings < 2000 {
            r /= 2
            halvings += 1
        }
        var term = r
        var sum = r
        var n = 1.0
        while abs(term) > 1e-18 * max(1, abs(sum)) && n < 40 {
            n += 1
            term *= r / n
            sum += term
        }
        for _ in 0..<halvings { sum = sum * (sum + 2) }
        return sum
    }

    /// Scale factor 10/10.4 × 100.
    static let scale = 1000 / 10.4

    static func index(from readings: [PollutantReading]) throws(AQIError) -> AirQualityIndex {
        var chosen: [Pollutant: PollutantReading] = [:]
        for reading in IndexAssembly.relevant(readings, for: .canada) {
            // The AQHI uses 3-hour means; a 1-hour value is accepted as a labelled fallback.
            guard reading.period == .hours3 || reading.period == .hour1 else {
                throw .unsupportedPeriod(reading.pollutant, reading.period, .canada)
            }
            if chosen[reading.pollutant]?.period != .hours3 { chosen[reading.pollutant] = reading }
        }
        var subIndices: [SubIndex] = []
        var sum = 0.0
        for p in [Pollutant.no2, .o3, .pm2_5] {
            // All three terms are needed: without one the sum is not the AQHI.
            guard let reading = chosen[p], let (beta, unit) = term(p) else { throw .noUsablePollutants(.canada) }
            // NO2 and O3 given in µg/m³ convert to ppb at 25 °C and 101.325 kPa: the formula takes ppb
            // and ECCC states no conversion, so North American practice (40 CFR 50.3) is used.
            let (c, conversion) = try reading.converted(to: unit, for: .canada)
            let contribution = scale * (expMinusOne(beta * c))
            sum += contribution
            // No sub-index exists: each pollutant adds its term to the sum (kept unrounded).
            subIndices.append(SubIndex(pollutant: p, period: reading.period, concentration: c, unit: unit,
                                       index: Rounding.indexHalfUp(contribution), contribution: contribution, conversion: conversion))
        }
        // Rounded to the nearest integer; `displayValue` shows "10+" above 10. ECCC's scale runs
        // "from 1 to 10+": a sum that rounds to 0 (clean air) is reported as 1.
        let rounded = Rounding.indexHalfUp(sum)
        let value = max(1, rounded)
        let notes = rounded < 1
            ? [IndexNote(.aqhiShownAsOne(sum: (sum * 100).rounded() / 100))]
            : []
        // A sum of three terms names no single responsible pollutant.
        return AirQualityIndex(
            standard: .canada, value: value, category: AQIStandard.canada.category(forIndex: value),
            mainPollutants: [], subIndices: subIndices, notes: notes)
    }

    /// Real-time readings: 3-hour means of NO2, O3 and PM2.5 (≥ 2 of 3 hours valid), recomputed
    /// hourly; a too-short series falls back to the latest hour, labelled `.hour1`.
    static func readings(from series: HourlySeries) -> [PollutantReading] {
        [Pollutant.no2, .o3, .pm2_5].compactMap { p in
            guard let values = series.values[p] else { return nil }
            if let mean = Averaging.mean(values, hours: 3, minValid: 2) {
                return PollutantReading(pollutant: p, period: .hours3, value: mean, unit: .microgramsPerCubicMetre)
            }
            return Averaging.recent(values).map { PollutantReading(pollutant: p, period: .hour1, value: $0, unit: .microgramsPerCubicMetre) }
        }
    }
}

extension AirQualityIndex {
    /// For a summed index, what it was computed from, in place of a main pollutant:
    /// "AQHI from 3-h means of NO2, O3, PM2.5", or per pollutant when a period differs
    /// ("AQHI from NO2 3h, O3 3h, PM2.5 1h"). Nil for max-of-sub-indices standards.
    public var termsBasis: String? {
        guard standard.sumsTerms else { return nil }
        let names = subIndices.map(\.pollutant.displayName).joined(separator: ", ")
        if subIndices.allSatisfy({ $0.period == .hours3 }) { return "AQHI from 3-h means of \(names)" }
        return "AQHI from " + subIndices.map { "\($0.pollutant.displayName) \($0.period.rawValue)" }.joined(separator: ", ")
    }
}
