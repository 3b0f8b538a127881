import BreatherModel
import BreatherTestSupport
import BreatherViewModel
import Testing

/// A count of zero is no top species (issue 48: "alder 0" in the pollen recovery notification).
@Suite("pollen: a zero count is never named as the top species")
struct PollenZeroTests {
    @Test("a recovery to every species at zero names none; one to a species still counted names it")
    func recoveryToZero() async {
        let settings = AlertSettings(standard: .us, pollen: .high, hold: 1)
        let start = DayAheadTests.start
        let high = dayAhead(now: start, pollenNow: [.grass: 61])
        let zero = dayAhead(now: start, pollenNow: [.alder: 0, .birch: 0, .grass: 0])
        let (sent, _, bodies) = await dayAheadAlerts([high, zero], settings)
        #expect(sent.map(\.summary) == ["Pollen: grass high", "Pollen back to none"])
        #expect(bodies.last == "Brooklyn: every species under 1 grain/m³, below high")
        #expect(!(bodies.last ?? "").contains("alder"))
        let (_, _, counted) = await dayAheadAlerts([high, dayAhead(now: start, pollenNow: [.grass: 3])], settings)
        #expect(counted.last == "Brooklyn: grass 3 grains/m³, below high")
    }
}
