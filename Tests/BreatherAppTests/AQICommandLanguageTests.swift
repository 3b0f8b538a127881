@testable import BreatherApp
import BreatherCalculator
import BreatherLocale
import BreatherModel
import BreatherViewModel
import Testing

/// The report `breather aqi` prints for these readings.
private func report(_ standard: AQIStandard, _ arguments: [String]) throws -> AirQualityReport {
    let index = try standard.index(from: try CalculatorInput.readings(from: arguments, standard: standard))
    return AirQualityReport(index: index, computed: true, source: "calculator")
}

@Suite("breather aqi in the people's language: its result, notes, refusals and warnings")
struct AQICommandLanguageTests {
    @Test("the plain result in German: category, labels, decimal commas; English exactly as before")
    func plainInGerman() throws {
        let us = try report(.us, ["pm2_5=40", "o3=0.078ppm", "no2:1h=120ppb"])
        #expect(AQICommand.plain(us) == """
            US EPA (2024): 126 Unhealthy for Sensitive Groups (#FF7E00)
            Main pollutant: O3
              PM2.5 24h: 40 ug/m3 -> 112
              O3 8h: 0.078 ppm -> 126
              NO2 1h: 120 ppb -> 105
            """)
        #expect(L10n.$language.withValue(.german) { AQICommand.plain(us) } == """
            US EPA (2024): 126 Ungesund für empfindliche Gruppen (#FF7E00)
            Hauptschadstoff: O3
              PM2.5 24h: 40 ug/m3 -> 112
              O3 8h: 0,078 ppm -> 126
              NO2 1h: 120 ppb -> 105
            """)
        // A conversion at Defra's 20 °C, each number with the comma.
        let uk = try report(.uk, ["so2=100ppb", "pm10=60"])
        let german = L10n.$language.withValue(.german) { AQICommand.plain(uk) }
        #expect(german.contains("SO2 15min: 266 ug/m3 (aus 100 ppb bei 20 °C, 101,325 kPa: 1 ppb SO2 = 2,6632 ug/m3) -> 3"), "\(german)")
        #expect(AQICommand.plain(uk).contains("(from 100 ppb at 20 °C, 101.325 kPa: 1 ppb SO2 = 2.6632 ug/m3) -> 3"))
    }

    @Test("the AQHI's sum and a standard's note in French and Chinese")
    func sumAndNotes() throws {
        let aqhi = try report(.canada, ["o3=30ppb", "no2=20ppb", "pm2_5=10"])
        let french = L10n.$language.withValue(.french) { AQICommand.plain(aqhi) }
        #expect(french.contains("(une somme de termes : pas de polluant principal, pas de sous-indices)"), "\(french)")
        #expect(french.contains(" ajoute "), "\(french)")
        #expect(french.split(separator: "\n").first?.contains(" Risque ") == true, "ECCC's French name: \(french)")
        #expect(AQICommand.plain(aqhi).contains("(a sum of terms: no main pollutant, no sub-indices)"))
        // US O3 8-h 0.25 ppm: at least 301, with TAD 2024's note.
        let ozone = try report(.us, ["o3=0.25ppm"])
        let english = AQICommand.plain(ozone)
        #expect(english.contains("Note: O3 8-h 0.25 ppm is above 0.200 ppm"), "\(english)")
        let chinese = L10n.$language.withValue(.chinese) { AQICommand.plain(ozone) }
        #expect(chinese.contains("注：") && chinese.contains("高于 0.200 ppm"), "\(chinese)")
        #expect(!chinese.contains("Note:") && !chinese.contains("is above"), "\(chinese)")
        let german = L10n.$language.withValue(.german) { AQICommand.plain(ozone) }
        #expect(german.contains("Hinweis: ") && german.contains("liegt über 0,200 ppm"), "\(german)")
    }

    @Test("refusals in French: a bad reading, the model's error and its hint; English unchanged")
    func refusals() throws {
        #expect(throws: CalculatorInputError.unknownPeriod("2h")) { try CalculatorInput.reading(from: "o3:2h=1", standard: .us) }
        let unknown = CalculatorInputError.unknownPeriod("2h")
        #expect(unknown.description == "unknown period '2h'; valid periods: 15min, 1h, 3h, 8h, 24h")
        #expect(L10n.$language.withValue(.french) { unknown.description } == "période inconnue '2h' ; périodes valides : 15min, 1h, 3h, 8h, 24h")
        let separator = CalculatorInputError.digitSeparator("pm2_5=1,5", ",")
        #expect(L10n.$language.withValue(.german) { separator.description }.hasSuffix("1000 oder 1.5 schreiben"), "what is typed keeps its point")
        let error = AQIError.noUsablePollutants(.eu)
        #expect(AQICommand.words(error) == error.description, "English: the model's own words")
        let hint = L10n.$language.withValue(.french) { AQICommand.words(error) + "; " + (CalculatorInput.hint(for: error) ?? "") }
        #expect(hint == "aucun des polluants ne donne d'indice eu; eu utilise : pm2_5, pm10, o3, no2, so2", "\(hint)")
        for error in [AQIError.unsupportedUnit(.pm10, .ppm), .unsupportedPeriod(.o3, .hours24, .us),
                               .implausibleConcentration(.co, 5e9), .noUsablePollutants(.canada), .noUsablePollutants(.india)] {
            #expect(AQICommand.words(error) == error.description)
            #expect(L10n.$language.withValue(.chinese) { AQICommand.words(error) } != error.description, "\(error)")
        }
    }

    @Test("a typed pollutant left out for a missing period: the rule and the reading to add, in German")
    func missingPeriod() throws {
        let index = try AQIStandard.us.index(from: try CalculatorInput.readings(from: ["o3:1h=0.1ppm", "pm2_5=12"], standard: .us))
        let note = try #require(CalculatorInput.missingPeriodNote(in: index))
        let german = L10n.$language.withValue(.german) { Format.note(note) + "; " + (CalculatorInput.hint(for: .notIndexable(note)) ?? "") }
        #expect(german.hasPrefix("O3 1-h 0,1 ppm") && german.hasSuffix("; o3:8h angeben"), "\(german)")
        #expect(CalculatorInput.missingPeriod(in: index) == Format.note(note) + "; give o3:8h", "English as before")
    }

    @Test("the unit warning in Spanish, its number with a decimal comma")
    func unitWarning() throws {
        let reading = try CalculatorInput.reading(from: "co=0.9", standard: .us)
        let english = try #require(CalculatorInput.unitWarning(for: reading, argument: "co=0.9"))
        #expect(english == "'co=0.9' is 0.9 ug/m3, less than any outdoor air holds; it looks like the wrong unit (mg/m3?)")
        let spanish = L10n.$language.withValue(.spanish) { CalculatorInput.unitWarning(for: reading, argument: "co=0.9") }
        #expect(spanish == "'co=0.9' equivale a 0,9 ug/m3, menos de lo que contiene cualquier aire exterior; parece la unidad equivocada (mg/m3?)")
    }
}
