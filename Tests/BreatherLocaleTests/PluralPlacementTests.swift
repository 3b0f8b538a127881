import BreatherLocale
import Testing

@Suite("trn: the count goes where the message's %d stands, after any %s")
struct PluralPlacementTests {
    @Test("a %d after %s placeholders takes the count; the %s are filled afterwards, in German and English")
    func countAfterStrings() {
        let singular = "%s: above %s %s, which your log found before %d bad day"
        let plural = "%s: above %s %s, which your log found before %d bad days"
        #expect(trn(singular, plural, 4).filled("Brooklyn", "30", "µg/m³") == "Brooklyn: above 30 µg/m³, which your log found before 4 bad days")
        let german = L10n.$language.withValue(.german) { (trn(singular, plural, 1), trn(singular, plural, 3)) }
        #expect(german.0.filled("Berlin", "30", "µg/m³") == "Berlin: über 30 µg/m³, was Ihr Tagebuch vor 1 schlechtem Tag fand")
        #expect(german.1.filled("Berlin", "30", "µg/m³") == "Berlin: über 30 µg/m³, was Ihr Tagebuch vor 3 schlechten Tagen fand")
        // A message whose first % is its %d, as before.
        #expect(L10n.$language.withValue(.french) { trn("%d day before", "%d days before", 2) } == "2 jours avant")
    }
}
