import BreatherLocale

/// `breather log list` as a table for people. The headings and yes/no follow the language
/// bound in `L10n.language` (the command binds it for the table only: the CSV stays English);
/// the symptom names stay as `--symptom` takes them. Columns are measured in display columns.
public enum LogTable {
    /// The header line.
    public static var header: String {
        let headings = Self.headings
        let widths = Self.widths(headings)
        var text = headings[0].padded(left: 5) + "  "
        for (heading, width) in zip(headings.dropFirst(), widths.dropFirst()) { text += cell(heading, width) }
        return text + tr("tags / note", context: "log")
    }

    /// One entry's line.
    public static func line(_ entry: LogEntry) -> String {
        let widths = Self.widths(Self.headings)
        let id = "\(entry.id ?? 0)"
        let symptoms = Symptom.allCases.compactMap { symptom in entry.symptoms[symptom].map { "\(symptom.rawValue)=\($0)" } }.joined(separator: " ")
        var tail = entry.tags.joined(separator: ",")
        if !entry.note.isEmpty { tail += (tail.isEmpty ? "" : " ") + "\"" + String(entry.note.map { $0.isNewline ? " " : $0 }) + "\"" }
        if !entry.place.isEmpty { tail += (tail.isEmpty ? "" : " ") + "@" + entry.place }
        func yes(_ answer: Bool?) -> String { answer.map { $0 ? tr("yes", context: "log") : tr("no", context: "log") } ?? "-" }
        return id.padded(left: widths[0]) + "  " + cell(HistoryTime.minute(entry.time), widths[1])
            + cell(entry.score.map { "\($0)" } ?? "-", widths[2]) + cell(entry.reliever.map { "\($0)" } ?? "-", widths[3])
            + cell(entry.peakFlow.map { "\($0)" } ?? "-", widths[4]) + cell(yes(entry.nightWaking), widths[5])
            + cell(yes(entry.activityLimited), widths[6]) + cell(symptoms.isEmpty ? "-" : symptoms, widths[7]) + tail
    }

    /// The columns' headings before "tags / note", in the language bound.
    static var headings: [String] {
        ["id", tr("time", context: "log"), tr("score", context: "log"), tr("reliever", context: "log"), tr("pef", context: "log"),
         tr("night", context: "log"), tr("limited", context: "log"), tr("symptoms", context: "log")]
    }

    /// Each column's width: English's, or a heading's and two spaces when that is wider; the
    /// yes/no columns fit their words.
    static func widths(_ headings: [String]) -> [Int] {
        let answer = max(tr("yes", context: "log").displayWidth, tr("no", context: "log").displayWidth) + 2
        return zip([5, 18, 7, 10, 5, 7, 9, 30], headings).enumerated().map { index, pair in
            index == 0 ? 5 : max(pair.0, pair.1.displayWidth + 2, index == 5 || index == 6 ? answer : 0)
        }
    }

    /// `text` padded to `width` display columns, with at least one space after it.
    private static func cell(_ text: String, _ width: Int) -> String {
        text.displayWidth >= width ? text + " " : text.padded(to: width)
    }
}
