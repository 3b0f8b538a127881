/// One reading of a sensor on the home network (AirGradient, PurpleAir, Sensor.Community,
/// Awair), in the units Breather works in, as decoded from the sensor's local API.
///
/// A sensor gives one instant, not an hourly series: every value is what it measured at
/// `observedAt` (or a minute or two before: PurpleAir and Sensor.Community average over their
/// own cycle). A field is nil when the sensor has no such part (a PurpleAir has no CO2 sensor).
public struct SensorReading: Sendable, Hashable {
    /// The provider id of the sensor (`airgradient`, `purpleair`, …).
    public var source: String
    /// When the sensor took the reading, when it says (Awair, PurpleAir); nil otherwise.
    public var observedAt: Timestamp?
    /// PM1 in µg/m³.
    public var pm1: Double?
    /// PM2.5 in µg/m³, corrected as `correction` says.
    public var pm2_5: Double?
    /// PM10 in µg/m³.
    public var pm10: Double?
    /// CO2 in ppm.
    public var co2PPM: Double?
    /// Air temperature in °C.
    public var temperatureC: Double?
    /// Relative humidity in %.
    public var humidity: Double?
    /// Pressure in hPa.
    public var pressureHPa: Double?
    /// Sensirion VOC index (1–500, 100 = the sensor's recent average) or Awair's TVOC in ppb (`vocUnit`).
    public var voc: Double?
    /// `index` (Sensirion VOC index, AirGradient) or `ppb` (Awair TVOC).
    public var vocUnit: String?
    /// Sensirion NOx index (1–500, 1 = the usual clean level).
    public var noxIndex: Double?
    /// The maker's own 0–100 score (Awair), shown as given.
    public var score: Double?
    /// The correction applied to PM2.5, in words, e.g. "US EPA (Barkjohn et al. 2021, AirNow Fire
    /// and Smoke Map)"; `uncorrected (…why)` when a sensor whose PM2.5 needs one (a PurpleAir,
    /// an AirGradient's raw `pm02`) is shown as measured; nil when nothing is said.
    public var correction: String?
    /// A two-channel sensor's PM2.5 counters one by one (PurpleAir's A and B), by their history
    /// variable (`pm2_5_atm_a`, `pm2_5_atm_b`, `pm2_5_cf_1_a`, `pm2_5_cf_1_b`): the history
    /// store keeps them so the EPA's A/B rule can run on the hour's means. Empty otherwise.
    public var channels: [String: Double] = [:]

    /// A reading from `source`; give what the sensor measured, leave the rest nil.
    public init(source: String, observedAt: Timestamp? = nil, pm1: Double? = nil, pm2_5: Double? = nil, pm10: Double? = nil,
                co2PPM: Double? = nil, temperatureC: Double? = nil, humidity: Double? = nil, pressureHPa: Double? = nil,
                voc: Double? = nil, vocUnit: String? = nil, noxIndex: Double? = nil, score: Double? = nil, correction: String? = nil) {
        self.source = source
        self.observedAt = observedAt
        self.pm1 = pm1
        self.pm2_5 = pm2_5
        self.pm10 = pm10
        self.co2PPM = co2PPM
        self.temperatureC = temperatureC
        self.humidity = humidity
        self.pressureHPa = pressureHPa
        self.voc = voc
        self.vocUnit = vocUnit
        self.noxIndex = noxIndex
        self.score = score
        self.correction = correction
    }

    /// How a `correction` that names none begins: the PM2.5 is the sensor's own, which reads high.
    public static let uncorrected = "uncorrected"

    /// The pollutants the sensor measured, as air-quality data: a one-hour series of the one
    /// reading per pollutant (a standard then indexes it as a labelled 1-hour value until
    /// longer means exist). Nil when it measured no pollutant an index uses (CO2 is none).
    public var pollution: Pollution? {
        var values: [Pollutant: [Double?]] = [:]
        if let pm2_5 { values[.pm2_5] = [pm2_5] }
        if let pm10 { values[.pm10] = [pm10] }
        guard !values.isEmpty else { return nil }
        var pollution = Pollution(source: source, observedAt: observedAt, hourly: HourlySeries(values))
        pollution.sensorChannels = channels.isEmpty ? nil : channels
        if pm2_5 != nil, let correction, correction.hasPrefix(Self.uncorrected) { pollution.sensorUncorrected = correction }
        return pollution
    }
}

/// What the history store holds of one variable in the current hour: the sum and the count of
/// its readings, so a new reading joins their mean (`PurpleAir`'s hourly A/B rule).
public struct HourTotal: Sendable, Hashable {
    /// The sum of the hour's readings.
    public var sum: Double
    /// How many readings the hour holds.
    public var count: Int

    /// `count` readings summing to `sum`.
    public init(sum: Double, count: Int) {
        self.sum = sum
        self.count = count
    }

    /// The mean of the stored readings and `value`, the reading on hand.
    public func mean(with value: Double) -> Double { (sum + value) / Double(count + 1) }
}

/// Where a sensor stands: outdoors it can stand in for the model's particles; indoors it is
/// shown beside the outdoor air.
public enum SensorPlace: String, Sendable, Hashable, CaseIterable {
    /// Outside: its particles can replace the model's (`[sources] air`).
    case outdoor
    /// Inside: shown beside the outdoor air (`[sources] indoor`).
    case indoor
}

/// How a PurpleAir's PM2.5 is corrected (`[providers.purpleair] correction`).
public enum PM25Correction: String, Sendable, Hashable, CaseIterable {
    /// The US EPA correction, as the AirNow Fire and Smoke Map applies it (the default).
    case epa
    /// The A/B mean of `pm2_5_atm`, as the sensor measured it.
    case none
}
