@testable import BreatherLocale
import Foundation
import Testing

@Suite("Catalogs: the po/ files, the tables built from them, and the texts the code asks for")
struct CatalogTests {
    static let languages = Language.allCases.filter { $0 != .english }

    @Test("each table holds exactly the translated messages of its .po file (run scripts/po2swift.py after editing one)",
          arguments: languages)
    func tablesMatchCatalogs(_ language: Language) throws {
        let po = try POFile.load(language.rawValue + ".po")
        let table = try #require(L10n.table(language))
        let translated = po.messages.filter { !($0.forms.first ?? "").isEmpty }
        for message in translated {
            #expect(table[message.key] == message.forms, "\(language.rawValue): \(message.key.debugDescription)")
        }
        #expect(table.count == translated.count, "\(language.rawValue): the table has messages the .po file does not")
    }

    @Test("each .po file names its language and the Plural-Forms the lookup implements", arguments: languages)
    func headers(_ language: Language) throws {
        let po = try POFile.load(language.rawValue + ".po")
        #expect(po.header["Language"] == language.rawValue)
        #expect(po.header["Plural-Forms"] == language.pluralForms)
        #expect(po.header["Content-Type"] == "text/plain; charset=UTF-8")
        let forms = language == .chinese ? 1 : 2
        for message in po.messages where message.plural != nil {
            #expect(message.forms.count == forms, "\(language.rawValue): \(message.msgid)")
        }
    }

    @Test("each catalog is complete: every message of breather.pot translated, none that the template lacks", arguments: languages)
    func complete(_ language: Language) throws {
        let template = Set(try POFile.load("breather.pot").messages.map(\.key))
        let po = try POFile.load(language.rawValue + ".po")
        let keys = Set(po.messages.map(\.key))
        #expect(template.subtracting(keys).sorted() == [], "\(language.rawValue) lacks these")
        #expect(keys.subtracting(template).sorted() == [], "\(language.rawValue) has these the template lacks")
        for message in po.messages {
            #expect(message.forms.allSatisfy { !$0.isEmpty }, "\(language.rawValue): \(message.key.debugDescription) untranslated")
            // A translation keeps the placeholders of its msgid, in number.
            #expect(Self.placeholders(message.forms[0]) == Self.placeholders(message.msgid), "\(language.rawValue): \(message.msgid)")
        }
    }

    @Test("every literal tr(\"…\") and trn(\"…\") in Sources/ is a message of breather.pot")
    func codeMessagesInTemplate() throws {
        let template = Set(try POFile.load("breather.pot").messages.map(\.key))
        let used = try Self.literalMessages()
        #expect(used.count > 30, "the scan found the code's messages")
        #expect(used.subtracting(template).sorted() == [], "run the messages into po/breather.pot and every .po file")
    }

    static func placeholders(_ text: String) -> Int {
        var count = 0
        var previous: Character = " "
        for character in text {
            if previous == "%", character == "s" || character == "d" { count += 1 }
            previous = character
        }
        return count
    }

    /// The keys of `tr("msgid")`, `tr("msgid", context: "ctx")` and `trn("msgid", …)` written
    /// with string literals anywhere under Sources/.
    static func literalMessages() throws -> Set<String> {
        let sources = POFile.directory.deletingLastPathComponent().appendingPathComponent("Sources")
        var keys: Set<String> = []
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        for file in files where !file.hasPrefix("BreatherLocale/Catalog") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for call in ["tr(\"", "trn(\""] {
                var rest = Substring(text)
                while let start = rest.range(of: call) {
                    let before = rest[..<start.lowerBound].last
                    rest = rest[start.upperBound...]
                    if let before, before.isLetter || before.isNumber || before == "_" { continue }
                    guard let end = rest.firstIndex(of: "\"") else { break }
                    let msgid = String(rest[..<end])
                    rest = rest[end...]
                    var key = msgid
                    let context = ", context: \""
                    if rest.dropFirst().hasPrefix(context) {
                        let afterContext = rest.dropFirst(1 + context.count)
                        if let close = afterContext.firstIndex(of: "\"") { key = afterContext[..<close] + "\u{04}" + msgid }
                    }
                    keys.insert(key)
                }
            }
        }
        return keys
    }
}
