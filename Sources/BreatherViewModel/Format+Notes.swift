import BreatherLocale
import BreatherModel

/// The standards' footnote rules under the sub-indices (`IndexNote`) as people read them: in
/// the language being rendered (msgctxt "note"), numbers with its decimal mark. In English each
/// is exactly the note's `text`, which json, MQTT and the history keep in every language.
/// Each msgid is one literal with its context on the same line: CatalogTests reads them so.
extension Format {
    /// `note` in the language being rendered: "O3 8 h 0,25 ppm dépasse 0,200 ppm, où …".
    public static func note(_ note: IndexNote) -> String {
        let n = { (x: Double) in L10n.number(IndexNote.plain(x)) }
        switch note.kind {
        case .usOzoneAboveEightHourRows(let period, let ppm):
            return tr("%s is above 0.200 ppm, where 8-hour values stop (TAD 2024 Table 6): the 1-hour value gives the O3 index", context: "note").filled(reading(.o3, eightHourName(period), n(ppm), "ppm"))
        case .usOzoneAboveEightHourRowsAlone(let period, let ppm):
            return tr("%s is above 0.200 ppm: 8-hour values do not define index values of 301 and above (TAD 2024 Table 6), so at least 301 is shown; the 1-hour value decides the upper range", context: "note")
                .filled(reading(.o3, eightHourName(period), n(ppm), "ppm"))
        case .usOzoneBelowOneHourRows(let ppm):
            return tr("%s is below 0.125 ppm, where the 1-hour table starts (TAD 2024 Table 6): below it the 8-hour mean gives the O3 index", context: "note").filled(reading(.o3, periodName(.hour1), n(ppm), "ppm"))
        case .usSulfurDioxideAboveOneHourRows(let ppb):
            return tr("%s is 305 ppb or more: 1-hour values do not define index values above 200 (TAD 2024 Table 6), so 200 is shown; the 24-hour mean decides above", context: "note")
                .filled(reading(.so2, periodName(.hour1), n(ppb), "ppb"))
        case .usSulfurDioxideBelowDayRows(let ppb):
            return tr("%s is below 305 ppb, where the 24-hour table starts (TAD 2024 Table 6): below it the 1-hour value gives the SO2 index", context: "note").filled(reading(.so2, periodName(.hours24), n(ppb), "ppb"))
        case .chinaSulfurDioxideHourAt200(let c):
            return tr("%s is above 800 µg/m³: IAQI 200 (HJ 633-2026 Table 3 note b)", context: "note")
                .filled(reading(.so2, periodName(.hour1), n(c), "µg/m³"))
        case .chinaSulfurDioxideHourDropped(let c):
            return tr("%s is above 800 µg/m³: no IAQI from it; SO2 is reported from its 24-hour value (HJ 633-2012 Table 1 note 2)", context: "note").filled(reading(.so2, periodName(.hour1), n(c), "µg/m³"))
        case .chinaOzoneEightHourAt300(let c):
            return tr("%s is above 800 µg/m³: IAQI 300 (HJ 633-2026 Table 3 note c)", context: "note")
                .filled(reading(.o3, periodName(.hours8), n(c), "µg/m³"))
        case .chinaOzoneEightHourDropped(let c):
            return tr("%s is above 800 µg/m³: no IAQI from it; O3 is reported from its 1-hour value (HJ 633-2012 Table 1 note 3)", context: "note").filled(reading(.o3, periodName(.hours8), n(c), "µg/m³"))
        case .chinaHourOnDayColumn(let p):
            return tr("%s 1-h value indexed on the 24-hour column, as the HJ 633-2026 real-time report does", context: "note")
                .filled(p.displayName)
        case .chinaHourOnDayColumnShortSeries(let p):
            return tr("%s 1-h value indexed on the 24-hour column: HJ 633-2012 asks for the 24-hour moving mean, which the data was too short for", context: "note").filled(p.displayName)
        case .chinaBeyondScale(let p, let period, let c, let unit, let top, let standard):
            // The period and unit as the standard's table writes them ("24h", "ug/m3"), in every language.
            return tr("%s is beyond the scale: above %s, %s's IAQI-500 breakpoint, nothing is defined, so 500 %s is shown", context: "note")
                .filled(reading(p, period.rawValue, n(c), unit.rawValue), "\(n(top)) \(unit.rawValue)",
                        IndexNote.Kind.revisionName(standard), categoryName(standard.category(forIndex: 500), standard))
        case .indiaBeyondCalculator(let p, let c, let unit, let top, let severeFrom):
            return tr("%s is above %s, where CPCB's calculator reaches 500; CPCB's Severe band is open-ended (above %s), so 500 %s is shown", context: "note")
                .filled("\(p.displayName) \(n(c)) \(unit.rawValue)", n(top), n(severeFrom),
                        categoryName(AQIStandard.india.category(forIndex: 500), .india))
        case .aqhiShownAsOne(let sum):
            return tr("AQHI %s is shown as 1: ECCC's scale runs from 1 to 10+", context: "note").filled(n(sum))
        case .sensorHours(let p, let period, let hours, let source):
            return tr("%s %s from %s h of %s readings", context: "note").filled(p.displayName, meanName(period), String(hours), source)
        case .uncorrectedPM25(let why, let source):
            // The sensor's label in the catalogs (a label from elsewhere, an older version's in
            // the cache, shows as written).
            return tr("PM2.5 %s, from %s", context: "note").filled(tr(why, context: "sensor correction"), source)
        }
    }

    /// For a summed index (the AQHI), what it was computed from, in the language being rendered:
    /// "AQHI from 3-h means of NO2, O3, PM2.5" (`AirQualityIndex.termsBasis` in English); nil for
    /// the other standards.
    public static func termsBasis(_ index: AirQualityIndex) -> String? {
        guard index.standard.sumsTerms else { return nil }
        if index.subIndices.allSatisfy({ $0.period == .hours3 }) {
            return tr("AQHI from 3-h means of %s", context: "note").filled(index.subIndices.map(\.pollutant.displayName).joined(separator: ", "))
        }
        return tr("AQHI from %s", context: "note")
            .filled(index.subIndices.map { "\($0.pollutant.displayName) \($0.period.rawValue)" }.joined(separator: ", "))
    }

    /// "O3 8-h 0.25 ppm": a reading as a note names it.
    private static func reading(_ pollutant: Pollutant, _ period: String, _ value: String, _ unit: String) -> String {
        "\(pollutant.displayName) \(period) \(value) \(unit)"
    }

    /// The US ozone rule's reading above the 8-hour rows: "NowCast" (a name) or "8-h".
    private static func eightHourName(_ period: AveragingPeriod) -> String {
        period == .nowcast ? IndexNote.Kind.eightHourName(period) : periodName(.hours8)
    }

    /// "1-h", "8-h", "24-h" before a value in a note.
    private static func periodName(_ period: AveragingPeriod) -> String {
        switch period {
        case .hour1: tr("1-h", context: "note")
        case .hours8: tr("8-h", context: "note")
        case .hours24: tr("24-h", context: "note")
        case .nowcast, .minutes15, .hours3: period.rawValue  // no rule names them this way
        }
    }

    /// "NowCast", "1-h mean", "24-h mean" (`AveragingPeriod.meanName` in English).
    private static func meanName(_ period: AveragingPeriod) -> String {
        switch period {
        case .nowcast: tr("NowCast", context: "note")
        case .minutes15: tr("15-min mean", context: "note")
        case .hour1: tr("1-h mean", context: "note")
        case .hours3: tr("3-h mean", context: "note")
        case .hours8: tr("8-h mean", context: "note")
        case .hours24: tr("24-h mean", context: "note")
        }
    }
}
