import BreatherModel
import Testing

@Suite("pollen levels (AAAAI NAB) and UV categories (WHO)")
struct DayAheadScaleTests {
    // NAB: trees low 1–14, moderate 15–89, high 90–1499, very high ≥ 1500; grass 1–4, 5–19,
    // 20–199, ≥ 200; weeds 1–9, 10–49, 50–499, ≥ 500. Each edge and the value below it.
    // NAB counts whole grains/m³: a count is rounded (half up, as outputs print it) before the
    // classes' integer edges, so each edge sits between x.4 and x.5 below it (issue 41).
    @Test("NAB levels at every band edge, after rounding to whole grains", arguments: [
        (PollenType.birch, 0.4, PollenLevel.none), (.birch, 0.5, .low), (.birch, 14.4, .low), (.birch, 14.5, .moderate),
        (.alder, 89.4, .moderate), (.alder, 89.5, .high), (.olive, 1499.4, .high), (.olive, 1499.5, .veryHigh),
        (.grass, 4.4, .low), (.grass, 4.5, .moderate), (.grass, 19.4, .moderate), (.grass, 19.5, .high),
        (.grass, 199.4, .high), (.grass, 199.5, .veryHigh),
        (.ragweed, 9.4, .low), (.ragweed, 9.5, .moderate), (.mugwort, 49.4, .moderate), (.mugwort, 49.5, .high),
        (.mugwort, 499.4, .high), (.ragweed, 499.5, .veryHigh),
    ])
    func nabLevels(type: PollenType, count: Double, level: PollenLevel) {
        #expect(PollenCount(type: type, count: count).level == level)
    }

    @Test("level ids and names round-trip; unknown ids are refused")
    func levelIDs() {
        #expect(PollenLevel.allCases.map(\.id) == ["none", "low", "moderate", "high", "very_high"])
        #expect(PollenLevel.veryHigh.displayName == "very high")
        #expect(PollenLevel(id: "very_high") == .veryHigh)
        #expect(PollenLevel(id: "very high") == nil)
    }

    @Test("ranking: highest level first, then count; grass 25 (high) beats birch 80 (moderate)")
    func ranking() {
        let ranked = PollenCount.ranked([.birch: 80, .grass: 25, .alder: 0, .mugwort: 12])
        #expect(ranked.map(\.type) == [.grass, .birch, .mugwort, .alder])
        #expect(ranked.map(\.level) == [.high, .moderate, .moderate, .none])
    }

    // WHO 2002: low 0–2, moderate 3–5, high 6–7, very high 8–10, extreme 11+, on the rounded index.
    @Test("WHO categories at every edge, on the rounded index", arguments: [
        (0.0, UVCategory.low), (2.49, .low), (2.5, .moderate), (5.4, .moderate), (5.5, .high), (7.49, .high),
        (7.5, .veryHigh), (10.4, .veryHigh), (10.5, .extreme), (14, .extreme), (-0.2, .low),
    ])
    func whoCategories(index: Double, category: UVCategory) {
        #expect(UVCategory(index: index) == category)
    }

    @Test("WHO colours: green, yellow, orange, red, violet")
    func whoColours() {
        #expect(UVCategory.allCases.map(\.color) == ["#289500", "#F7E400", "#F85900", "#D8001D", "#6B49C8"])
        #expect(UVCategory.allCases.map(\.rawValue) == ["low", "moderate", "high", "very_high", "extreme"])
        #expect(UVCategory.high < .veryHigh && UVCategory.extreme > .low)
    }

    @Test("hourly values: the hour containing an instant, and the hours of a span")
    func hourlyValues() {
        let start = Timestamp(timeIntervalSince1970: 36_000)
        let series = HourlyValues(start: start, values: [1, nil, 3])
        #expect(series.value(at: start.addingTimeInterval(7_199)) == nil)
        #expect(series.value(at: start.addingTimeInterval(7_200)) == 3)
        #expect(series.value(at: start.addingTimeInterval(-1)) == nil)
        #expect(series.hours(from: start, to: start.addingTimeInterval(10_800)).map(\.value) == [1, 3])
    }
}
