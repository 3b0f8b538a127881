/// The UV index where the user is (Open-Meteo's air-quality API, from the CAMS model): now,
/// now under a clear sky, and hourly for the past day and the days ahead (for today's peak
/// and the outlook).
public struct UVIndex: Sendable, Hashable {
    /// The index now, with clouds; nil when the provider gave none.
    public var index: Double?
    /// The index now if the sky were clear (the most it can be at this hour).
    public var clearSky: Double?
    /// The hourly index, past hours then forecast; nil when the provider gave no series.
    public var hourly: HourlyValues?

    /// A reading with any of its parts.
    public init(index: Double?, clearSky: Double?, hourly: HourlyValues?) {
        self.index = index
        self.clearSky = clearSky
        self.hourly = hourly
    }
}

/// The WHO categories of the UV index ("Global Solar UV Index: A Practical Guide", WHO, WMO,
/// UNEP and ICNIRP, 2002, pp. 8 and 20): low 0–2, moderate 3–5, high 6–7, very high 8–10,
/// extreme 11+, on the index rounded to a whole number as the guide reports it; each with
/// the guide's colour (green, yellow, orange, red, violet; hex as in the guide's graphics).
public enum UVCategory: String, CaseIterable, Sendable, Hashable, Comparable {
    case low, moderate, high
    case veryHigh = "very_high"
    case extreme

    /// The category of an index value (rounded half up first: 2.5 is 3, moderate).
    public init(index: Double) {
        self = switch Self.reported(index) {
        case ..<3: .low
        case 3...5: .moderate
        case 6...7: .high
        case 8...10: .veryHigh
        default: .extreme
        }
    }

    /// The index as the WHO guide reports it: a whole number, never negative.
    public static func reported(_ index: Double) -> Int { Int(max(0, index).rounded(.toNearestOrAwayFromZero)) }

    /// "low", "moderate", "high", "very high", "extreme".
    public var displayName: String { self == .veryHigh ? "very high" : rawValue }

    /// The WHO guide's colour: green, yellow, orange, red, violet.
    public var color: String {
        switch self {
        case .low: "#289500"
        case .moderate: "#F7E400"
        case .high: "#F85900"
        case .veryHigh: "#D8001D"
        case .extreme: "#6B49C8"
        }
    }

    /// Lower categories order first.
    public static func < (lhs: UVCategory, rhs: UVCategory) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
