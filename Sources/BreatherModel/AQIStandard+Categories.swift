extension AQIStandard {
    /// Every category of this standard once, best first, ending with `beyondCategory` where the
    /// scale ends at 500 (US, China). The UK DAQI's ten bands give four categories (low,
    /// moderate, high, very_high). Alerts name one of these ids and rank by position here.
    public var categories: [AQICategory] {
        var seen: Set<String> = []
        let named = bands.map(\.category).filter { seen.insert($0.id).inserted }
        return named + (beyondCategory.map { [$0] } ?? [])
    }

    /// The position in `categories` from which a category is among the standard's worst:
    /// its top two named categories and anything beyond them (US Very Unhealthy, Hazardous and
    /// Beyond the AQI; China Heavily and Severely Polluted; EEA Very poor and Extremely poor;
    /// DAQI High and Very High; NAQI Very Poor and Severe; AQHI High and Very High Risk).
    public var firstSevereCategoryIndex: Int {
        categories.count - (beyondCategory == nil ? 2 : 3)
    }
}

/// One category's stretch of a standard's scale, for a chart's background bands.
public struct CategoryRange: Sendable, Hashable {
    /// The lowest index in the category.
    public var lower: Int
    /// The highest index in the category; nil for an open-ended top band.
    public var upper: Int?
    /// The category.
    public var category: AQICategory
}

extension AQIStandard {
    /// The scale's categories from the lowest index up, adjacent bands of one category merged
    /// (the UK DAQI's ten bands give four ranges); a `beyondCategory` (US, China) is not a band.
    public var categoryRanges: [CategoryRange] {
        var ranges: [CategoryRange] = []
        for band in bands {
            if let last = ranges.last, last.category.id == band.category.id {
                ranges[ranges.count - 1].upper = band.hi
            } else {
                ranges.append(CategoryRange(lower: band.lo, upper: band.hi, category: band.category))
            }
        }
        return ranges
    }
}
