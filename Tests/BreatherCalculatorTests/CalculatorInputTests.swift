import BreatherCalculator
import BreatherModel
import Testing

@Suite("calculator argument parsing")
struct CalculatorInputTests {
    @Test("defaults: the standard's usual period and µg/m³")
    func defaults() throws {
        let us = try CalculatorInput.reading(from: "pm2_5=35.5", standard: .us)
        #expect(us == PollutantReading(pollutant: .pm2_5, period: .hours24, value: 35.5, unit: .microgramsPerCubicMetre))
        let uk = try CalculatorInput.reading(from: "so2=120", standard: .uk)
        #expect(uk.period == .minutes15)
        let canada = try CalculatorInput.reading(from: "o3=60", standard: .canada)
        #expect(canada.period == .hours3)
    }

    @Test("explicit period and every unit spelling")
    func periodAndUnits() throws {
        #expect(try CalculatorInput.reading(from: "o3:1h=80ppb", standard: .us)
                == PollutantReading(pollutant: .o3, period: .hour1, value: 80, unit: .ppb))
        #expect(try CalculatorInput.reading(from: "co=0.9mg/m3", standard: .china).unit == .milligramsPerCubicMetre)
        #expect(try CalculatorInput.reading(from: "co=4.5 ppm", standard: .us).unit == .ppm)
        #expect(try CalculatorInput.reading(from: "PM10=40µg/m³", standard: .eu).value == 40)
        #expect(try CalculatorInput.reading(from: "no2=1e2ug/m3", standard: .eu).value == 100)
    }

    @Test("unknown pollutant, period and unit name the valid choices")
    func unknownChoices() {
        #expect(throws: CalculatorInputError.unknownPollutant("pm1")) { try CalculatorInput.reading(from: "pm1=3", standard: .us) }
        #expect(CalculatorInputError.unknownPollutant("pm1").description.contains("pm2_5, pm10, o3, no2, so2, co"))
        #expect(throws: CalculatorInputError.unknownPeriod("2h")) { try CalculatorInput.reading(from: "o3:2h=3", standard: .us) }
        #expect(CalculatorInputError.unknownPeriod("2h").description.contains("15min, 1h, 3h, 8h, 24h"))
        #expect(throws: CalculatorInputError.unknownUnit("ppt")) { try CalculatorInput.reading(from: "o3=3ppt", standard: .us) }
        #expect(CalculatorInputError.unknownUnit("ppt").description.contains("ug/m3, mg/m3, ppb, ppm"))
    }

    @Test("a period the standard has no table for lists the ones it has")
    func periodNotUsed() {
        #expect(throws: CalculatorInputError.periodNotUsed(.pm2_5, .hour1, .us)) {
            try CalculatorInput.reading(from: "pm2_5:1h=3", standard: .us)
        }
        #expect(CalculatorInputError.periodNotUsed(.o3, .hours24, .us).description.hasSuffix("valid periods: 1h, 8h"))
        #expect(throws: CalculatorInputError.pollutantNotUsed(.co, .eu)) { try CalculatorInput.reading(from: "co=300", standard: .eu) }
    }

    @Test("negative, non-numeric and missing '=' are refused")
    func badValues() {
        #expect(throws: CalculatorInputError.negativeValue("pm10=-4")) { try CalculatorInput.reading(from: "pm10=-4", standard: .us) }
        #expect(throws: CalculatorInputError.notANumber("pm10=abc")) { try CalculatorInput.reading(from: "pm10=abc", standard: .us) }
        #expect(throws: CalculatorInputError.notANumber("pm10=")) { try CalculatorInput.reading(from: "pm10=", standard: .us) }
        #expect(throws: CalculatorInputError.malformed("pm10")) { try CalculatorInput.reading(from: "pm10", standard: .us) }
    }

    @Test("inf, nan and numbers beyond a Double are refused as not finite, naming valid input", arguments: [
        "pm2_5=inf", "pm2_5=-inf", "pm2_5=+Infinity", "pm2_5=nan", "pm2_5=NaNppb", "pm2_5=1e400", "pm2_5=-1e400ug/m3",
    ])
    func notFinite(argument: String) {
        #expect(throws: CalculatorInputError.notFinite(argument)) { try CalculatorInput.reading(from: argument, standard: .us) }
        #expect(CalculatorInputError.notFinite(argument).description.contains("finite decimal number such as 35.5"))
    }

    @Test("a pollutant twice for the same period is refused; other periods are not")
    func givenTwice() throws {
        #expect(throws: CalculatorInputError.givenTwice(.pm2_5, .hours24)) {
            try CalculatorInput.readings(from: ["pm2_5=3", "pm10=4", "pm2_5=5"], standard: .us)
        }
        // The default period counts: o3 is o3:8h under the US table.
        #expect(throws: CalculatorInputError.givenTwice(.o3, .hours8)) {
            try CalculatorInput.readings(from: ["o3=0.07ppm", "o3:8h=0.08ppm"], standard: .us)
        }
        #expect(CalculatorInputError.givenTwice(.pm2_5, .hours24).description.hasPrefix("pm2_5:24h given twice"))
        let both = try CalculatorInput.readings(from: ["o3:1h=0.13ppm", "o3:8h=0.08ppm"], standard: .us)
        #expect(both.map(\.period) == [.hour1, .hours8])
    }

    @Test("CO that looks like the wrong unit is warned about, with the likely one", arguments: [
        ("co=5000ppm", "5724 mg/m3", " (ppb?)"),  // 5 000 000 ppb × 28.0101 / 24.4654 µg/m³
        ("co=5000mg/m3", "5000 mg/m3", " (ug/m3?)"),
        ("co=0.9", "0.9 ug/m3", " (mg/m3?)"),
        ("co=0.5ppb", "0.572 ug/m3", " (ppm?)"),
        ("co=0.0001mg/m3", "0.1 ug/m3", ""),
    ])
    func carbonMonoxideUnitWarning(argument: String, amount: String, suggestion: String) throws {
        let reading = try CalculatorInput.reading(from: argument, standard: .us)
        let warning = try #require(CalculatorInput.unitWarning(for: reading, argument: argument))
        #expect(warning.hasPrefix("'\(argument)' is \(amount), "))
        #expect(warning.hasSuffix("it looks like the wrong unit" + suggestion))
    }

    @Test("ordinary CO, zero and other pollutants get no unit warning", arguments: [
        "co=0.9mg/m3", "co=9ppm", "co=400ppb", "co=230", "co=150mg/m3", "co=0", "pm2_5=0.5", "no2=5000ppm",
    ])
    func noUnitWarning(argument: String) throws {
        let reading = try CalculatorInput.reading(from: argument, standard: .china)
        #expect(CalculatorInput.unitWarning(for: reading, argument: argument) == nil)
    }

    @Test("model errors state the data problem only; the calculator's hint is separate")
    func errorsAndHints() {
        let errors: [AQIError] = [
            .noUsablePollutants(.us), .noUsablePollutants(.canada), .noUsablePollutants(.india), .noUsablePollutants(.eu),
            .unsupportedUnit(.pm2_5, .ppb), .invalidConcentration(.no2, -1), .unsupportedPeriod(.no2, .hours24, .us),
        ]
        for error in errors {
            // No calculator syntax (o3:8h, pm2_5=…, "valid periods", "use ug/m3") in what providers quote.
            for hint in [":8h", ":1h", "=", "valid periods", "use ", "give "] {
                #expect(!error.description.contains(hint), "\(error.description)")
            }
        }
        #expect(AQIError.unsupportedPeriod(.no2, .hours24, .us).description == "us has no 24h table for NO2")
        #expect(CalculatorInput.hint(for: .unsupportedPeriod(.o3, .hours24, .us)) == "valid periods: 1h, 8h")
        #expect(CalculatorInput.hint(for: .unsupportedUnit(.pm10, .ppm)) == "use ug/m3 or mg/m3")
        #expect(CalculatorInput.hint(for: .noUsablePollutants(.canada))?.contains("o3=30ppb no2=20ppb pm2_5=10") == true)
        #expect(CalculatorInput.hint(for: .noUsablePollutants(.eu)) == "eu uses: pm2_5, pm10, o3, no2, so2")
    }

    @Test("parsed readings index to hand-computed values not in the reference")
    func parsedReadingsIndex() throws {
        // US O3 8-h 0.078 ppm: (150-101)/(0.085-0.071)×(0.078-0.071)+101 = 125.5 → 126.
        let o3 = try CalculatorInput.reading(from: "o3=0.078ppm", standard: .us)
        #expect(try AQIStandard.us.index(from: [o3]).value == 126)
        // China 2026 CO 24-h 3 mg/m³: (100-50)/(4-2)×(3-2)+50 = 75 (rounded up).
        let co = try CalculatorInput.reading(from: "co=3mg/m3", standard: .china)
        #expect(try AQIStandard.china.index(from: [co]).value == 75)
    }

    // Issue 15 rule 6: input hygiene.

    @Test("-0 is zero, not a negative value or \"-0\"", arguments: ["pm2_5=-0", "pm2_5=-0.0", "pm2_5=-0e3ug/m3"])
    func negativeZero(argument: String) throws {
        let value = try CalculatorInput.reading(from: argument, standard: .us).value
        #expect(value == 0 && value.sign == .plus)
        #expect("\(value)" == "0.0")
    }

    @Test("an invisible character gets its own message, shown escaped", arguments: [
        ("pm2_5=12\u{1B}", "pm2_5=12<U+001B>", "U+001B"),
        ("pm2_5=1\u{0}2", "pm2_5=1<U+0000>2", "U+0000"),
        ("pm2\u{200B}_5=12", "pm2<U+200B>_5=12", "U+200B"),
        ("o3=80\u{7F}ppb", "o3=80<U+007F>ppb", "U+007F"),
    ])
    func controlCharacter(argument: String, shown: String, codePoint: String) {
        #expect(throws: CalculatorInputError.controlCharacter(shown, codePoint)) {
            try CalculatorInput.reading(from: argument, standard: .us)
        }
        let message = CalculatorInputError.controlCharacter(shown, codePoint).description
        #expect(message == "'\(shown)' holds the invisible character \(codePoint); type the reading again without it")
        #expect(!message.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test("white space at the ends is trimmed as everywhere, not called a control character")
    func surroundingWhiteSpace() throws {
        #expect(try CalculatorInput.reading(from: "pm2_5=12\r\n", standard: .us).value == 12)
        #expect(try CalculatorInput.reading(from: "pm2_5=12 ug/m3", standard: .us).value == 12)
    }

    @Test("digit separators and decimal commas are named, not called an unknown unit", arguments: [
        ("pm2_5=1,000", Character(",")), ("pm2_5=12,5", ","), ("pm2_5=1 000", " "), ("pm2_5=1\u{202F}000ug/m3", "\u{202F}"),
        ("pm2_5=1'000", "'"), ("pm2_5=1_000", "_"), ("pm2_5=1.000,5", ","),
    ])
    func digitSeparator(argument: String, separator: Character) {
        #expect(throws: CalculatorInputError.digitSeparator(argument, separator)) {
            try CalculatorInput.reading(from: argument, standard: .us)
        }
        #expect(CalculatorInputError.digitSeparator(argument, separator).description.hasSuffix("write 1000 or 1.5"))
    }

    // Issue 15 rule 4: HJ 633-2026's real-time report indexes 1-hour PM on the 24-hour column.
    @Test func chinaRealTimeParticlesAreAccepted() throws {
        #expect(try CalculatorInput.reading(from: "pm2_5:1h=50", standard: .china).period == .hour1)
        #expect(try CalculatorInput.reading(from: "pm10:1h=50", standard: .china).period == .hour1)
        // HJ 633-2012's real-time report uses 24-hour moving means for PM.
        #expect(throws: CalculatorInputError.periodNotUsed(.pm2_5, .hour1, .china2012)) {
            try CalculatorInput.reading(from: "pm2_5:1h=50", standard: .china2012)
        }
    }

    // Issues 15 rules 1 and 3: a typed pollutant the standard indexes from another period.
    @Test("a typed pollutant left without a sub-index is refused with the period to add", arguments: [
        (AQIStandard.us, ["o3:1h=0.1ppm", "pm2_5=12"], "O3 1-h 0.1 ppm is below 0.125 ppm", "; give o3:8h"),
        (.us, ["so2:24h=200ppb", "no2=40ppb"], "SO2 24-h 200 ppb is below 305 ppb", "; give so2:1h"),
        (.china2012, ["so2:1h=900", "pm2_5=50"], "SO2 1-h 900 µg/m³ is above 800 µg/m³", "; give so2:24h"),
        (.china2012, ["o3:8h=900", "no2=40"], "O3 8-h 900 µg/m³ is above 800 µg/m³", "; give o3:1h"),
    ])
    func missingPeriod(standard: AQIStandard, arguments: [String], start: String, end: String) throws {
        let readings = try CalculatorInput.readings(from: arguments, standard: standard)
        let message = try #require(CalculatorInput.missingPeriod(in: try standard.index(from: readings)))
        #expect(message.hasPrefix(start))
        #expect(message.hasSuffix(end))
    }

    @Test("a bounded value with the other period missing is computed, not refused")
    func boundedIsNotMissing() throws {
        // US O3 8-h 0.25 ppm alone: at least 301 with a note; O3 has a sub-index, so no refusal.
        let index = try AQIStandard.us.index(from: [try CalculatorInput.reading(from: "o3=0.25ppm", standard: .us)])
        #expect(index.value == 301)
        #expect(CalculatorInput.missingPeriod(in: index) == nil)
        #expect(CalculatorInput.hint(for: .notIndexable(IndexNote(.o3, .hour1, needs: .hours8, .usOzoneBelowOneHourRows(ppm: 0.1)))) == "give o3:8h")
    }
}
