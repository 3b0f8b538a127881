#if canImport(Glibc)
import Glibc
#endif

/// Text made safe where it enters HTML or SVG markup: the five characters that could open a
/// tag, an entity or end an attribute become entities, and control characters (which XML
/// forbids) are dropped. Every provider or user string passes through here: a place named
/// `<img src=x onerror=alert(1)>` shows as those characters.
public enum MarkupEscaping {
    /// `value` as HTML or XML text, safe inside an element or a quoted attribute.
    public static func text(_ value: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\n", "\t": escaped.unicodeScalars.append(" ")
            default:
                if scalar.properties.generalCategory == .control { continue }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A `#RRGGBB` colour from the view model, or grey if it is anything else: a colour goes
    /// into an attribute and a style, so only the known shape passes.
    static func color(_ value: String) -> String {
        let digits = value.utf8.dropFirst()
        guard value.utf8.first == UInt8(ascii: "#"), digits.count == 6,
              digits.allSatisfy({ (48...57).contains($0) || (65...70).contains($0) || (97...102).contains($0) }) else { return "#9E9E9E" }
        return value
    }

    /// Black or white, whichever reads better on `background` (`#RRGGBB`): WCAG relative luminance.
    static func ink(on background: String) -> String {
        let hex = Array(color(background).utf8.dropFirst())
        func channel(_ at: Int) -> Double {
            func nibble(_ c: UInt8) -> Int { c <= 57 ? Int(c) - 48 : (Int(c) | 32) - 87 }
            let value = Double(nibble(hex[at]) * 16 + nibble(hex[at + 1])) / 255
            return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)
        return luminance > 0.179 ? "#000000" : "#FFFFFF"
    }
}
