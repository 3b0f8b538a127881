import BreatherModel

/// How old the data on hand is and what is shown stale: the freshness rules `render()` applies.
extension State {
    /// An air reading observed longer ago than this is stale even when just fetched (or after
    /// `staleAfterSeconds`, if that is longer: a user who accepts 6-hour-old data in the cache
    /// accepts it from a station too). Providers publish hourly means: Open-Meteo's current
    /// value is up to an hour old and WAQI/AirVisual stations often post one or two hours
    /// late, so a reading 3 hours old has missed two publications: its station has stopped.
    static let observedStaleAfterSeconds = 3 * 3600

    static func ageSeconds(since date: Timestamp, now: Timestamp) -> Int { Format.seconds(now.timeIntervalSince(date)) }

    /// The parts shown stale: kept from an earlier fetch that failed to bring them, dated ahead
    /// of the clock (of unknown age), fetched longer ago than `staleAfterSeconds`, or (air) observed too long ago. Age counts from
    /// each part's own fetch, so a fresh air reading beside old weather is fresh.
    func partsShownStale(_ conditions: CityConditions, now: Timestamp, staleAfterSeconds: Int) -> [ProviderFailure.Part] {
        [ProviderFailure.Part.air, .weather, .asthma].filter { part in
            guard let fetched = conditions.partsFetchedAt[part] else { return false }
            if conditions.isCarriedOver(part) || conditions.isDatedAhead(part, of: now)
                || Self.ageSeconds(since: fetched, now: now) > staleAfterSeconds { return true }
            return part == .air && isMeasuredLongAgo(conditions, now: now, staleAfterSeconds: staleAfterSeconds)
        }
    }

    /// True when the air reading was measured longer ago than `observedStaleAfterSeconds` (or
    /// `staleAfterSeconds`, if longer): stale however recently it was fetched.
    func isMeasuredLongAgo(_ conditions: CityConditions, now: Timestamp, staleAfterSeconds: Int) -> Bool {
        conditions.pollution != nil
            && Self.ageSeconds(since: conditions.dataTime, now: now) > max(staleAfterSeconds, Self.observedStaleAfterSeconds)
    }

    /// When the longest Retry-After hold among `failures` ends, counted from the attempt that
    /// met it: a sensor's from the latest fetch (`lastAttempt`), any other provider's from the
    /// last fetch that asked the providers (`lastPollAttempt`: a sensor poll in between keeps
    /// that failure, it does not ask again). Before any fetch of this process (a one-shot
    /// answering from the store, a daemon seeded from it) the stored conditions say when that
    /// fetch ran (`polledAt`, else `fetchedAt`), so every run inside the window names the
    /// retry, not only the one that met it. Nil without a hold.
    func holdEnd(_ failures: [ProviderFailure]) -> Timestamp? {
        guard let held = Self.heldIndex(failures), let seconds = failures[held].retryAfterSeconds else { return nil }
        let stored = conditions.map { $0.polledAt ?? $0.fetchedAt }
        let attempt = SensorMerge.isRetriedBySensorPoll(failures[held]) ? lastAttempt ?? stored : lastPollAttempt ?? stored ?? lastAttempt
        return attempt.map { $0.addingTimeInterval(Double(seconds)) }
    }

    /// The index in `failures` of the one whose Retry-After is longest (the hold `holdEnd` counts).
    static func heldIndex(_ failures: [ProviderFailure]) -> Int? {
        failures.indices.compactMap { index in failures[index].retryAfterSeconds.map { (index, $0) } }.max { $0.1 < $1.1 }?.0
    }
}
