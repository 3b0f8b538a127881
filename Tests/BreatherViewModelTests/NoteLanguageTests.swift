import BreatherLocale
import BreatherModel
import BreatherViewModel
import Foundation
import Testing

/// One kind of a standard's footnote note, as the standard (or a sensor's data) writes it: the
/// English sentence machines keep, and what a French tooltip shows (and, for some, German and
/// Chinese). `number` is a decimal the note holds, written with a point.
struct NoteCase: Sendable, CustomTestStringConvertible {
    let name: String
    let report: @Sendable () throws -> AirQualityReport
    let english: String
    let french: String
    var others: [Language: String] = [:]
    var number: String?
    var testDescription: String { name }
}

private func reading(_ p: Pollutant, _ period: AveragingPeriod, _ value: Double, _ unit: ConcentrationUnit = .microgramsPerCubicMetre) -> PollutantReading {
    PollutantReading(pollutant: p, period: period, value: value, unit: unit)
}

/// The index `standard` computes from `readings`, as the calculator would.
private func computed(_ standard: AQIStandard, _ readings: [PollutantReading]) -> @Sendable () throws -> AirQualityReport {
    { AirQualityReport(index: try standard.index(from: readings), computed: true, source: "calculator") }
}

/// Particles from a sensor: `hours` hours of readings, the PM2.5 as measured when `uncorrected`.
private func sensor(_ source: String, hours: Int, uncorrected: String? = nil) -> @Sendable () throws -> AirQualityReport {
    {
        var pollution = Pollution(source: source, hourly: HourlySeries([.pm2_5: Array(repeating: 12, count: hours)]),
                                  sensorHours: [.pm2_5: hours])
        pollution.sensorUncorrected = uncorrected
        return try pollution.report(for: .us)
    }
}

@Suite("The standards' notes under the sub-indices: English for machines, the people's language in the tooltip")
struct NoteLanguageTests {
    static let airGradient = "uncorrected (pm02 as measured: no humidity for the US EPA correction)"

    /// Every kind of `IndexNote.Kind`, each from readings that make the standard write it.
    static let cases: [NoteCase] = [
        NoteCase(name: "US O3 8-h above 0.200 ppm, 1-h counts",
                 report: computed(.us, [reading(.o3, .hours8, 0.25, .ppm), reading(.o3, .hour1, 0.3, .ppm)]),
                 english: "O3 8-h 0.25 ppm is above 0.200 ppm, where 8-hour values stop (TAD 2024 Table 6): the 1-hour value gives the O3 index",
                 french: "O3 8 h 0,25 ppm dépasse 0,200 ppm, où s'arrêtent les valeurs sur 8 h (TAD 2024, tableau 6) : la valeur sur 1 h donne l'indice de l'O3",
                 others: [.german: "O3 8-h 0,25 ppm liegt über 0,200 ppm, wo die 8-Stunden-Werte enden (TAD 2024, Tabelle 6): der 1-Stunden-Wert bestimmt den O3-Index",
                          .chinese: "O3 8 小时 0.25 ppm 高于 0.200 ppm，超出 8 小时值的范围（TAD 2024 表 6）：O3 指数由 1 小时值给出"],
                 number: "0.25"),
        NoteCase(name: "US O3 NowCast above 0.200 ppm alone",
                 report: computed(.us, [reading(.o3, .nowcast, 0.25, .ppm)]),
                 english: "O3 NowCast 0.25 ppm is above 0.200 ppm: 8-hour values do not define index values of 301 and above (TAD 2024 Table 6), "
                    + "so at least 301 is shown; the 1-hour value decides the upper range",
                 french: "O3 NowCast 0,25 ppm dépasse 0,200 ppm : les valeurs sur 8 h ne définissent pas d'indice de 301 et plus (TAD 2024, tableau 6), "
                    + "donc au moins 301 est affiché ; la valeur sur 1 h décide de la plage supérieure",
                 number: "0.25"),
        NoteCase(name: "US O3 1-h below 0.125 ppm",
                 report: computed(.us, [reading(.o3, .hour1, 0.1, .ppm), reading(.pm2_5, .hours24, 10)]),
                 english: "O3 1-h 0.1 ppm is below 0.125 ppm, where the 1-hour table starts (TAD 2024 Table 6): below it the 8-hour mean gives the O3 index",
                 french: "O3 1 h 0,1 ppm est inférieur à 0,125 ppm, où commence le tableau sur 1 h (TAD 2024, tableau 6) : en dessous, la moyenne sur 8 h donne l'indice de l'O3",
                 others: [.spanish: "O3 1 h 0,1 ppm está por debajo de 0,125 ppm, donde empieza la tabla de 1 hora (TAD 2024, tabla 6): por debajo, la media de 8 horas da el índice del O3"],
                 number: "0.1"),
        NoteCase(name: "US SO2 1-h 305 ppb or more",
                 report: computed(.us, [reading(.so2, .hour1, 400, .ppb)]),
                 english: "SO2 1-h 400 ppb is 305 ppb or more: 1-hour values do not define index values above 200 (TAD 2024 Table 6), so 200 is shown; "
                    + "the 24-hour mean decides above",
                 french: "SO2 1 h 400 ppb atteint ou dépasse 305 ppb : les valeurs sur 1 h ne définissent pas d'indice au-dessus de 200 (TAD 2024, tableau 6), "
                    + "donc 200 est affiché ; au-delà, la moyenne sur 24 h décide"),
        NoteCase(name: "US SO2 24-h below 305 ppb",
                 report: computed(.us, [reading(.so2, .hours24, 100, .ppb), reading(.pm2_5, .hours24, 10)]),
                 english: "SO2 24-h 100 ppb is below 305 ppb, where the 24-hour table starts (TAD 2024 Table 6): below it the 1-hour value gives the SO2 index",
                 french: "SO2 24 h 100 ppb est inférieur à 305 ppb, où commence le tableau sur 24 h (TAD 2024, tableau 6) : en dessous, la valeur sur 1 h donne l'indice du SO2"),
        NoteCase(name: "HJ 633-2026 SO2 1-h above 800 µg/m³",
                 report: computed(.china, [reading(.so2, .hour1, 850)]),
                 english: "SO2 1-h 850 µg/m³ is above 800 µg/m³: IAQI 200 (HJ 633-2026 Table 3 note b)",
                 french: "SO2 1 h 850 µg/m³ dépasse 800 µg/m³ : IAQI 200 (HJ 633-2026, tableau 3, note b)",
                 others: [.chinese: "SO2 1 小时 850 µg/m³ 高于 800 µg/m³：IAQI 为 200（HJ 633-2026 表 3 注 b）"]),
        NoteCase(name: "HJ 633-2012 SO2 1-h above 800 µg/m³",
                 report: computed(.china2012, [reading(.so2, .hour1, 850.5), reading(.pm2_5, .hours24, 50)]),
                 english: "SO2 1-h 850.5 µg/m³ is above 800 µg/m³: no IAQI from it; SO2 is reported from its 24-hour value (HJ 633-2012 Table 1 note 2)",
                 french: "SO2 1 h 850,5 µg/m³ dépasse 800 µg/m³ : aucun IAQI n'en est calculé ; le SO2 est rapporté d'après sa valeur sur 24 h "
                    + "(HJ 633-2012, tableau 1, note 2)",
                 others: [.chinese: "SO2 1 小时 850.5 µg/m³ 高于 800 µg/m³：不再计算其 IAQI，SO2 按 24 小时平均浓度计算的分指数报告（HJ 633-2012 表 1 注 2）"],
                 number: "850.5"),
        NoteCase(name: "HJ 633-2026 O3 8-h above 800 µg/m³",
                 report: computed(.china, [reading(.o3, .hours8, 900)]),
                 english: "O3 8-h 900 µg/m³ is above 800 µg/m³: IAQI 300 (HJ 633-2026 Table 3 note c)",
                 french: "O3 8 h 900 µg/m³ dépasse 800 µg/m³ : IAQI 300 (HJ 633-2026, tableau 3, note c)"),
        NoteCase(name: "HJ 633-2012 O3 8-h above 800 µg/m³",
                 report: computed(.china2012, [reading(.o3, .hours8, 900.5), reading(.o3, .hour1, 300)]),
                 english: "O3 8-h 900.5 µg/m³ is above 800 µg/m³: no IAQI from it; O3 is reported from its 1-hour value (HJ 633-2012 Table 1 note 3)",
                 french: "O3 8 h 900,5 µg/m³ dépasse 800 µg/m³ : aucun IAQI n'en est calculé ; l'O3 est rapporté d'après sa valeur sur 1 h "
                    + "(HJ 633-2012, tableau 1, note 3)",
                 others: [.german: "O3 8-h 900,5 µg/m³ liegt über 800 µg/m³: daraus wird kein IAQI berechnet; O3 wird nach seinem 1-Stunden-Wert gemeldet "
                            + "(HJ 633-2012, Tabelle 1, Anmerkung 3)"],
                 number: "900.5"),
        NoteCase(name: "HJ 633-2026 particles' 1-h value on the 24-hour column",
                 report: computed(.china, [reading(.pm2_5, .hour1, 50)]),
                 english: "PM2.5 1-h value indexed on the 24-hour column, as the HJ 633-2026 real-time report does",
                 french: "valeur sur 1 h de PM2.5 indexée sur la colonne 24 h, comme le fait le rapport en temps réel de HJ 633-2026",
                 others: [.chinese: "PM2.5 1 小时值按 24 小时列计算分指数，与 HJ 633-2026 实时报的做法相同"]),
        NoteCase(name: "HJ 633-2012 particles' 1-h value, series too short",
                 report: computed(.china2012, [reading(.pm10, .hour1, 50)]),
                 english: "PM10 1-h value indexed on the 24-hour column: HJ 633-2012 asks for the 24-hour moving mean, which the data was too short for",
                 french: "valeur sur 1 h de PM10 indexée sur la colonne 24 h : HJ 633-2012 demande la moyenne glissante sur 24 h, "
                    + "pour laquelle les données étaient trop courtes"),
        NoteCase(name: "HJ 633 beyond the scale",
                 report: computed(.china2012, [reading(.co, .hour1, 160.5, .milligramsPerCubicMetre)]),
                 english: "CO 1h 160.5 mg/m3 is beyond the scale: above 150 mg/m3, HJ 633-2012's IAQI-500 breakpoint, nothing is defined, "
                    + "so 500 Severely Polluted is shown",
                 french: "CO 1h 160,5 mg/m3 est hors échelle : au-delà de 150 mg/m3, seuil de l'IAQI 500 selon HJ 633-2012, rien n'est défini, "
                    + "donc 500 Gravement pollué est affiché",
                 others: [.chinese: "CO 1h 160.5 mg/m3 超出量程：高于 150 mg/m3（HJ 633-2012 的 IAQI 500 浓度限值）无定义，因此显示 500 严重污染"],
                 number: "160.5"),
        NoteCase(name: "India above CPCB's calculator",
                 report: computed(.india, [reading(.co, .hours8, 55.5, .milligramsPerCubicMetre), reading(.pm2_5, .hours24, 50),
                                           reading(.no2, .hours24, 30)]),
                 english: "CO 55.5 mg/m3 is above 51, where CPCB's calculator reaches 500; CPCB's Severe band is open-ended (above 34), so 500 Severe is shown",
                 french: "CO 55,5 mg/m3 dépasse 51, où le calculateur du CPCB atteint 500 ; la classe « Sévère » du CPCB est ouverte vers le haut "
                    + "(au-delà de 34), donc 500 Sévère est affiché",
                 others: [.german: "CO 55,5 mg/m3 liegt über 51, wo der Rechner des CPCB 500 erreicht; die Klasse „Schwerwiegend“ des CPCB ist nach oben "
                            + "offen (über 34), daher wird 500 Schwerwiegend angezeigt"],
                 number: "55.5"),
        NoteCase(name: "AQHI below 1 shown as 1",
                 report: computed(.canada, [reading(.no2, .hours3, 1, .ppb), reading(.o3, .hours3, 1, .ppb), reading(.pm2_5, .hours3, 1)]),
                 english: "AQHI 0.18 is shown as 1: ECCC's scale runs from 1 to 10+",
                 french: "AQHI 0,18 affiché comme 1 : l'échelle d'ECCC va de 1 à 10+",
                 others: [.german: "AQHI 0,18 wird als 1 angezeigt: die Skala von ECCC reicht von 1 bis 10+",
                          .chinese: "AQHI 0.18 显示为 1：ECCC 的量表从 1 到 10+"],
                 number: "0.18"),
        NoteCase(name: "a sensor's short run of readings",
                 report: sensor("purpleair", hours: 3),
                 english: "PM2.5 NowCast from 3 h of purpleair readings",
                 french: "PM2.5 NowCast d'après 3 h de relevés du capteur purpleair",
                 others: [.german: "PM2.5 NowCast aus 3 h Messwerten von purpleair", .chinese: "PM2.5 NowCast：基于 3 小时的 purpleair 读数"]),
        NoteCase(name: "a sensor's PM2.5 as measured",
                 report: sensor("airgradient", hours: 24, uncorrected: airGradient),
                 english: "PM2.5 uncorrected (pm02 as measured: no humidity for the US EPA correction), from airgradient",
                 french: "PM2.5 non corrigées (pm02 telle que mesurée : pas d'humidité pour la correction de l'US EPA), source : airgradient",
                 others: [.chinese: "PM2.5 未校正（pm02 按实测值：缺少湿度，无法进行 US EPA 校正），来自 airgradient"]),
    ]

    /// The note of `report` whose English is `english`.
    static func note(_ report: AirQualityReport, _ english: String) throws -> IndexNote {
        try #require(report.index.notes.first { $0.text == english }, "notes: \(report.index.notes.map(\.text))")
    }

    /// The tooltip's lines for `report` in `language`, as the people's copy renders them.
    static func tooltip(_ report: AirQualityReport, _ language: Language) -> [String] {
        let conditions = CityConditions(location: Location(name: "Test", latitude: 0, longitude: 0),
                                        fetchedAt: Timestamp(timeIntervalSince1970: 1_795_000_000))
        return L10n.$language.withValue(language) {
            Format.details(conditions: conditions, report: report, standard: report.index.standard, units: .metric, icons: .none,
                           ageSeconds: nil, stale: false, errors: [])
        }
    }

    @Test("in English the tooltip's note is the model's text, as before (json, MQTT and the history read that text)", arguments: cases)
    func englishUnchanged(_ c: NoteCase) throws {
        let report = try c.report()
        let note = try Self.note(report, c.english)
        #expect(Format.note(note) == c.english)
        #expect(Self.tooltip(report, .english).contains("  " + c.english))
    }

    @Test("a French tooltip shows the note in French, its numbers with a decimal comma", arguments: cases)
    func french(_ c: NoteCase) throws {
        let report = try c.report()
        let lines = Self.tooltip(report, .french)
        #expect(lines.contains("  " + c.french), "\(lines)")
        #expect(!lines.contains("  " + c.english))
        // The note the model holds stays English whatever the language (what json writes).
        #expect(L10n.$language.withValue(.french) { try? Self.note(report, c.english).text } == c.english)
    }

    @Test("German, Spanish and Chinese tooltips show their translation", arguments: cases.filter { !$0.others.isEmpty })
    func others(_ c: NoteCase) throws {
        let report = try c.report()
        for (language, expected) in c.others {
            let lines = Self.tooltip(report, language)
            #expect(lines.contains("  " + expected), "\(language): \(lines)")
        }
    }

    @Test("every note is translated in every language, with the language's decimal mark",
          arguments: cases, [Language.chinese, .german, .spanish, .french])
    func everyLanguage(_ c: NoteCase, _ language: Language) throws {
        let note = try Self.note(try c.report(), c.english)
        let text = L10n.$language.withValue(language) { Format.note(note) }
        #expect(text != c.english, "\(language): untranslated")
        if let number = c.number {
            let written = language.usesDecimalComma ? number.replacingOccurrences(of: ".", with: ",") : number
            #expect(text.contains(written), "\(language): \(text)")
        }
        // No number keeps the point in a decimal-comma language ("PM2.5" and "pm2_5" are names).
        let digits = Array(text.replacingOccurrences(of: "PM2.5", with: "").replacingOccurrences(of: "PM10", with: ""))
        let mark: Character = language.usesDecimalComma ? "." : ","
        let stray = digits.indices.dropFirst().dropLast().contains { digits[$0] == mark && digits[$0 - 1].isNumber && digits[$0 + 1].isNumber }
        #expect(!stray, "\(language): \(text)")
    }

    @Test("the ppb ↔ µg/m³ conditions above the notes take the language's decimal mark")
    func conversionConditions() throws {
        let report = AirQualityReport(index: try AQIStandard.us.index(from: [reading(.no2, .hour1, 94.1)]), computed: true, source: "calculator")
        #expect(Self.tooltip(report, .english).contains("  ppb ↔ µg/m³ at 25 °C, 101.325 kPa"))
        #expect(Self.tooltip(report, .french).contains("  ppb ↔ µg/m³ à 25 °C, 101,325 kPa"), "\(Self.tooltip(report, .french))")
        #expect(Self.tooltip(report, .chinese).contains { $0.contains("25 °C, 101.325 kPa") })
    }

    @Test("the AQHI's basis line follows the language too")
    func aqhiBasis() throws {
        let threeHours = try AQIStandard.canada.index(from: [reading(.no2, .hours3, 20, .ppb), reading(.o3, .hours3, 30, .ppb), reading(.pm2_5, .hours3, 10)])
        let mixed = try AQIStandard.canada.index(from: [reading(.no2, .hours3, 20, .ppb), reading(.o3, .hours3, 30, .ppb), reading(.pm2_5, .hour1, 10)])
        #expect(Format.termsBasis(threeHours) == threeHours.termsBasis)
        #expect(Format.termsBasis(mixed) == mixed.termsBasis)
        #expect(L10n.$language.withValue(.french) { Format.termsBasis(threeHours) } == "AQHI d'après les moyennes sur 3 h de NO2, O3, PM2.5")
        #expect(L10n.$language.withValue(.chinese) { Format.termsBasis(mixed) } == "AQHI 基于 NO2 3h, O3 3h, PM2.5 1h")
        #expect(Format.termsBasis(try AQIStandard.us.index(from: [reading(.pm2_5, .hours24, 10)])) == nil)
    }
}
