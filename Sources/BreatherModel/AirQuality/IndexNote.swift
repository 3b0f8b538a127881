/// A footnote rule of the standard that shaped the index: a reading that got no sub-index
/// (the standard indexes that range with another averaging period) or a value decided or
/// bounded by such a rule. The note holds what it says as data (`kind`, with its values);
/// `text` is its English sentence, which json, MQTT and the history keep in every language,
/// and the people's outputs word `kind` in their own language (BreatherViewModel's
/// `Format.note`). The calculator refuses a pollutant that got no sub-index at all and says
/// which period to give (`needs`).
public struct IndexNote: Sendable, Hashable {
    /// The pollutant the rule is about; nil for a rule about the whole index (AQHI minimum 1).
    public var pollutant: Pollutant?
    /// The period of the reading the rule applied to; nil with `pollutant`.
    public var period: AveragingPeriod?
    /// The period the standard takes this range from, when another reading would decide it.
    public var needs: AveragingPeriod?
    /// What the rule says, with its values.
    public var kind: Kind

    /// The rule in one English sentence, citing the standard.
    public var text: String { kind.english }

    /// A note on `pollutant`'s `period` reading, naming the period that `needs` to be given, if any.
    public init(_ pollutant: Pollutant, _ period: AveragingPeriod, needs: AveragingPeriod? = nil, _ kind: Kind) {
        self.pollutant = pollutant
        self.period = period
        self.needs = needs
        self.kind = kind
    }

    /// A note about the whole index.
    public init(_ kind: Kind) {
        self.pollutant = nil
        self.period = nil
        self.needs = nil
        self.kind = kind
    }

    /// What a note says. Concentrations are as indexed, in the unit the rule names (`plain`
    /// writes them); each case's English sentence is in `english`.
    public enum Kind: Sendable, Hashable {
        /// US (TAD 2024 Table 6): O3 over `period` (8-h or NowCast) above 0.200 ppm, where the 8-hour
        /// rows stop, with a 1-hour value that counts: that value gives the O3 index.
        case usOzoneAboveEightHourRows(AveragingPeriod, ppm: Double)
        /// US: the same with no 1-hour value that counts: at least 301 is shown.
        case usOzoneAboveEightHourRowsAlone(AveragingPeriod, ppm: Double)
        /// US: O3 1-h below 0.125 ppm, where the 1-hour rows start: the 8-hour mean gives the index.
        case usOzoneBelowOneHourRows(ppm: Double)
        /// US: SO2 1-h at 305 ppb or more with no 24-hour mean: 200 is shown.
        case usSulfurDioxideAboveOneHourRows(ppb: Double)
        /// US: SO2 24-h below 305 ppb, where the 24-hour rows start, with no 1-hour value.
        case usSulfurDioxideBelowDayRows(ppb: Double)
        /// HJ 633-2026 Table 3 note b: SO2 1-h above 800 µg/m³ is IAQI 200.
        case chinaSulfurDioxideHourAt200(microgramsPerCubicMetre: Double)
        /// HJ 633-2012 Table 1 note 2: SO2 1-h above 800 µg/m³ gives no IAQI; SO2 is reported from its 24-hour value.
        case chinaSulfurDioxideHourDropped(microgramsPerCubicMetre: Double)
        /// HJ 633-2026 Table 3 note c: O3 8-h above 800 µg/m³ is IAQI 300.
        case chinaOzoneEightHourAt300(microgramsPerCubicMetre: Double)
        /// HJ 633-2012 Table 1 note 3: O3 8-h above 800 µg/m³ gives no IAQI; O3 is reported from its 1-hour value.
        case chinaOzoneEightHourDropped(microgramsPerCubicMetre: Double)
        /// HJ 633-2026: a particles' 1-hour value on the 24-hour column, as its real-time report does.
        case chinaHourOnDayColumn(Pollutant)
        /// HJ 633-2012: a particles' 1-hour value on the 24-hour column, the series too short for its 24-hour moving mean.
        case chinaHourOnDayColumnShortSeries(Pollutant)
        /// HJ 633 (`standard`: `.china` or `.china2012`): a reading above the IAQI-500 breakpoint
        /// `top`, where nothing is defined: 500, Severely Polluted.
        case chinaBeyondScale(Pollutant, AveragingPeriod, concentration: Double, unit: ConcentrationUnit, top: Double, standard: AQIStandard)
        /// India: a reading above `top`, where CPCB's calculator reaches 500, in the open-ended
        /// Severe band (from `severeFrom`): 500 Severe.
        case indiaBeyondCalculator(Pollutant, concentration: Double, unit: ConcentrationUnit, top: Double, severeFrom: Double)
        /// Canada: an AQHI sum (to two decimals) that rounds below 1, shown as 1.
        case aqhiShownAsOne(sum: Double)
        /// A sub-index over `period` from `hours` hours (fewer than a day) of `source`'s readings.
        case sensorHours(Pollutant, AveragingPeriod, hours: Int, source: String)
        /// The PM2.5 sub-index is `source`'s value as measured; `why` is the sensor's label
        /// (`Pollution.sensorUncorrected`: "uncorrected (…)").
        case uncorrectedPM25(why: String, source: String)
    }

    /// A number for a note: "0.1", "850" (at most three decimals, no trailing ".0").
    public static func plain(_ x: Double) -> String { IndexAssembly.plain(x) }
}

extension IndexNote.Kind {
    /// The note in English, citing the standard: what machines read in every language.
    public var english: String {
        let plain = IndexNote.plain
        switch self {
        case .usOzoneAboveEightHourRows(let period, let ppm):
            return "O3 \(Self.eightHourName(period)) \(plain(ppm)) ppm is above 0.200 ppm, where 8-hour values stop "
                + "(TAD 2024 Table 6): the 1-hour value gives the O3 index"
        case .usOzoneAboveEightHourRowsAlone(let period, let ppm):
            return "O3 \(Self.eightHourName(period)) \(plain(ppm)) ppm is above 0.200 ppm: 8-hour values "
                + "do not define index values of 301 and above (TAD 2024 Table 6), so at least 301 is shown; "
                + "the 1-hour value decides the upper range"
        case .usOzoneBelowOneHourRows(let ppm):
            return "O3 1-h \(plain(ppm)) ppm is below 0.125 ppm, where the "
                + "1-hour table starts (TAD 2024 Table 6): below it the 8-hour mean gives the O3 index"
        case .usSulfurDioxideAboveOneHourRows(let ppb):
            return "SO2 1-h \(plain(ppb)) ppb is 305 ppb or more: 1-hour "
                + "values do not define index values above 200 (TAD 2024 Table 6), so 200 is shown; the 24-hour "
                + "mean decides above"
        case .usSulfurDioxideBelowDayRows(let ppb):
            return "SO2 24-h \(plain(ppb)) ppb is below 305 ppb, where the "
                + "24-hour table starts (TAD 2024 Table 6): below it the 1-hour value gives the SO2 index"
        case .chinaSulfurDioxideHourAt200(let c):
            return "SO2 1-h \(plain(c)) µg/m³ is above 800 µg/m³: IAQI 200 (HJ 633-2026 Table 3 note b)"
        case .chinaSulfurDioxideHourDropped(let c):
            return "SO2 1-h \(plain(c)) µg/m³ is above 800 µg/m³: no IAQI from it; SO2 is reported from its "
                + "24-hour value (HJ 633-2012 Table 1 note 2)"
        case .chinaOzoneEightHourAt300(let c):
            return "O3 8-h \(plain(c)) µg/m³ is above 800 µg/m³: IAQI 300 (HJ 633-2026 Table 3 note c)"
        case .chinaOzoneEightHourDropped(let c):
            return "O3 8-h \(plain(c)) µg/m³ is above 800 µg/m³: no IAQI from it; O3 is reported from its "
                + "1-hour value (HJ 633-2012 Table 1 note 3)"
        case .chinaHourOnDayColumn(let p):
            return "\(p.displayName) 1-h value indexed on the 24-hour column, as the HJ 633-2026 real-time report does"
        case .chinaHourOnDayColumnShortSeries(let p):
            return "\(p.displayName) 1-h value indexed on the 24-hour column: HJ 633-2012 asks for the 24-hour moving "
                + "mean, which the data was too short for"
        case .chinaBeyondScale(let p, let period, let c, let unit, let top, let standard):
            return "\(p.displayName) \(period.rawValue) \(plain(c)) \(unit.rawValue) is "
                + "beyond the scale: above \(plain(top)) \(unit.rawValue), \(Self.revisionName(standard))'s IAQI-500 breakpoint, "
                + "nothing is defined, so 500 Severely Polluted is shown"
        case .indiaBeyondCalculator(let p, let c, let unit, let top, let severeFrom):
            return "\(p.displayName) \(plain(c)) \(unit.rawValue) is above "
                + "\(plain(top)), where CPCB's calculator reaches 500; CPCB's Severe band is open-ended "
                + "(above \(plain(severeFrom))), so 500 Severe is shown"
        case .aqhiShownAsOne(let sum):
            return "AQHI \(plain(sum)) is shown as 1: ECCC's scale runs from 1 to 10+"
        case .sensorHours(let p, let period, let hours, let source):
            return "\(p.displayName) \(period.meanName) from \(hours) h of \(source) readings"
        case .uncorrectedPM25(let why, let source):
            return "\(Pollutant.pm2_5.displayName) \(why), from \(source)"
        }
    }

    /// The US ozone rule's name for the reading above the 8-hour rows: "NowCast" or "8-h".
    public static func eightHourName(_ period: AveragingPeriod) -> String {
        period == .nowcast ? "NowCast" : "8-h"
    }

    /// "HJ 633-2012" for `.china2012`, else "HJ 633-2026".
    public static func revisionName(_ standard: AQIStandard) -> String {
        standard == .china2012 ? "HJ 633-2012" : "HJ 633-2026"
    }
}
