/// Text from outside (a provider's error message, a place name, a credit) made safe for one
/// line of any output, terminal or log: escape sequences (ESC with its CSI, OSC or other
/// tail) are removed, every other control character (C0, DEL, C1) becomes a space, and runs
/// of spaces collapse to one. Applied where such text enters Breather (a
/// `ProviderFailure`, a `Location`, an `Attribution`), so no renderer has to.
public enum Sanitized {
    /// `text` on one line with no control characters or escape sequences.
    public static func line(_ text: String) -> String {
        // Fast path: nothing to do for plain text (every provider string goes through here).
        if !text.unicodeScalars.contains(where: isControl) { return text }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var lastWasSpace = false
        func space() {
            if !lastWasSpace { result.append(" ") }
            lastWasSpace = true
        }
        while let scalar = scalars.next() {
            if scalar == "\u{1B}" || scalar == "\u{9B}" || scalar == "\u{9D}" {
                skipSequence(after: scalar, &scalars)
            } else if isControl(scalar) || scalar == " " {
                space()
            } else {
                result.append(scalar)
                lastWasSpace = false
            }
        }
        return String(result).trimmingWhitespace()
    }

    /// C0 controls, DEL and C1 controls (tab and newline included: one line is the promise).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Consumes the rest of an escape sequence: CSI (`ESC [` or U+009B, parameters, then a
    /// final byte 0x40–0x7E), OSC/DCS/APC/PM/SOS (`ESC ]`, `P`, `_`, `^`, `X` or U+009D, up to BEL
    /// or `ESC \`), or a two-character escape (`ESC c`).
    private static func skipSequence(after start: Unicode.Scalar, _ scalars: inout String.UnicodeScalarView.Iterator) {
        var kind = start == "\u{9B}" ? "[" : start == "\u{9D}" ? "]" : nil as Unicode.Scalar?
        if kind == nil {
            guard let next = scalars.next() else { return }
            kind = next
        }
        switch kind {
        case "[":
            while let scalar = scalars.next(), !(0x40...0x7E).contains(scalar.value) {}
        case "]", "P", "_", "^", "X":
            var previous: Unicode.Scalar?
            while let scalar = scalars.next() {
                if scalar == "\u{07}" || scalar == "\u{9C}" || (previous == "\u{1B}" && scalar == "\\") { return }
                previous = scalar
            }
        default:
            return
        }
    }
}
