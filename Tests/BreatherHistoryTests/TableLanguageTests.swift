@testable import BreatherHistory
import BreatherLocale
import BreatherModel
import Testing

/// The tables people read (`history`, `log list`, `insights`) in the language bound, with the
/// decimal mark it writes and columns lined up in display columns; CSV and json the same bytes
/// in every language.
@Suite("history, log and insights tables in the interface language", .serialized)
struct TableLanguageTests {
    /// 24 hours of PM2.5 at 30.44 µg/m³ with weather and a high asthma risk at Brooklyn: the
    /// last row's index is Moderate under the US standard.
    static func rows() throws -> [HistoryRow] {
        var out: [HistoryRow] = []
        var builder = HistoryRows(standard: .us) { out.append($0) }
        for hour in 0..<24 {
            let time = day0 + hour * 3600
            for item in [reading("asthma_risk", 2, at: time), reading("humidity", 63.5, at: time), reading("pm2_5", 30.44, at: time),
                         reading("temperature_c", 12.34, at: time)] { try builder.add(item) }
        }
        try builder.finish()
        return out
    }

    /// The display column where `needle` starts in `line`.
    static func column(of needle: String, in line: String) -> Int? {
        prefix(of: needle, in: line).map(\.displayWidth)
    }

    /// The text of `line` before the first `needle`; nil without one.
    static func prefix(of needle: String, in line: String) -> String? {
        var index = line.startIndex
        while index < line.endIndex {
            if line[index...].hasPrefix(needle) { return String(line[..<index]) }
            index = line.index(after: index)
        }
        return nil
    }

    @Test("display width: CJK characters take two columns, Latin ones one; padding counts columns")
    func displayWidth() {
        #expect("Moderate".displayWidth == 8 && "中等".displayWidth == 4 && "Mäßig".displayWidth == 5 && "PM2.5，24 小时均值".displayWidth == 18)
        #expect("良".padded(to: 4) == "良  " && "12".padded(left: 4) == "  12" && "轻度污染".padded(to: 4) == "轻度污染")
    }

    @Test("history: German headings, category, risk and a decimal comma; English as before; CSV and json the same bytes")
    func historyGerman() throws {
        try withTimeZone("UTC") {
            let row = try #require(try Self.rows().last)
            let english = HistoryTable(standard: .us)
            #expect(english.header == "Time              Source       AQI  Category                        Main     PM2.5     Temp    RH  Asthma          CO2")
            let line = english.line(row)
            #expect(line.contains("Moderate") && line.contains("30.4") && line.contains("12.3°C") && line.contains("63.5%") && line.contains("high"), "\(line)")
            let (header, german) = L10n.$language.withValue(.german) { () -> (String, String) in
                let table = HistoryTable(standard: .us)
                return (table.header, table.line(row))
            }
            for word in ["Zeit", "Quelle", "Kategorie", "Haupt", "rF", "Asthma"] { #expect(header.contains(word), "\(header)") }
            #expect(german.contains("Mäßig") && german.contains("30,4") && german.contains("12,3°C") && german.contains("63,5%") && german.contains("hoch"), "\(german)")
            #expect(!german.contains("30.4") && !german.contains("Moderate"), "\(german)")
            // The columns line up: each heading starts where its value does (left) or ends where it does (right).
            #expect(Self.column(of: "Kategorie", in: header) == Self.column(of: "Mäßig", in: german))
            #expect(Self.column(of: "Haupt", in: header) == Self.column(of: "PM2.5", in: german))
            let (csv, json) = (HistoryCSV.header + HistoryCSV.line(row, standard: .us), HistoryJSON.object(row, first: true))
            L10n.$language.withValue(.german) {
                #expect(HistoryCSV.header + HistoryCSV.line(row, standard: .us) == csv)
                #expect(HistoryJSON.object(row, first: true) == json)
            }
        }
    }

    @Test("history in Chinese lines up by display columns: the wide category name moves the next column by its width")
    func historyChinese() throws {
        try withTimeZone("UTC") {
            let row = try #require(try Self.rows().last)
            let (header, line) = L10n.$language.withValue(.chinese) { () -> (String, String) in
                let table = HistoryTable(standard: .us)
                return (table.header, table.line(row))
            }
            #expect(header.hasPrefix("时间") && line.contains("中等"), "\(header)\n\(line)")
            #expect(Self.column(of: "类别", in: header) == Self.column(of: "中等", in: line))
            #expect(Self.column(of: "首要污染物", in: header) == Self.column(of: "PM2.5", in: line), "\(header)\n\(line)")
            // Right-aligned PM2.5 values end under their heading.
            let headingEnd = try #require(Self.column(of: "PM2.5", in: header)) + 5
            let beforePM = try #require(Self.prefix(of: "30.4", in: line))
            #expect(beforePM.displayWidth + 4 == headingEnd, "\(header)\n\(line)")
        }
    }

    @Test("log list: French headings and oui/non, English header as before, the CSV the same bytes")
    func logFrench() {
        inProcessZone {
            let entry = LogEntry(id: 7, time: day0, score: 3, reliever: 2, peakFlow: 410, nightWaking: true, activityLimited: false, note: "windy")
            #expect(LogTable.header == "   id  time              score  reliever  pef  night  limited  symptoms                      tags / note")
            #expect(LogTable.line(entry).contains(" yes    no "), "\(LogTable.line(entry))")
            let (header, line) = L10n.$language.withValue(.french) { (LogTable.header, LogTable.line(entry)) }
            for word in ["heure", "note", "secours", "nuit", "limité", "symptômes", "étiquettes / note"] { #expect(header.contains(word), "\(header)") }
            #expect(line.contains("oui") && line.contains("non") && !line.contains("yes"), "\(line)")
            #expect(Self.column(of: "nuit", in: header) == Self.column(of: "oui", in: line), "\(header)\n\(line)")
            #expect(Self.column(of: "symptômes", in: header) == Self.column(of: "-  ", in: line), "\(header)\n\(line)")
            #expect(L10n.$language.withValue(.french) { LogCSV.header + LogCSV.line(entry) } == LogCSV.header + LogCSV.line(entry))
        }
    }

    @Test("insights: German sentences, labels and a decimal comma; English unchanged; Chinese columns line up; json and CSV the same bytes")
    func insights() throws {
        try withTimeZone("UTC") {
            let folder = TempFolder()
            let store = try InsightsTests.store(days: 0..<90, in: folder)
            let report = try store.insights(since: InsightsTests.start, now: InsightsTests.start + 90 * 86_400, personalBest: 500)
            let english = InsightsFormat.table(report)
            #expect(english.contains("  ozone, highest 8-h mean, 1 day before: suspected above 110 µg/m³ (9 of 10 bad days above it, no good day of 80)\n"))
            #expect(english.contains("Not medical advice: follow your own asthma action plan."))
            let german = L10n.$language.withValue(.german) { InsightsFormat.table(report) }
            #expect(german.hasPrefix("Erfasste Tage seit "), "\(german)")
            #expect(german.contains("  Ozon, höchstes 8-h-Mittel, 1 Tag davor: vermutet über 110 µg/m³ (9 von 10 schlechten Tagen darüber, keiner von 80 guten Tagen)\n"),
                    "\(german)")
            // The good days' mean of ozone the day before: (110 + 79 × 60) / 80 = 60.6.
            #expect(english.contains(" 60.6 ") && german.contains(" 60,6 ") && !german.contains("60.6"), "\(german)")
            #expect(german.contains("Belastung") && german.contains("Keine medizinische Beratung") && !german.contains("suspected"), "\(german)")
            let chinese = L10n.$language.withValue(.chinese) { InsightsFormat.table(report) }
            let block = chinese.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).drop { !$0.hasPrefix("暴露") }.prefix { !$0.isEmpty }
            #expect(block.count > 10, "\(chinese)")
            // The last column starts at the same display column on every line of the comparison.
            let starts = Set(block.map { line in line.displayWidth - String(line.split(separator: " ").last ?? "").displayWidth })
            #expect(starts.count == 1, "\(block.joined(separator: "\n"))")
            let (json, csv) = (InsightsFormat.json(report), InsightsFormat.csv(report))
            L10n.$language.withValue(.french) {
                #expect(InsightsFormat.json(report) == json)
                #expect(InsightsFormat.csv(report) == csv)
            }
        }
    }
}
