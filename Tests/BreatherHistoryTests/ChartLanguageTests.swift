@testable import BreatherHistory
import BreatherLocale
import BreatherModel
import Testing

/// `breather history --format chart` in the language bound (the command binds the people's):
/// its notes, legend and category names, within its width (`COLUMNS`) in display columns.
@Suite("the terminal chart in the interface language", .serialized)
struct ChartLanguageTests {
    /// A day imported at PM2.5 20 µg/m³, six days with nothing, then 48 hours climbing from 5 to
    /// 99 µg/m³ (US AQI up to about 173): a gap to name, category tops to draw, four categories.
    static func lines(_ language: Language, columns: String?, color: Bool = false) throws -> [String] {
        var readings = (0..<24).map { reading("pm2_5", 20, at: day0 + $0 * 3600) }
        readings += (0..<48).map { reading("pm2_5", 5 + Double($0) * 2, at: day0 + 7 * 86_400 + $0 * 3600) }
        var rows: [HistoryRow] = []
        var builder = HistoryRows(standard: .us) { rows.append($0) }
        for item in readings { try builder.add(item) }
        try builder.finish()
        return withTimeZone("UTC") {
            L10n.$language.withValue(language) {
                var chart = HistoryChart(standard: .us, width: HistoryChart.terminalWidth(columns: columns), color: color)
                for row in rows { chart.add(row) }
                return chart.render()
            }
        }
    }

    @Test("German: the gap, the category line, the legend and its category names in German")
    func german() throws {
        let text = try Self.lines(.german, columns: nil).joined(separator: "\n")
        #expect(text.contains("· keine Messwerte von 2026-11-") && text.contains("(6 Tage)"), "\(text)")
        #expect(text.contains("┄ die Obergrenze einer Kategorie") && text.contains("us-Index, Höchstwert je Spalte:"), "\(text)")
        #expect(text.contains("Gut") && text.contains("Mäßig") && text.contains("Ungesund"), "\(text)")
        for english in ["no readings", "the top of a category", "highest per column", "Moderate", "days)"] { #expect(!text.contains(english), "\(english)") }
        #expect(L10n.$language.withValue(.german) { HistoryChart(standard: .us, color: false).render() } == ["kein Index in diesem Zeitraum"])
    }

    @Test("every line within COLUMNS, in display columns: English, German, French and Chinese at 40, 60 and 80 (colour codes take none)")
    func fitsTheWidth() throws {
        for language in [Language.english, .german, .french, .spanish, .chinese] {
            for columns in ["40", "60", "80"] {
                let width = Int(columns)!
                let lines = try Self.lines(language, columns: columns)
                #expect(lines.count > 14, "the chart, its axis and notes")
                for line in lines { #expect(line.displayWidth <= width, "\(language) \(columns): \(line.displayWidth): \(line)") }
                // In colour the visible width is the same.
                for line in try Self.lines(language, columns: columns, color: true) {
                    let visible = line.split(separator: "\u{1B}", omittingEmptySubsequences: false).enumerated()
                        .map { $0.offset == 0 ? String($0.element) : String($0.element.drop { $0 != "m" }.dropFirst()) }.joined()
                    #expect(visible.displayWidth <= width, "\(language) \(columns) colour: \(visible)")
                }
            }
        }
        // Narrow, the German gap note wraps (under its text, after "· ") rather than running past the
        // edge, and a time or a length is never split.
        let narrow = try Self.lines(.german, columns: "40")
        let note = try #require(narrow.firstIndex { $0.contains("· keine Messwerte") })
        #expect(narrow[note + 1].hasPrefix("        2026-11-") && !narrow[note + 1].hasPrefix("         "), "\(narrow[note + 1])")
        #expect(narrow[note + 2].hasSuffix("2026-11-27 00:00 (6 Tage)"), "\(narrow[note + 2])")
    }

    @Test("Chinese: the notes and the US category names in Chinese")
    func chinese() throws {
        let text = try Self.lines(.chinese, columns: nil).joined(separator: "\n")
        #expect(text.contains("无读数") && text.contains("类别的上限") && text.contains("每列最高值"), "\(text)")
    }
}
