import BreatherCache
import BreatherConfig
import BreatherLocale
import BreatherModel
import Logging

/// The conditions store's whole policy, for the one-shot, the daemon and `watch`: which stored
/// conditions may be shown (the place asked for), when a one-shot answers from them without
/// asking a provider (`max_age`, same `[sources]`, no `--refresh`, and after failed fetches a
/// shorter backoff), and after how long the view model marks data stale.
struct StorePolicy: Sendable {
    let settings: Settings
    /// A city named by flag always fetches: the store may hold another place.
    let cityFromFlag: Bool
    /// The `[sources]` lists as one line, kept beside the stored conditions.
    let sourcesKey: String
    let logger: Logger

    /// What the store holds if it is for the place asked for (coordinates must match when
    /// given), and whether it was filled from today's `[sources]`. An unusable store file is
    /// set aside with one warning.
    func stored(_ cache: ConditionsCache) -> Stored? {
        // A store set aside is said in the people's language (the path and its reason as they are).
        let loaded = L10n.$language.withValue(settings.language ?? Language.fromEnvironment(Environment.get)) { cache.load() }
        switch loaded {
        case .missing:
            return nil
        case .setAside(let reason):
            logger.log(.warning, "cache: \(reason)")
            return nil
        case .conditions(let stored, let sources, let failedFetches):
            guard stored.isUsable, !cityFromFlag else { return nil }
            if let latitude = settings.location.latitude, let longitude = settings.location.longitude,
               !stored.location.isSamePlace(as: Location(latitude: latitude, longitude: longitude)) { return nil }
            return Stored(conditions: stored, sameSources: sources == sourcesKey, failedFetches: failedFetches)
        }
    }

    /// Whether a one-shot answers from `found` and asks no provider with a quota (it still reads
    /// a sensor on the home network: `OneShot.readsSensors`): polled less than `max_age` ago,
    /// from the same `[sources]`, and no `--refresh`, whatever parts it lacks (a bar refreshing
    /// every few seconds must not burn quotas). After fetches that brought no air or weather
    /// (the data shows stale), younger than the backoff instead (`retryAfterFailures`), so a
    /// provider's recovery shows within a minute or two, not after a whole `max_age`.
    /// Under a provider's Retry-After (the last fetch met one) the store answers until the hold
    /// ends, at most `max_age`: asking inside it would be refused again, and every run in the
    /// window shows the countdown from the store.
    func answersOneShot(_ found: Stored?, refresh: Bool, now: Timestamp = Timestamp.now()) -> Bool {
        guard !refresh, let found, found.sameSources else { return false }
        var limit = found.failedFetches > 0 ? retryAfterFailures(found.failedFetches) : settings.cache.maxAgeSeconds
        if let hold = found.conditions.failures.compactMap(\.retryAfterSeconds).max() {
            limit = max(limit, min(hold, settings.cache.maxAgeSeconds))
        }
        return ConditionsCache.isFresh(found.conditions, maxAgeSeconds: limit, now: now)
    }

    /// The one-shot's wait after `failures` failed fetches in a row: 30 s, doubling per
    /// failure, at most `max_age`.
    func retryAfterFailures(_ failures: Int) -> Int {
        min(settings.cache.maxAgeSeconds, 30 << min(max(failures, 1) - 1, 16))
    }

    /// When a one-shot's data counts as stale: older than `max_age`.
    var oneShotStaleAfterSeconds: Int { settings.cache.maxAgeSeconds }

    /// When the daemon's and `watch`'s data counts as stale: older than `max_age`, but never
    /// before two poll intervals have passed (with the default 15m interval and 10m max_age,
    /// healthy data would otherwise turn "stale" between every two polls).
    var pollingStaleAfterSeconds: Int { max(settings.cache.maxAgeSeconds, 2 * settings.intervalSeconds) }
}

/// What the store holds for the place asked for (`StorePolicy.stored`).
struct Stored {
    var conditions: CityConditions
    /// Filled from today's `[sources]`.
    var sameSources: Bool
    /// Fetches in a row that brought no air or weather (kept from before, shown stale).
    var failedFetches: Int
}
