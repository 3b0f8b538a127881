import BreatherHTTP
import BreatherJSON
import BreatherModel

/// A PurpleAir sensor (PA-II outdoors, PA-I indoors) through its local `/json` page.
///
/// Docs: PurpleAir, "Using PurpleAir data" (the JSON field list) and community.purpleair.com:
/// `GET /json` gives the two-minute averages of both laser counters: channel A as
/// `pm2_5_atm`, `pm2_5_cf_1`, channel B with a `_b` suffix (absent on a one-channel PA-I),
/// `current_temp_f` (inside the case: about 8 °F above the air), `current_humidity` %,
/// `pressure` hPa, `DateTime` as `2024/08/20T18:59:56z`. `?live=true` would give the latest
/// few seconds instead: Breather keeps the averages the EPA's correction was fitted on.
///
/// PM2.5 is the US EPA correction of the A/B mean of `pm2_5_atm` by default
/// (`PurpleAirCorrection`), or that mean as measured with `correction = "none"`. Channels that
/// disagree beyond the EPA's rule in PM2.5 (`pm2_5_atm` or `pm2_5_cf_1`) fail the reading: one
/// counter is faulty and neither value can be trusted. The EPA applies the rule to hourly
/// means, so does Breather where the history store has them: as an air source the sensor
/// asks `hourChannels` what the store holds of each channel this hour and judges the hour's
/// means with this reading in them; a reading whose channels are apart for a moment while the
/// hour's means agree is kept (and remarked). Without readings this hour (the first of the
/// hour, no store, an indoor sensor) the rule runs on the reading alone. The channels of a
/// kept reading go into the store with it (`SensorReading.channels`). The rule is the EPA's
/// for PM2.5 only: PM1 and PM10 channels that differ (the coarse bins are noisy on a sound
/// counter) are averaged as they are and do not cost the PM2.5 reading; each such
/// disagreement is told to `remark` (the daemon logs it at info level), once per reading.
public struct PurpleAir: LocalSensor {
    /// `purpleair`.
    public let id = ProviderID.purpleAir
    /// The sensor's base URL, e.g. `http://192.168.1.50`.
    public var url: String
    /// Whether the US EPA correction is applied (the default).
    public var correction: PM25Correction
    let http: any HTTPClient
    /// Hears what the sensor's reply shows without failing the reading: PM1 or PM10 channels
    /// that disagree (the log's, in the app).
    let remark: (@Sendable (String) -> Void)?
    /// What the history store holds this hour of each PM2.5 channel (`SensorReading.channels`
    /// names) from this sensor at a place; nil without a store.
    let hourChannels: (@Sendable (Location) -> [String: HourTotal])?

    /// A client of the sensor at `url`; `remark` hears PM1/PM10 channel disagreements and
    /// momentary PM2.5 ones the hour's means outweigh; `hourChannels` reads the store's hour.
    public init(url: String, correction: PM25Correction = .epa, http: any HTTPClient,
                remark: (@Sendable (String) -> Void)? = nil,
                hourChannels: (@Sendable (Location) -> [String: HourTotal])? = nil) {
        self.url = url
        self.correction = correction
        self.http = http
        self.remark = remark
        self.hourChannels = hourChannels
    }

    /// The sensor's two-minute averages, the A/B rule on this reading alone (an indoor sensor's).
    public func reading() async throws(ProviderFailure) -> SensorReading {
        try await reading(hour: [:])
    }

    /// The particles as an air source: the A/B rule on this hour's means where the store has
    /// readings of this hour (`hourChannels`).
    public func airQuality(at location: Location) async throws(ProviderFailure) -> Pollution {
        let reading = try await reading(hour: hourChannels?(location) ?? [:])
        return try Self.pollution(of: reading, id)
    }

    /// The reading, the A/B rule judged on the means of `hour` (the store's readings this hour)
    /// with this one, or on this one alone where `hour` lacks a channel.
    func reading(hour: [String: HourTotal]) async throws(ProviderFailure) -> SensorReading {
        let request = ProviderRequest(provider: id, part: .air, http: http)
        let json = try await request.getJSON(SensorRequest.make(url, "/json"))
        let decoded = try request.decode { () throws(JSONError) in try Self.decode(json) }
        // Plausibility first (negative counts, RH over 100 %), then the channels, then the correction.
        _ = try request.decode { () throws(JSONError) in decoded.raw }
        for pair in decoded.pm2_5Pairs {
            let (a, b) = (pair.field + "_a", pair.field + "_b")
            let alone = PurpleAirCorrection.disagreement(pair.a, pair.b, field: pair.field)
            guard let storedA = hour[a], let storedB = hour[b], storedA.count > 0, storedA.count == storedB.count else {
                if let alone { throw request.fail(.badData, alone) }
                continue
            }
            let readings = storedA.count + 1
            if let fault = PurpleAirCorrection.disagreement(storedA.mean(with: pair.a), storedB.mean(with: pair.b),
                                                            field: pair.field, readings: readings) {
                throw request.fail(.badData, fault)
            }
            if let alone { remark?("purpleair: \(alone); PM2.5 kept: this hour's means of \(readings) readings agree (the EPA's rule is on hourly means)") }
        }
        for other in decoded.otherChannels { remark?("purpleair: \(other); PM2.5 kept (the EPA's A/B rule is for PM2.5)") }
        var raw = decoded.raw
        for pair in decoded.pm2_5Pairs {
            raw.channels[pair.field + "_a"] = pair.a
            raw.channels[pair.field + "_b"] = pair.b
        }
        return try corrected(raw, request)
    }

    /// The raw reading (A/B means, as measured), both channels of each PM2.5 field of a
    /// two-channel sensor (non-negative ones: the plausibility check names the others), and the
    /// PM1/PM10 disagreements, which do not fail the reading.
    struct Decoded {
        var raw: SensorReading
        var pm2_5Pairs: [(field: String, a: Double, b: Double)] = []
        var otherChannels: [String] = []

        /// The first PM2.5 pair that disagrees on this reading alone, as the fault it names.
        var channelFault: String? {
            pm2_5Pairs.lazy.compactMap { PurpleAirCorrection.disagreement($0.a, $0.b, field: $0.field) }.first
        }
    }

    func corrected(_ raw: SensorReading, _ request: ProviderRequest) throws(ProviderFailure) -> SensorReading {
        guard let measured = raw.pm2_5 else { return raw }
        guard correction == .epa else {
            var reading = raw
            reading.correction = PurpleAirCorrection.uncorrectedLabel
            return reading
        }
        guard let humidity = raw.humidity else {
            throw request.fail(.badData, "no current_humidity for the US EPA correction (set correction = \"none\" to show PM2.5 uncorrected)")
        }
        var reading = raw
        reading.pm2_5 = PurpleAirCorrection.epa(measured, humidity: humidity)
        reading.correction = PurpleAirCorrection.label
        return reading
    }

    static func decode(_ json: JSONCursor) throws(JSONError) -> Decoded {
        _ = try json.object()
        var pairs: [(field: String, a: Double, b: Double)] = []
        var others: [String] = []
        /// The A/B mean of `field`; A alone on a one-channel sensor; PM2.5's pair kept for the
        /// EPA's rule, a PM1 or PM10 disagreement noted as a remark.
        func channels(_ field: String, pm2_5: Bool = false) throws(JSONError) -> Double? {
            guard let a = try json[field].optionalDouble() else { return nil }
            guard let b = try json[field + "_b"].optionalDouble() else { return a }
            // Negative values are left to the plausibility check, which names them.
            if a >= 0, b >= 0 {
                if pm2_5 {
                    pairs.append((field, a, b))
                } else if let disagreement = PurpleAirCorrection.disagreement(a, b, field: field) {
                    others.append(disagreement)
                }
            }
            return (a + b) / 2
        }
        let pm2_5 = try channels("pm2_5_atm", pm2_5: true)
        _ = try channels("pm2_5_cf_1", pm2_5: true)
        let fahrenheit = try json["current_temp_f"].optionalDouble()
        let raw = SensorReading(
            source: ProviderID.purpleAir.rawValue,
            observedAt: try json["DateTime"].optionalString().flatMap(parseDateTime),
            pm1: try channels("pm1_0_atm"), pm2_5: pm2_5, pm10: try channels("pm10_0_atm"),
            temperatureC: fahrenheit.map { ($0 - 32) * 5 / 9 }, humidity: try json["current_humidity"].optionalDouble(),
            pressureHPa: try json["pressure"].optionalDouble())
        return Decoded(raw: raw, pm2_5Pairs: pairs, otherChannels: others)
    }

    /// PurpleAir's `2024/08/20T18:59:56z` (UTC) as a timestamp.
    static func parseDateTime(_ text: String) -> Timestamp? {
        var iso = String(text.map { $0 == "/" ? "-" : $0 })
        if iso.hasSuffix("z") { iso = String(iso.dropLast()) + "Z" }
        return Timestamp.parse(iso)
    }
}
