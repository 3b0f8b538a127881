import BreatherModel

/// Folds ArgumentParser's multi-line usage errors into the one line Breather promises.
enum UsageMessage {
    /// `Error: The value 'mars' is invalid for '--standard <standard>'. Please provide one of the
    /// following:` followed by `  - us` lines becomes
    /// `breather: error: The value 'mars' is invalid for '--standard <standard>'. Please provide one of the
    /// following: us, china, … (see breather --help)`.
    static func oneLine(_ message: String) -> String {
        var text = ""
        var previousWasItem = false
        for rawLine in message.split(separator: "\n") {
            let line = String(rawLine).trimmingWhitespace()
            guard !line.isEmpty else { continue }
            let isItem = line.hasPrefix("- ")
            let part = isItem ? String(line.dropFirst(2)) : line
            if !text.isEmpty { text += isItem && previousWasItem ? ", " : " " }
            text += part
            previousWasItem = isItem
        }
        if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
        return "breather: error: " + text + " (see breather --help)"
    }
}
