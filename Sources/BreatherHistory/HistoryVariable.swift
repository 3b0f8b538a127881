import BreatherModel

/// One kind of value the history keeps: its name (the CSV column and json field), unit and
/// averaging period. The names are the json output's where one exists (`pm2_5`,
/// `temperature_c`); every concentration is in µg/m³ as the providers' hourly series are.
public struct HistoryVariable: Sendable, Hashable {
    /// The column and field name, e.g. `pm2_5`, `reported_us`, `pollen_birch`, `uv_index`.
    public let name: String
    /// The unit, as written into the store's `variable` table (`ug/m3`, `C`, `hPa`, …).
    public let unit: String
    /// The averaging period (`1h` for an hourly concentration, `instant` for a reading).
    public let period: String
    /// The values a live reading of it may have (`Plausibility`): an import refuses the others.
    public let limits: ClosedRange<Double>
    /// The unit as an error line names it (`µg/m³`, `°C`; empty for an index).
    let shownUnit: String

    init(_ name: String, _ unit: String, _ period: String, _ limits: ClosedRange<Double>, _ shownUnit: String) {
        self.name = name
        self.unit = unit
        self.period = period
        self.limits = limits
        self.shownUnit = shownUnit
    }

    /// Every variable in column order: concentrations, indices providers reported, weather,
    /// pollen, the UV index, asthma risk, then the indoor sensor's readings (last: an export
    /// written before they existed has the same columns without them, and still imports).
    public static let all: [HistoryVariable] = {
        typealias P = Plausibility
        let reported = Double(P.reportedIndex.lowerBound)...Double(P.reportedIndex.upperBound)
        return Pollutant.allCases.map { HistoryVariable($0.rawValue, "ug/m3", "1h", P.concentration, "µg/m³") }
            + AQIStandard.allCases.map { HistoryVariable(reportedName($0), "index", "provider", reported, "") }
            + [HistoryVariable("temperature_c", "C", "instant", P.temperatureC, "°C"),
               HistoryVariable("humidity", "%", "instant", P.humidityPercent, "%"),
               HistoryVariable("pressure_hpa", "hPa", "instant", P.pressureHPa, "hPa"),
               HistoryVariable("wind_speed_ms", "m/s", "instant", P.windSpeedMS, "m/s"),
               HistoryVariable("wind_direction_deg", "deg", "instant", P.windDirectionDeg, "°")]
            + PollenType.allCases.map { HistoryVariable(pollenName($0), "grains/m3", "1h", P.pollenCount, "grains/m³") }
            + [HistoryVariable("uv_index", "index", "1h", P.uvIndex, "")]
            + [HistoryVariable("asthma_risk", "level 0-3", "day", 0...3, ""), HistoryVariable("asthma_probability", "0-1", "day", 0...1, "")]
            + indoor
    }()

    /// The indoor sensor's readings (`[sources] indoor`), kept apart from the outdoor air's so
    /// no index or sparkline is worked out from indoor particles.
    public static let indoor: [HistoryVariable] = [
        HistoryVariable("indoor_pm2_5", "ug/m3", "instant", Plausibility.sensorParticles, "µg/m³"),
        HistoryVariable("indoor_co2_ppm", "ppm", "instant", Plausibility.co2PPM, "ppm"),
        HistoryVariable("indoor_temperature_c", "C", "instant", Plausibility.temperatureC, "°C"),
        HistoryVariable("indoor_humidity", "%", "instant", Plausibility.humidityPercent, "%"),
    ]

    /// A two-channel PurpleAir's PM2.5 counters one by one (`SensorReading.channels`), kept for
    /// the EPA's A/B rule on the hour's means. Stored beside the others but no export column:
    /// they are a check on the `pm2_5` the sensor gave, not another value of the air.
    public static let channels: [HistoryVariable] = ["pm2_5_atm_a", "pm2_5_atm_b", "pm2_5_cf_1_a", "pm2_5_cf_1_b"]
        .map { HistoryVariable($0, "ug/m3", "instant", Plausibility.concentration, "µg/m³") }

    /// Column position of each variable by name.
    static let positions: [String: Int] = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.name, $0) })

    /// `reported_us`, `reported_china_2012`: an index a provider computed under `standard`.
    public static func reportedName(_ standard: AQIStandard) -> String {
        "reported_" + String(standard.rawValue.map { $0 == "-" ? "_" : $0 })
    }

    /// `pollen_birch`.
    public static func pollenName(_ type: PollenType) -> String { "pollen_" + type.rawValue }

    /// The variables an index under `standard` is worked out from: the pollutants and the
    /// index a provider reported for it (`HistoryRows`).
    public static func indexInputs(_ standard: AQIStandard) -> [String] {
        Pollutant.allCases.map(\.rawValue) + [reportedName(standard)]
    }

    /// The variables an index under any standard is worked out from: the pollutants and every
    /// reported index (what the sparkline reads: its day before is kept whatever the standard).
    public static let anyIndexInputs: [String] = Pollutant.allCases.map(\.rawValue) + AQIStandard.allCases.map(reportedName)

    static let pollutantPositions: [(Pollutant, Int)] = Pollutant.allCases.map { ($0, positions[$0.rawValue]!) }
    static let reportedPositions: [(AQIStandard, Int)] = AQIStandard.allCases.map { ($0, positions[reportedName($0)]!) }
    static let pollenPositions: [(PollenType, Int)] = PollenType.allCases.map { ($0, positions[pollenName($0)]!) }
    static let asthmaRisk = positions["asthma_risk"]!
}

extension AsthmaRisk {
    /// The risk stored as a number (low 0 … very high 3): the store keeps numbers only.
    var level: Double { Double(AsthmaRisk.allCases.firstIndex(of: self)!) }

    /// The risk a stored level stands for; nil for a number that is not a level.
    init?(level: Double) {
        guard level.rounded() == level, let index = Int(exactly: level), AsthmaRisk.allCases.indices.contains(index) else { return nil }
        self = AsthmaRisk.allCases[index]
    }
}
