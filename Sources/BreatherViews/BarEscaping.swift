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
        return escaped.hasSuffix("%") ? escaped + "\u{200B}" : escaped
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
    /// Every occurrence of `target` replaced, left to right. By hand: the standard library's
    /// `replacing(_:with:)` and `firstRange(of:)` are _StringProcessing's, 1.3 MB of the binary
    /// with _RegexParser, and Foundation's `replacingOccurrences` is Foundation.
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        let length = target.count
        var result = ""
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(target) {
                result += replacement
                index = self.index(index, offsetBy: length)
            } else {
                result.append(self[index])
                index = self.index(after: index)
            }
        }
        return result
    }
}
