/// When each part of `CityConditions` was fetched; nil for a part that is absent.
public struct PartTimes: Sendable, Hashable {
    /// When the air-quality part was fetched.
    public var air: Timestamp?
    /// When the weather part was fetched.
    public var weather: Timestamp?
    /// When the asthma part was fetched.
    public var asthma: Timestamp?

    /// Times for the parts that are present.
    public init(air: Timestamp? = nil, weather: Timestamp? = nil, asthma: Timestamp? = nil) {
        self.air = air
        self.weather = weather
        self.asthma = asthma
    }

    /// The time of `part` (nil for `.location`, which is not a stored part).
    public subscript(part: ProviderFailure.Part) -> Timestamp? {
        switch part {
        case .air: air
        case .weather: weather
        case .asthma: asthma
        case .location, .indoor: nil
        }
    }
}

extension CityConditions {
    /// The one merge policy of Breather's conditions store, used by the one-shot, the daemon
    /// and `watch` alike: each part the newer fetch brought replaces the older one; a part it
    /// did not bring (failed, or not asked for) keeps its last good value with its own fetch
    /// time, so a weather outage never blanks the air reading or the other way round. The
    /// failures are the newer fetch's. Conditions for another place are not merged: the newer
    /// ones replace them whole.
    public func merged(with newer: CityConditions) -> CityConditions {
        guard newer.location.isSamePlace(as: location) else { return newer }
        var result = newer
        result.polledAt = newer.polledAt ?? polledAt
        if result.pollution == nil, let pollution {
            result.pollution = pollution
            result.partsFetchedAt.air = partsFetchedAt.air
            result.nextAir = nextAir
        }
        if result.weather == nil, let weather {
            result.weather = weather
            result.partsFetchedAt.weather = partsFetchedAt.weather
        }
        if result.asthma == nil, let asthma {
            result.asthma = asthma
            result.partsFetchedAt.asthma = partsFetchedAt.asthma
        }
        // A sensor's reading the source after it did not complete (it failed, or was not asked)
        // keeps the pollen and UV that source gave last: shown, marked stale
        // (`isDayAheadCarriedOver`), as a failed model's whole air is without a sensor. A sensor
        // measures neither, and "no pollen data here" beside the asthma risk it raised is wrong.
        if var air = result.pollution, let old = pollution, SensorMerge.keepsDayAhead(air, failures: newer.failures) {
            if air.pollen == nil, old.pollen != nil {
                air.pollen = old.pollen
                air.pollenHourly = old.pollenHourly
            }
            air.uv = air.uv ?? old.uv
            result.pollution = air
        }
        // An indoor sensor that did not answer keeps its last reading (json `indoor.stale`);
        // one no longer asked (taken out of `[sources] indoor`) leaves nothing behind.
        if result.indoor == nil, newer.failures.contains(where: { $0.part == .indoor }) { result.indoor = indoor }
        if result.location.name == nil { result.location.name = location.name }
        return result
    }

    /// A sensor poll's conditions (`FetchRequest.sensorsOnly`) merged into these: as
    /// `merged(with:)`, but the sensor's particles are completed with the pollutants, pollen,
    /// UV and forecast of the air on hand (`Pollution.filled(from:)`), which the poll did not
    /// ask for, and the failures of the parts it did not ask for (weather, asthma) stay.
    /// A sensor that did not answer falls back at once to the next source's air from the last
    /// full fetch (`nextAir`), as a full fetch would, without asking that source again.
    /// The poll shows what a full fetch with the same answers would: air on hand that is kept
    /// from an earlier fetch (every air source failed at the last main poll) completes nothing,
    /// and once the sensor answers, a model that failed is the source that completes it
    /// (`ProviderFailure.completing`), not one the sensor stands in for.
    public func merged(withSensorPoll newer: CityConditions) -> CityConditions {
        guard newer.location.isSamePlace(as: location) else { return merged(with: newer) }
        var poll = newer
        let sensorAnswered = poll.pollution != nil
        if let sensor = poll.pollution {
            if let onHand = pollution, !isCarriedOver(.air) { poll.pollution = sensor.filled(from: onHand) }
        } else if let nextAir, nextAir.fetchedAt == polledAt ?? fetchedAt, poll.failures.contains(where: { $0.part == .air }) {
            // Only the next source's air from the last main poll: when that poll failed too, the
            // sensor's last reading stays, stale, rather than an older air of the model's.
            poll.pollution = nextAir.pollution
            poll.partsFetchedAt.air = nextAir.fetchedAt
        }
        poll.nextAir = nextAir
        // A store written before `polledAt` was kept: its fetch was the last full one.
        poll.polledAt = polledAt ?? fetchedAt
        // What the poll did not ask keeps its failures: weather, asthma, and the air sources that
        // are no sensors (the model that failed at the last main poll has not answered since).
        // Once the sensor answers, a model that failed completes its reading; while it does not,
        // the model's failure is one more source that could not stand in for it.
        let kept = failures.filter(SensorMerge.keepsThroughSensorPoll)
        poll.failures += kept.map { failure in
            var failure = failure
            if failure.part == .air { failure.completing = sensorAnswered }
            return failure
        }
        return merged(with: poll)
    }

    /// True when `part` holds a value kept from an earlier fetch because the latest one failed
    /// to bring it (or failed to find the place at all): shown, but marked stale.
    /// A part the latest fetch brought carries its time exactly; a kept one carries another,
    /// usually earlier, but later when it was stamped while the clock was ahead.
    public func isCarriedOver(_ part: ProviderFailure.Part) -> Bool {
        guard let time = partsFetchedAt[part], time != fetchedAt else { return false }
        // The next source's air shown for a sensor that did not answer is a fallback, not a
        // value its own provider failed to refresh: only that provider's failure keeps it, or
        // one from no air source at all (the MQTT publisher a subscriber reads, gone offline).
        let isNextAir = part == .air && nextAir.map { $0.fetchedAt == time && $0.pollution == pollution } ?? false
        return failures.contains { failure in
            failure.part == .location || failure.part == part
                && (!isNextAir || failure.provider == pollution?.source || !ProviderID.isAirSource(failure.provider))
        }
    }

    /// True when the pollen and UV shown were kept from an earlier fetch: with the whole air
    /// (`isCarriedOver(.air)`), or beside a sensor's fresh particles when the source that
    /// completes its reading failed (`merged(with:)`). Shown, marked stale; not recorded again.
    public var isDayAheadCarriedOver: Bool {
        guard let pollution, pollution.pollen != nil || pollution.uv != nil else { return false }
        return isCarriedOver(.air) || SensorMerge.keepsDayAhead(pollution, failures: failures)
    }

    /// How far ahead of the clock a stored time may be before it counts as dated in the future:
    /// the runs on one machine read one clock, so this only absorbs rounding and small slews.
    public static let clockToleranceSeconds = 60.0

    /// True when `part` was stamped later than `now`: fetched while the clock was ahead, then
    /// corrected. Its age is unknown, so it is shown stale and never counts as fresh.
    public func isDatedAhead(_ part: ProviderFailure.Part, of now: Timestamp) -> Bool {
        guard let time = partsFetchedAt[part] else { return false }
        return time.timeIntervalSince(now) > Self.clockToleranceSeconds
    }

    /// True when the fetch or any part was stamped later than `now` (see `isDatedAhead(_:of:)`).
    public func isDatedAhead(of now: Timestamp) -> Bool {
        fetchedAt.timeIntervalSince(now) > Self.clockToleranceSeconds
            || [ProviderFailure.Part.air, .weather, .asthma].contains { isDatedAhead($0, of: now) }
    }

    /// True when the conditions hold air or weather data: anything less is not worth showing or keeping.
    public var isUsable: Bool { pollution != nil || weather != nil }
}

extension Location {
    /// Same coordinates to about 10 m (providers round them differently); names may differ.
    public func isSamePlace(as other: Location) -> Bool {
        abs(latitude - other.latitude) < 1e-4 && abs(longitude - other.longitude) < 1e-4
    }
}
