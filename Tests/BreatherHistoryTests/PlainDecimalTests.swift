import Testing
@testable import BreatherHistory

/// The import reads an export's numbers from their bytes: always the double `Double(_:)` reads.
@Suite struct PlainDecimalTests {
    @Test(arguments: ["0", "-0", "12", "-3.5", "0.1", "0.3", "1012.4", "40.6769", "-73.9423", "0.05", ".5", "-.5", "5.",
                      "123456789012345", "0.000000000000000000001", "99999.99", "007.25"])
    func readsWhatDoubleReads(text: String) {
        let fast = PlainDecimal.value(Array(text.utf8)[...])
        #expect(fast?.bitPattern == Double(text)?.bitPattern, "\(text): \(String(describing: fast)) against \(String(describing: Double(text)))")
    }

    /// An exponent, a plus, 16 significant digits, 23 decimals or no number at all: left to `Double(_:)`.
    @Test(arguments: ["1e5", "+5", "5-", "-", ".", "1..2", "", "1,5", "1234567890123456", "0.12345678901234567",
                      "0.00000000000000000000001", "nan", "inf"])
    func leavesTheRestToDouble(text: String) {
        #expect(PlainDecimal.value(Array(text.utf8)[...]) == nil)
    }

    @Test func agreesWithDoubleOnManyGeneratedNumbers() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100_000 {
            let whole = Int.random(in: -100_000...100_000, using: &generator)
            let decimals = Int.random(in: 0...6, using: &generator)
            let fraction = String(Int.random(in: 0...999_999, using: &generator)).prefix(decimals)
            let text = decimals == 0 ? "\(whole)" : "\(whole).\(fraction)"
            #expect(PlainDecimal.value(Array(text.utf8)[...])?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }
}
