extension AQIStandard {
    /// Every category of this standard, best first, ending with `beyondCategory` where the
    /// scale ends at 500 (US, China). Alerts name one of these ids and rank by position here.
    public var categories: [AQICategory] {
        bands.map(\.category) + (beyondCategory.map { [$0] } ?? [])
    }

    /// The position in `categories` from which a category is among the standard's worst
    /// (its top two bands and anything beyond them): US Very Unhealthy and Hazardous, China
    /// Heavily and Severely Polluted, EEA Very poor and Extremely poor, and so on.
    public var firstSevereCategoryIndex: Int {
        bands.count - 2
    }
}
