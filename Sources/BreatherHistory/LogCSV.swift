import BreatherLocale
import BreatherModel

/// The breathing log as CSV (`breather log list --format csv`), read back by `breather log
/// import`: RFC 4180 like the history export, RFC 3339 local times, empty for "not said",
/// tags and the exposure snapshot `;`-separated. Ids are the store's own and are not exported:
/// an entry is its time and place, so a second import of the same file adds nothing.
public enum LogCSV {
    /// The header row's fields.
    public static let columns = ["time", "place", "score", "reliever", "peak_flow", "night_waking", "activity_limited"]
        + Symptom.allCases.map(\.rawValue) + ["tags", "note", "exposure"]

    /// The header line with its CRLF.
    public static var header: String { columns.joined(separator: ",") + "\r\n" }

    /// One entry as a CSV line with its CRLF.
    public static func line(_ entry: LogEntry) -> String {
        func int(_ value: Int?) -> String { value.map { "\($0)" } ?? "" }
        func bool(_ value: Bool?) -> String { value.map { $0 ? "1" : "0" } ?? "" }
        let fields = [HistoryTime.rfc3339(entry.time), HistoryCSV.quoted(entry.place), int(entry.score), int(entry.reliever),
                      int(entry.peakFlow), bool(entry.nightWaking), bool(entry.activityLimited)]
            + Symptom.allCases.map { int(entry.symptoms[$0]) }
            + [entry.tags.joined(separator: ";"), HistoryCSV.quoted(entry.note), ExposureText.encode(entry.exposure)]
        return fields.joined(separator: ",") + "\r\n"
    }

    /// The entries in `bytes`, each checked as `breather log` checks one (at `now`), or the
    /// first line that is wrong: all or nothing.
    public static func entries(from bytes: [UInt8], now: Int) throws(HistoryImportError) -> [LogEntry] {
        var records = CSVRecords(bytes)
        guard let header = try records.nextRecord(), header.fields == columns else {
            throw HistoryImportError(line: 1, reason: tr("not a breather log export (expected the header %s…)").filled(columns.prefix(4).joined(separator: ",")))
        }
        var entries: [LogEntry] = []
        while let record = try records.nextRecord() {
            if record.fields == [""] { continue }
            let fields = record.fields
            func fail(_ reason: String) -> HistoryImportError { HistoryImportError(line: record.line, reason: reason) }
            guard fields.count == columns.count else { throw fail(tr("%s fields, expected %s").filled(String(fields.count), String(columns.count))) }
            guard fields[0].count >= 20, let time = Timestamp.parse(fields[0]) else { throw fail(tr("time %s is not an RFC 3339 time with an offset").filled("\"\(fields[0].prefix(40))\"")) }
            func int(_ index: Int) throws(HistoryImportError) -> Int? {
                guard !fields[index].isEmpty else { return nil }
                guard let value = Int(fields[index]) else { throw fail(tr("%s is not a whole number").filled("\(columns[index]) \"\(fields[index].prefix(40))\"")) }
                return value
            }
            func bool(_ index: Int) throws(HistoryImportError) -> Bool? {
                switch fields[index] {
                case "": return nil
                case "0": return false
                case "1": return true
                default: throw fail(tr("%s is not 0 or 1").filled("\(columns[index]) \"\(fields[index].prefix(40))\""))
                }
            }
            var symptoms: [Symptom: Int] = [:]
            for (offset, symptom) in Symptom.allCases.enumerated() { symptoms[symptom] = try int(7 + offset) }
            guard let exposure = ExposureText.decode(fields[13]) else { throw fail(tr("%s is not key=number pairs").filled("exposure \"\(fields[13].prefix(40))\"")) }
            let entry = LogEntry(time: Int(time.timeIntervalSince1970.rounded(.down)), place: fields[1], score: try int(2), reliever: try int(3),
                                 peakFlow: try int(4), nightWaking: try bool(5), activityLimited: try bool(6), symptoms: symptoms,
                                 tags: fields[11].split(separator: ";").map(String.init), note: fields[12], exposure: exposure)
            if let problem = entry.problem(now: now) { throw fail(problem) }
            entries.append(entry)
        }
        return entries
    }
}
