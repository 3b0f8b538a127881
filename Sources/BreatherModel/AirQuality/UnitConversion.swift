extension Pollutant {
    /// Molar mass in g/mol from the standard atomic weights (O 15.9994, N 14.0067, S 32.065,
    /// C 12.0107), `nil` for particles: O3 47.9982, NO2 46.0055, SO2 64.0638, CO 28.0101.
    /// With them Defra's published 1 ppb NO2 = 1.9125 µg/m³ (20 °C, 1 atm) comes out exactly.
    var molecularWeight: Double? {
        switch self {
        case .o3: 47.9982
        case .no2: 46.0055
        case .so2: 64.0638
        case .co: 28.0101
        case .pm2_5, .pm10: nil
        }
    }
}

/// The temperature and pressure a standard states its gas concentrations at; ppb ↔ µg/m³
/// depends on them through the molar volume `V = R·T / p` of an ideal gas.
public struct ReferenceConditions: Sendable, Hashable, CustomStringConvertible {
    /// Temperature in kelvin.
    public var kelvin: Double
    /// Pressure in kPa.
    public var kilopascals: Double

    /// Conditions of `kelvin` and `kilopascals`.
    public init(kelvin: Double, kilopascals: Double) {
        self.kelvin = kelvin
        self.kilopascals = kilopascals
    }

    /// 25 °C and 1 atm: the US (40 CFR 50.3: "corrected to a reference temperature of 25 °C
    /// and a reference pressure of 760 millimeters of mercury"), China (GB 3095-2012 as amended
    /// in 2018, §3.14 参比状态 "大气温度为298.15K，大气压力为1013.25hPa时的状态"), and, as a stated choice,
    /// Canada (the AQHI formula takes ppb and ECCC gives no conversion) and India (CPCB states none).
    public static let celsius25 = ReferenceConditions(kelvin: 298.15, kilopascals: 101.325)
    /// 293 K and 101.3 kPa: Directive 2008/50/EC Annex VI C, "For gaseous pollutants, the
    /// volume must be standardised at a temperature of 293 K and an atmospheric pressure of 101,3 kPa".
    public static let eu = ReferenceConditions(kelvin: 293, kilopascals: 101.3)
    /// 20 °C and 1 atm: the basis of Defra's published factors (1 ppb NO2 = 1.9125 µg/m³).
    public static let celsius20 = ReferenceConditions(kelvin: 293.15, kilopascals: 101.325)

    /// Molar volume in litres per mole: 8.314462618 J/(mol·K) × T / p (24.47 at 25 °C, 24.05 at 20 °C).
    public var molarVolume: Double { 8.314_462_618 * kelvin / kilopascals }

    /// µg/m³ per ppb of `pollutant` at these conditions (`MW / V`); nil for particles.
    public func microgramsPerPPB(_ pollutant: Pollutant) -> Double? {
        pollutant.molecularWeight.map { $0 / molarVolume }
    }

    /// "25 °C, 101.325 kPa"; a temperature stated in kelvin stays in kelvin ("293 K, 101.3 kPa").
    public var description: String {
        let celsius = ((kelvin - 273.15) * 100).rounded() / 100
        let temperature = celsius == celsius.rounded() ? "\(Self.trimmed(celsius)) °C" : "\(Self.trimmed(kelvin)) K"
        return "\(temperature), \(Self.trimmed(kilopascals)) kPa"
    }

    static func trimmed(_ x: Double) -> String {
        var text = "\(x)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}

/// A reading converted between a volume unit (ppb, ppm) and a mass unit before indexing: what
/// was given, and the conditions and factor used, so outputs can show the conversion.
public struct AppliedConversion: Sendable, Hashable {
    /// The value as given.
    public var value: Double
    /// The unit it was given in.
    public var unit: ConcentrationUnit
    /// The standard's reference conditions used for the molar volume.
    public var conditions: ReferenceConditions
    /// µg/m³ per ppb of this pollutant at `conditions`.
    public var microgramsPerPPB: Double

    /// A record that `value` `unit` was converted at `conditions` with `microgramsPerPPB`.
    public init(value: Double, unit: ConcentrationUnit, conditions: ReferenceConditions, microgramsPerPPB: Double) {
        self.value = value
        self.unit = unit
        self.conditions = conditions
        self.microgramsPerPPB = microgramsPerPPB
    }
}

/// Unit conversion: `µg/m³ = ppb × MW / V`, `1 ppm = 1000 ppb`, `1 mg/m³ = 1000 µg/m³`, with
/// `V` the molar volume at the standard's reference conditions. Particles (PM2.5, PM10) have
/// no molecular weight and only convert between mass units.
public enum UnitConversion {
    /// Converts `value` of `pollutant` from `unit` to `target` at `conditions` (default 25 °C, 1 atm).
    /// - Throws: `AQIError.unsupportedUnit` when the conversion needs a molecular weight the
    ///   pollutant does not have (e.g. PM2.5 in ppb), `AQIError.invalidConcentration`
    ///   for negative or non-finite values, and `AQIError.implausibleConcentration` above
    ///   `physicalLimit` (no index of a billion is ever computed).
    public static func convert(
        _ value: Double, of pollutant: Pollutant, from unit: ConcentrationUnit, to target: ConcentrationUnit,
        at conditions: ReferenceConditions = .celsius25
    ) throws(AQIError) -> Double {
        guard value.isFinite, value >= 0 else { throw .invalidConcentration(pollutant, value) }
        let ugm3: Double
        switch unit {
        case .microgramsPerCubicMetre: ugm3 = value
        case .milligramsPerCubicMetre: ugm3 = value * 1000
        case .ppb, .ppm:
            guard let factor = conditions.microgramsPerPPB(pollutant) else { throw .unsupportedUnit(pollutant, unit) }
            ugm3 = (unit == .ppm ? value * 1000 : value) * factor
        }
        guard ugm3 <= physicalLimit(pollutant) else { throw .implausibleConcentration(pollutant, ugm3) }
        if unit == target { return value }
        switch target {
        case .microgramsPerCubicMetre: return ugm3
        case .milligramsPerCubicMetre: return ugm3 / 1000
        case .ppb, .ppm:
            guard let factor = conditions.microgramsPerPPB(pollutant) else { throw .unsupportedUnit(pollutant, target) }
            let ppb = ugm3 / factor
            return target == .ppm ? ppb / 1000 : ppb
        }
    }

    /// The most of `pollutant` (µg/m³) air can be said to hold: above it a value is a unit
    /// mix-up, a fill value or a broken sensor, and is refused rather than indexed. Far above
    /// any record (the worst wildfire smoke and dust storms stay under a few thousand µg/m³ of
    /// PM, volcanic SO2 and indoor CO under a few ppm … a few thousand ppm), and far above the
    /// top of every index table. PM 10 000 µg/m³; O3, NO2 and SO2 20 000 µg/m³ (O3 10 ppm);
    /// CO 10 g/m³ (about 8 700 ppm).
    public static func physicalLimit(_ pollutant: Pollutant) -> Double {
        switch pollutant {
        case .pm2_5, .pm10: 10_000
        case .o3, .no2, .so2: 20_000
        case .co: 10_000_000
        }
    }

    /// True when going from `a` to `b` crosses between volume and mass units (needs a molar volume).
    static func crossesVolumeAndMass(_ a: ConcentrationUnit, _ b: ConcentrationUnit) -> Bool {
        // No Set: this runs for every reading of every forecast hour (2.3 M instructions a run).
        func isVolume(_ unit: ConcentrationUnit) -> Bool { unit == .ppb || unit == .ppm }
        return isVolume(a) != isVolume(b)
    }
}

extension PollutantReading {
    /// This reading's value in `unit` at `standard`'s reference conditions, validated (see
    /// `UnitConversion.convert`), with a record of the conversion when one between volume and
    /// mass units was needed.
    func converted(to unit: ConcentrationUnit, for standard: AQIStandard) throws(AQIError) -> (Double, AppliedConversion?) {
        let conditions = standard.referenceConditions
        let c = try UnitConversion.convert(value, of: pollutant, from: self.unit, to: unit, at: conditions)
        guard UnitConversion.crossesVolumeAndMass(self.unit, unit), let factor = conditions.microgramsPerPPB(pollutant) else {
            return (c, nil)
        }
        return (c, AppliedConversion(value: value, unit: self.unit, conditions: conditions, microgramsPerPPB: factor))
    }
}

extension AQIStandard {
    /// The temperature and pressure this standard states gas concentrations at; ppb ↔ µg/m³
    /// uses them. The EU (Directive 2008/50/EC Annex VI C) and the UK (Defra) use 20 °C; the
    /// US and China 25 °C, and India and Canada too (neither states conditions; a stated choice).
    public var referenceConditions: ReferenceConditions {
        switch self {
        case .us, .china, .china2012, .india, .canada: .celsius25
        case .eu: .eu
        case .uk: .celsius20
        }
    }
}
