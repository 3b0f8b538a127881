/// The lookup of a text in the language being rendered. The language is a task-local value:
/// the view model renders the people's copy of its output inside `L10n.$language.withValue`,
/// so the machine formats (json, Prometheus, MQTT) are rendered from an English copy whatever
/// the interface language, and no text function needs a language parameter.
public enum L10n {
    /// The language texts are looked up in; English unless a caller binds another.
    @TaskLocal public static var language: Language = .english
    /// True while a standard's category names are shown in its own language (`[display] native_names`).
    @TaskLocal public static var nativeNames = false

    /// The table for `language`; nil for English (the msgids are English).
    static func table(_ language: Language) -> Catalog? {
        switch language {
        case .english: nil
        case .chinese: Catalogs.zh_CN
        case .french: Catalogs.fr
        case .german: Catalogs.de
        case .spanish: Catalogs.es
        }
    }

    /// The translated forms of `key` in `language`; nil when the catalog lacks it or is English.
    public static func forms(_ key: String, in language: Language) -> [String]? {
        guard let forms = table(language)?[key], let first = forms.first, !first.isEmpty else { return nil }
        return forms
    }

    /// Form `form` of `msgid` (under `context`, when given) in `language` (its last form when it
    /// has fewer); nil when the catalog lacks it or is English. Joins no key and copies no array.
    public static func text(_ msgid: String, context: String? = nil, in language: Language, form: Int = 0) -> String? {
        guard let table = table(language), let index = table.index(of: msgid, context: context) else { return nil }
        let text = table.form(form, at: index)
        return table.form(0, at: index).isEmpty ? nil : text
    }

    /// The key of a message with a context, as gettext spells it: context, EOT, msgid.
    public static func key(_ msgid: String, context: String?) -> String {
        context.map { $0 + "\u{04}" + msgid } ?? msgid
    }

    /// `value`, a number, with its decimal point as the language writes it: "3.4" → "3,4" in
    /// de, fr, es. Text that is not only a number ("PM2.5") is returned as it is.
    public static func number(_ value: String) -> String {
        guard language.usesDecimalComma,
              value.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }) else { return value }
        let characters = Array(value)
        var result = ""
        result.reserveCapacity(value.utf8.count)
        for (index, character) in characters.enumerated() {
            if character == ".", index > 0, index + 1 < characters.count,
               characters[index - 1].isNumber, characters[index + 1].isNumber {
                result.append(",")
            } else {
                result.append(character)
            }
        }
        return result
    }
}

/// `msgid` in the current language (`L10n.language`); `msgid` itself when the catalog lacks it.
public func tr(_ msgid: String) -> String {
    L10n.text(msgid, in: L10n.language) ?? msgid
}

/// `msgid` under gettext context `context` (`msgctxt`), for a word whose translation depends
/// on where it is used: a category name per standard ("Good" is 良 in China's index).
public func tr(_ msgid: String, context: String) -> String {
    L10n.text(msgid, context: context, in: L10n.language) ?? msgid
}

/// The form of a message for `count` by the language's plural rule ("1 hour" / "2 hours"),
/// English's when the catalog lacks it. The first `%d` in the result is replaced by `count`.
public func trn(_ singular: String, _ plural: String, _ count: Int) -> String {
    let language = L10n.language
    let text: String
    if let translated = L10n.text(singular, in: language, form: language.pluralIndex(count)) {
        text = translated
    } else {
        text = count == 1 ? singular : plural
    }
    // By hand: the standard library's `replacing(_:with:)` links _StringProcessing (1.3 MB).
    // The first "%d", wherever it stands: "%s: above %s %s, … before %d bad days" fills its
    // `%s` afterwards with `filled`.
    let utf8 = text.utf8
    guard let mark = utf8.indices.first(where: { utf8[$0] == UInt8(ascii: "%") && utf8[utf8.index(after: $0)...].first == UInt8(ascii: "d") }) else {
        return text
    }
    let end = utf8.index(mark, offsetBy: 2)
    return String(text[..<mark]) + String(count) + String(text[end...])
}

extension String {
    /// This text with each `%s` replaced by the next of `values`, in order: "stale, updated
    /// %s ago".filled("12 min"). A translation may move the `%s` but keeps their number and order.
    public func filled(_ values: String...) -> String { filled(values) }

    /// This text with each `%s` replaced by the next of `values`, in order.
    public func filled(_ values: [String]) -> String {
        var result = ""
        var rest = values[...]
        var iterator = makeIterator()
        while let character = iterator.next() {
            if character == "%" {
                guard let next = iterator.next() else { result.append(character); break }
                if next == "s", let value = rest.popFirst() { result += value } else { result.append(character); result.append(next) }
            } else {
                result.append(character)
            }
        }
        return result
    }
}
