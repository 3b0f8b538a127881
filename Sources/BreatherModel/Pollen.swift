/// The pollen types Open-Meteo's air-quality API reports (grains/m³, CAMS Europe model).
/// Raw values are Open-Meteo's variable names without the `_pollen` suffix.
public enum PollenType: String, CaseIterable, Sendable, Hashable {
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

/// Pollen-count levels, lowest first, on the AAAAI National Allergy Bureau scale.
///
/// Why NAB and not a European scale, though Open-Meteo's pollen is European: Europe has no
/// one scale. Each country sets its own classes (Britain/Denmark grass 1–30/31–50/51–150,
/// Sweden 0–10/11–30/31–100, Italy's AIA its own, Germany's DWD an index without counts), and a
/// systematic review of pollen thresholds (Steckling-Muschack et al., Aerobiologia 2021)
/// found no consensus on which counts provoke symptoms. NAB publishes numeric classes for all
/// three groups Breather's six species fall in, and the asthma estimate already uses it, so a
/// count reads the same in the bar, the alerts and the estimate. NAB's classes are for 24-hour
/// counts while Open-Meteo's are hourly model values: the level now is the current hour's (it
/// can read higher than the day's at a peak hour); the outlook's day levels use the day mean.
public enum PollenLevel: Int, Comparable, Sendable, Hashable {
    case none, low, moderate, high, veryHigh

    public static func < (lhs: PollenLevel, rhs: PollenLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The level of a count in grains/m³ (24-h average counts), on the scale published by the
    /// American Academy of Allergy, Asthma & Immunology's National Allergy Bureau ("NAB pollen
    /// counts: reading the charts", aaaai.org): trees low 1–14, moderate 15–89, high 90–1499,
    /// very high ≥ 1500; grass low 1–4, moderate 5–19, high 20–199, very high ≥ 200; weeds low
    /// 1–9, moderate 10–49, high 50–499, very high ≥ 500. NAB's counts are whole grains/m³ and
    /// its classes integer ranges, so a model's count is rounded to a whole grain (half up, as
    /// outputs print it) before it is compared: 89.6 tree grains read "90" and are high, not
    /// moderate; 0.5 reads "1" and is low.
    public init(count: Double, group: PollenGroup) {
        let (moderate, high, veryHigh): (Double, Double, Double) = switch group {
        case .tree: (15, 90, 1500)
        case .grass: (5, 20, 200)
        case .weed: (10, 50, 500)
        }
        self = switch count.rounded(.toNearestOrAwayFromZero) {
        case ..<1: .none
        case ..<moderate: .low
        case ..<high: .moderate
        case ..<veryHigh: .high
        default: .veryHigh
        }
    }
}

extension PollenLevel: CaseIterable {
    /// The id in json and config: `none`, `low`, `moderate`, `high`, `very_high`.
    public var id: String {
        switch self {
        case .none: "none"
        case .low: "low"
        case .moderate: "moderate"
        case .high: "high"
        case .veryHigh: "very_high"
        }
    }

    /// Words for people: "none", "low", "moderate", "high", "very high".
    public var displayName: String { self == .veryHigh ? "very high" : id }

    /// The level whose `id` is `id`; nil for anything else.
    public init?(id: String) {
        guard let level = Self.allCases.first(where: { $0.id == id }) else { return nil }
        self = level
    }
}

/// One species' count now, on the NAB scale: what the tooltip, json `pollen[]` and the bar show.
public struct PollenCount: Sendable, Hashable {
    /// The species.
    public var type: PollenType
    /// Grains per cubic metre (Open-Meteo's hourly model value).
    public var count: Double
    /// The count's level on its group's NAB scale.
    public var level: PollenLevel

    /// `count` grains/m³ of `type`, with its level worked out.
    public init(type: PollenType, count: Double) {
        self.type = type
        self.count = count
        self.level = PollenLevel(count: count, group: type.group)
    }

    /// Every species in `counts`, highest level first, then highest count, then the species
    /// order (alder … ragweed) so equal rows keep one order.
    public static func ranked(_ counts: [PollenType: Double]) -> [PollenCount] {
        PollenType.allCases.compactMap { type in counts[type].map { PollenCount(type: type, count: $0) } }
            .enumerated()
            .sorted { a, b in
                if a.element.level != b.element.level { return a.element.level > b.element.level }
                if a.element.count != b.element.count { return a.element.count > b.element.count }
                return a.offset < b.offset
            }
            .map(\.element)
    }
}
