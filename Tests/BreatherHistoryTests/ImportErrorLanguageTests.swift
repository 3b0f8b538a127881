import BreatherLocale
import BreatherModel
import Testing
@testable import BreatherHistory

/// An import file's bad line in the language of the import (issue 46): the sentence
/// translated, the line number and the offending text (a column, a value, a time) as they
/// are in the file; English unchanged. `history import` and `log import` print
/// `FILE: <this line>` after their command's word.
@Suite("an import file's bad line in the people's language")
struct ImportErrorLanguageTests {
    func row(_ extra: [String: String]) -> String {
        let fields = ["time": "2026-11-20T00:00:00+00:00", "place": "Brooklyn", "latitude": "40.6769", "longitude": "-73.9423", "source": "open-meteo"]
            .merging(extra) { $1 }
        return HistoryCSV.columns.map { fields[$0] ?? "" }.joined(separator: ",")
    }

    /// The error's line (`HistoryImportError.description`) reading `text` in `language`, as
    /// `history import` makes and prints it inside the people's language.
    func historyLine(_ text: String, in language: Language) -> String? {
        L10n.$language.withValue(language) { () -> String? in
            do {
                _ = try HistoryImport.readings(from: Array(text.utf8), now: 1_800_000_000)
                return nil
            } catch {
                return "\(error)"
            }
        }
    }

    @Test("a value that is not a number: German, and English as before; the column and the cell (a quoted one) verbatim")
    func notANumber() {
        let text = HistoryCSV.header + row(["pm2_5": "12"]) + "\r\n" + row(["pm2_5": "\"zwölf \"\"x\"\"\""]) + "\r\n"
        #expect(historyLine(text, in: .english) == "line 3: pm2_5 \"zwölf \"x\"\" is not a number")
        #expect(historyLine(text, in: .german) == "Zeile 3: pm2_5 \"zwölf \"x\"\" ist keine Zahl")
    }

    @Test("a latitude out of range, an implausible value and a time in the future: French, the values and times verbatim")
    func french() {
        let latitude = HistoryCSV.header + row(["latitude": "91.5"]) + "\r\n"
        #expect(historyLine(latitude, in: .english) == "line 2: latitude \"91.5\" is not a number from -90 to 90")
        #expect(historyLine(latitude, in: .french) == "ligne 2 : la latitude \"91.5\" n'est pas un nombre de -90 à 90")
        let hot = HistoryCSV.header + row(["temperature_c": "1000"]) + "\r\n"
        #expect(historyLine(hot, in: .english) == "line 2: temperature_c 1000 °C (expected -100 to 70 °C)")
        #expect(historyLine(hot, in: .french) == "ligne 2 : temperature_c 1000 °C (attendu de -100 à 70 °C)")
        let future = HistoryCSV.header + row(["time": "2099-01-01T00:00:00+00:00", "pm2_5": "3"]) + "\r\n"
        #expect(historyLine(future, in: .french)
                == "ligne 2 : l'heure 2099-01-01T00:00:00+00:00 est dans le futur (l'horloge de cette machine indique 2027-01-15T08:00:00Z)")
    }

    @Test("a stray quote and a wrong header: Chinese; the header's columns as they are")
    func chinese() {
        let quote = HistoryCSV.header + "Brook\"lyn" + "\r\n"
        #expect(historyLine(quote, in: .chinese) == "第 2 行：未加引号的字段中有引号")
        #expect(historyLine(quote, in: .english) == "line 2: a quote inside an unquoted field")
        #expect(historyLine("time,place\r\n", in: .chinese) == "第 1 行：不是 breather 历史导出文件（2 列，应为 \(HistoryCSV.columns.count) 列）")
        #expect(historyLine("", in: .chinese) == "第 1 行：空文件：应有表头 time,place,latitude…")
    }

    @Test("log import: a score that is not a whole number in German, the cell verbatim; English unchanged")
    func logImport() {
        let text = LogCSV.header + "2026-11-20T08:30:00+00:00,home,good" + String(repeating: ",", count: LogCSV.columns.count - 3) + "\r\n"
        func line(_ language: Language) -> String? {
            L10n.$language.withValue(language) { () -> String? in
                do {
                    _ = try LogCSV.entries(from: Array(text.utf8), now: 1_800_000_000)
                    return nil
                } catch {
                    return "\(error)"
                }
            }
        }
        #expect(line(.english) == "line 2: score \"good\" is not a whole number")
        #expect(line(.german) == "Zeile 2: score \"good\" ist keine ganze Zahl")
    }
}
