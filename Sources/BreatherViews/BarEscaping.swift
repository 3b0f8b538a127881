import BreatherJSON

/// What each bar treats as markup in text it is given, and how to make any string literal there.
public enum BarEscaping {
    /// A JSON string literal, quotes included (via jansson, so control characters are escaped too).
    public static func jsonString(_ text: String) -> String {
        JSON.serialize(.string(text), pretty: false)
    }

    /// Pango markup (waybar, i3bar with `markup: pango`): the three characters Pango parses, plus quotes.
    /// Works on the UTF-8 bytes: these five are ASCII, and no byte of a multi-byte character is.
    public static func pango(_ text: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): result += "&amp;".utf8
            case UInt8(ascii: "<"): result += "&lt;".utf8
            case UInt8(ascii: ">"): result += "&gt;".utf8
            case UInt8(ascii: "\""): result += "&quot;".utf8
            case UInt8(ascii: "'"): result += "&#39;".utf8
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Polybar has no working escape for `%{` (a doubled `%` is not honoured, polybar#2748), so a
    /// zero-width space is put between `%` and `{`: the text looks the same and never opens a tag.
    /// A trailing `%` gets one too, since the renderer's closing `%{F-}` follows it.
    public static func polybar(_ text: String) -> String {
        let escaped = text.replacingAll("%{", with: "%\u{200B}{")
        return escaped.utf8.last == UInt8(ascii: "%") ? escaped + "\u{200B}" : escaped
    }

    /// tmux draws `#[…]` as a style and `##` as one `#`, so every `#` is doubled. `%` is left
    /// alone: tmux runs strftime on the status format itself, not on a `#()` command's output.
    public static func tmux(_ text: String) -> String {
        text.replacingAll("#", with: "##")
    }

    /// One line: bars reading line by line would split a name containing a newline.
    public static func singleLine(_ text: String) -> String {
        text.replacingAll("\n", with: " ").replacingAll("\r", with: " ")
    }
}

extension String {
    /// Every occurrence of `target` replaced, left to right, matched on the UTF-8 bytes as a bar
    /// or a scraper reads them. Swift's `Character`s would miss some: a markup character followed
    /// by a combining mark is one `Character` ("#\u{301}" is not "#"), and so is "\r\n", yet
    /// the bar still sees the `#` or the newline. A match starts only where a character's bytes
    /// start: `target` begins with an ASCII or lead byte, which no continuation byte equals.
    /// By hand: the standard library's `replacing(_:with:)` is _StringProcessing's, 1.3 MB of
    /// the binary with _RegexParser, and Foundation's `replacingOccurrences` is Foundation.
    func replacingAll(_ target: String, with replacement: String) -> String {
        let target = Array(target.utf8)
        guard let first = target.first, utf8.contains(first) else { return self }
        let bytes = Array(utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            if bytes[index] == first, bytes[index...].starts(with: target) {
                result += replacement.utf8
                index += target.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
