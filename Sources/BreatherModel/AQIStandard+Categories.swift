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
