import Foundation

/// A .po file as gettext reads it: the header's fields and each message's context, msgid and
/// msgstr forms. Written for the tests, independently of scripts/po2swift.py, so a bug in the
/// generator shows as a disagreement.
struct POFile {
    struct Message: Equatable {
        var context: String?
        var msgid: String
        var plural: String?
        var forms: [String]
        /// "context\u{04}msgid", as the tables key it.
        var key: String { context.map { $0 + "\u{04}" + msgid } ?? msgid }
    }

    var header: [String: String] = [:]
    var messages: [Message] = []

    /// The repository's po/ directory, from this file's path.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("po")

    /// po/<name>.
    static func load(_ name: String) throws -> POFile {
        try POFile(text: String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
    }

    init(text: String) {
        var current: [String: String] = [:]
        var field = ""
        func finish() {
            guard let msgid = current["msgid"] else { return }
            let forms = current.keys.filter { $0.hasPrefix("msgstr") }.sorted().compactMap { current[$0] }
            if msgid.isEmpty {
                for line in (forms.first ?? "").split(separator: "\n") {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    if parts.count == 2 { header[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces) }
                }
            } else {
                messages.append(Message(context: current["msgctxt"], msgid: msgid, plural: current["msgid_plural"], forms: forms))
            }
            current = [:]
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("\"") { current[field, default: ""] += Self.unquote(line); continue }
            guard let space = line.firstIndex(of: " ") else { continue }
            var keyword = String(line[..<space])
            let value = Self.unquote(String(line[line.index(after: space)...]))
            if (keyword == "msgctxt" || keyword == "msgid") && current["msgid"] != nil { finish() }
            if keyword.hasPrefix("msgstr[") { keyword = "msgstr" + keyword.dropFirst(7).dropLast() }
            current[keyword] = value
            field = keyword
        }
        finish()
    }

    static func unquote(_ literal: String) -> String {
        var out = ""
        var escaped = false
        for character in literal.dropFirst().dropLast() {
            if escaped {
                out.append(character == "n" ? "\n" : character == "t" ? "\t" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        return out
    }
}
