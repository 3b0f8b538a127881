@testable import BreatherModel
import Testing

/// The averages walk the series in place (no array made an hour: the dashboard asks for them
/// thousands of times a render); they must give exactly what taking the window's valid hours
/// out first gives, invalid hours (negative, NaN, infinite) counted as missing.
@Suite("averages over a series, walked in place")
struct AveragingInPlaceTests {
    /// The window's hours with invalid ones made missing: the reference the averages are held to.
    static func validHours(_ values: ArraySlice<Double?>) -> [Double?] {
        values.map { $0.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } }
    }

    @Test("mean, recent and current equal the window's valid hours taken out first, bit for bit, over 3,000 series with gaps and invalid hours")
    func sameAsWindowTakenOut() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {  // a fixed xorshift: the same series on every run
            seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17
            return seed
        }
        for _ in 0..<3000 {
            let series: [Double?] = (0..<Int(next() % 31)).map { _ in
                switch next() % 10 {
                case 0: nil
                case 1: -1.5
                case 2: .nan
                case 3: .infinity
                default: Double(next() % 200_000) / 997
                }
            }
            for (hours, minValid) in [(3, 2), (8, 6), (24, 18), (1, 1)] {
                let window = Self.validHours(series.suffix(hours)).compactMap { $0 }
                let expected: Double? = series.count >= hours && window.count >= minValid && !window.isEmpty
                    ? window.reduce(0, +) / Double(window.count) : nil
                #expect(Averaging.mean(series, hours: hours, minValid: minValid) == expected, "\(series) \(hours) h")
            }
            for hours in [0, 1, 3, 5, 40] {
                let expected = Self.validHours(series.suffix(hours)).last(where: { $0 != nil }) ?? nil
                #expect(Averaging.recent(series, within: hours) == expected, "\(series) within \(hours)")
            }
            #expect(Averaging.current(series) == (Self.validHours(series.suffix(1)).last ?? nil), "\(series)")
        }
    }
}
