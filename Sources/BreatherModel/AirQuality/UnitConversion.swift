extension Pollutant {
    /// Molecular weight in g/mol used for ppb ↔ µg/m³ (reference §7), `nil` for particles.
    var molecularWeight: Double? {
        switch self {
        case .o3: 48.00
        case .no2: 46.01
        case .so2: 64.07
        case .co: 28.01
        case .pm2_5, .pm10: nil
        }
    }
}

/// Unit conversion at the EPA convention (25 °C, 1 atm, 24.45 L/mol; reference §7):
/// `ppb = µg/m³ × 24.45 / MW`, `1 ppm = 1000 ppb`, `1 mg/m³ = 1000 µg/m³`.
/// Particles (PM2.5, PM10) have no molecular weight and only convert between mass units.
public enum UnitConversion {
    /// Molar volume in litres at 25 °C and 1 atm (EPA convention).
    public static let molarVolume = 24.45

    /// Converts `value` of `pollutant` from `unit` to `target`.
    /// - Throws: `AQIError.unsupportedUnit` when the conversion needs a molecular weight the
    ///   pollutant does not have (e.g. PM2.5 in ppb), and `AQIError.invalidConcentration`
    ///   for negative or non-finite values.
    public static func convert(
        _ value: Double, of pollutant: Pollutant, from unit: ConcentrationUnit, to target: ConcentrationUnit
    ) throws(AQIError) -> Double {
        guard value.isFinite, value >= 0 else { throw .invalidConcentration(pollutant, value) }
        if unit == target { return value }
        let ugm3: Double
        switch unit {
        case .microgramsPerCubicMetre: ugm3 = value
        case .milligramsPerCubicMetre: ugm3 = value * 1000
        case .ppb, .ppm:
            guard let mw = pollutant.molecularWeight else { throw .unsupportedUnit(pollutant, unit) }
            let ppb = unit == .ppm ? value * 1000 : value
            ugm3 = ppb * mw / molarVolume
        }
        switch target {
        case .microgramsPerCubicMetre: return ugm3
        case .milligramsPerCubicMetre: return ugm3 / 1000
        case .ppb, .ppm:
            guard let mw = pollutant.molecularWeight else { throw .unsupportedUnit(pollutant, target) }
            let ppb = ugm3 * molarVolume / mw
            return target == .ppm ? ppb / 1000 : ppb
        }
    }
}

extension PollutantReading {
    /// This reading's value in `unit`, validated (see `UnitConversion.convert`).
    func value(in unit: ConcentrationUnit) throws(AQIError) -> Double {
        try UnitConversion.convert(value, of: pollutant, from: self.unit, to: unit)
    }
}
