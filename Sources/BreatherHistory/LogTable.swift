/// `breather log list` as a table for people.
public enum LogTable {
    /// The header line.
    public static let header = "   id  time              score  reliever  pef  night  limited  symptoms                      tags / note"

    /// One entry's line.
    public static func line(_ entry: LogEntry) -> String {
        func cell(_ text: String, _ width: Int) -> String { text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count) }
        let id = "\(entry.id ?? 0)"
        let symptoms = Symptom.allCases.compactMap { symptom in entry.symptoms[symptom].map { "\(symptom.rawValue)=\($0)" } }.joined(separator: " ")
        var tail = entry.tags.joined(separator: ",")
        if !entry.note.isEmpty { tail += (tail.isEmpty ? "" : " ") + "\"" + String(entry.note.map { $0.isNewline ? " " : $0 }) + "\"" }
        if !entry.place.isEmpty { tail += (tail.isEmpty ? "" : " ") + "@" + entry.place }
        return String(repeating: " ", count: max(0, 5 - id.count)) + id + "  " + cell(HistoryTime.minute(entry.time), 18)
            + cell(entry.score.map { "\($0)" } ?? "-", 7) + cell(entry.reliever.map { "\($0)" } ?? "-", 10)
            + cell(entry.peakFlow.map { "\($0)" } ?? "-", 5) + cell(entry.nightWaking.map { $0 ? "yes" : "no" } ?? "-", 7)
            + cell(entry.activityLimited.map { $0 ? "yes" : "no" } ?? "-", 9) + cell(symptoms.isEmpty ? "-" : symptoms, 30) + tail
    }
}
