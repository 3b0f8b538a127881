/// The pollen types Open-Meteo's air-quality API reports (grains/m³, CAMS Europe model).
/// Raw values are Open-Meteo's variable names without the `_pollen` suffix.
public enum PollenType: String, CaseIterable, Sendable, Hashable, Codable {
    case alder, birch, grass, mugwort, olive, ragweed

    /// The AAAAI National Allergy Bureau group whose count scale applies.
    public var group: PollenGroup {
        switch self {
        case .alder, .birch, .olive: .tree
        case .grass: .grass
        case .mugwort, .ragweed: .weed
        }
    }
}

/// Pollen groups with their own count thresholds.
public enum PollenGroup: String, Sendable, Hashable {
    case tree, grass, weed
}

/// Pollen-count levels, lowest first.
public enum PollenLevel: Int, Comparable, Sendable, Hashable {
    case none, low, moderate, high, veryHigh

    public static func < (lhs: PollenLevel, rhs: PollenLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The level of a count in grains/m³ (24-h average counts), on the scale published by the
    /// American Academy of Allergy, Asthma & Immunology's National Allergy Bureau ("NAB pollen
    /// counts: reading the charts", aaaai.org): trees low 1–14, moderate 15–89, high 90–1499,
    /// very high ≥ 1500; grass low 1–4, moderate 5–19, high 20–199, very high ≥ 200; weeds low
    /// 1–9, moderate 10–49, high 50–499, very high ≥ 500.
    public init(count: Double, group: PollenGroup) {
        let (moderate, high, veryHigh): (Double, Double, Double) = switch group {
        case .tree: (15, 90, 1500)
        case .grass: (5, 20, 200)
        case .weed: (10, 50, 500)
        }
        self = switch count {
        case ..<1: .none
        case ..<moderate: .low
        case ..<high: .moderate
        case ..<veryHigh: .high
        default: .veryHigh
        }
    }
}
