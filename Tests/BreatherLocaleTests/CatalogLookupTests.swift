@testable import BreatherLocale
import Testing

/// The lookup in a catalog's sorted table (scripts/po2swift.py writes it; Catalog searches it).
@Suite("Catalog lookup: the sorted tables searched in place")
struct CatalogLookupTests {
    /// A small table as po2swift.py writes one: keys in UTF-8 byte order, each followed by its forms.
    static let small = Catalog(
        strings: ["Day", "Tag", "Days", "Tage", "a\u{04}Day", "Tag (a)", "a\u{04}Days", "Tage (a)",
                  "ab\u{04}Day", "Tag (ab)", "hour", "Stunde", "Stunden", "é", "e-acute"],
        starts: [0, 2, 4, 6, 8, 10, 13, 15])

    @Test("each table's keys are in strictly rising UTF-8 byte order: the binary search's order, no key twice",
          arguments: CatalogTests.languages)
    func sorted(_ language: Language) throws {
        let table = try #require(L10n.table(language))
        #expect(table.count > 100)
        for index in 1..<table.count {
            let before = Array(table.key(at: index - 1).utf8), after = Array(table.key(at: index).utf8)
            #expect(before.lexicographicallyPrecedes(after), "\(language.rawValue): \(table.key(at: index).debugDescription)")
        }
    }

    @Test("a message with a context is found by its context and msgid apart, each of its forms too",
          arguments: CatalogTests.languages)
    func contextApart(_ language: Language) throws {
        let po = try POFile.load(language.rawValue + ".po")
        for message in po.messages where !(message.forms.first ?? "").isEmpty {
            for (form, text) in message.forms.enumerated() {
                #expect(L10n.text(message.msgid, context: message.context, in: language, form: form) == text,
                        "\(language.rawValue): \(message.key.debugDescription) form \(form)")
            }
        }
    }

    @Test("keys that begin alike are told apart; a missing key, context or prefix finds nothing")
    func neighbours() {
        let table = Self.small
        #expect(table["Day"] == ["Tag"])
        #expect(table["Days"] == ["Tage"])
        #expect(table["hour"] == ["Stunde", "Stunden"])
        #expect(table["é"] == ["e-acute"])
        #expect(table.index(of: "Day", context: "a").map { table.form(0, at: $0) } == "Tag (a)")
        #expect(table.index(of: "Days", context: "a").map { table.form(0, at: $0) } == "Tage (a)")
        #expect(table.index(of: "Day", context: "ab").map { table.form(0, at: $0) } == "Tag (ab)")
        #expect(table["a\u{04}Day"] == ["Tag (a)"], "the joined key finds the same message")
        for missing in ["", "D", "Da", "Dayz", "day", "a", "a\u{04}", "a\u{04}Da", "hours", "e", "éé", "\u{04}Day"] {
            #expect(table[missing] == nil, "\(missing.debugDescription)")
        }
        #expect(table.index(of: "Day", context: "b") == nil)
        #expect(table.index(of: "Day", context: "") == nil, "an empty context is a context, not none")
        #expect(table.index(of: "Da", context: "a") == nil)
        #expect(table.index(of: "Dayss", context: "a") == nil)
        #expect(table.index(of: "\u{04}Day", context: "a") == nil)
    }

    @Test("a plural form past a message's last is its last; a message with one form gives it for every count")
    func forms() throws {
        let table = Self.small
        let hour = try #require(table.index(of: "hour"))
        #expect(table.form(0, at: hour) == "Stunde")
        #expect(table.form(1, at: hour) == "Stunden")
        #expect(table.form(5, at: hour) == "Stunden")
        let day = try #require(table.index(of: "Day"))
        #expect(table.form(1, at: day) == "Tag")
    }

    @Test("an empty table finds nothing")
    func empty() {
        let table = Catalog(strings: [], starts: [0])
        #expect(table.count == 0)
        #expect(table["Day"] == nil)
        #expect(table.index(of: "Day", context: "a") == nil)
    }
}
