import BreatherCache
import BreatherConfig
import BreatherModel
import Logging

/// The conditions store's whole policy, for the one-shot, the daemon and `watch`: which stored
/// conditions may be shown (the place asked for), when a one-shot answers from them without
/// asking a provider (`max_age`, same `[sources]`, no `--refresh`), and after how long the view
/// model marks data stale.
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
    func stored(_ cache: ConditionsCache) -> (conditions: CityConditions, sameSources: Bool)? {
        switch cache.load() {
        case .missing:
            return nil
        case .setAside(let reason):
            logger.log(.warning, "cache: \(reason)")
            return nil
        case .conditions(let stored, let sources):
            guard stored.isUsable, !cityFromFlag else { return nil }
            if let latitude = settings.location.latitude, let longitude = settings.location.longitude,
               !stored.location.isSamePlace(as: Location(latitude: latitude, longitude: longitude)) { return nil }
            return (stored, sources == sourcesKey)
        }
    }

    /// Whether a one-shot answers from `found` and asks no provider: younger than `max_age`,
    /// from the same `[sources]`, and no `--refresh`, whatever parts it lacks (a bar refreshing
    /// every few seconds must not burn quotas).
    func answersOneShot(_ found: (conditions: CityConditions, sameSources: Bool)?, refresh: Bool,
                        now: Timestamp = Timestamp.now()) -> Bool {
        guard !refresh, let found, found.sameSources else { return false }
        return ConditionsCache.isFresh(found.conditions, maxAgeSeconds: settings.cache.maxAgeSeconds, now: now)
    }

    /// When a one-shot's data counts as stale: older than `max_age`.
    var oneShotStaleAfterSeconds: Int { settings.cache.maxAgeSeconds }

    /// When the daemon's and `watch`'s data counts as stale: older than `max_age`, but never
    /// before two poll intervals have passed (with the default 15m interval and 10m max_age,
    /// healthy data would otherwise turn "stale" between every two polls).
    var pollingStaleAfterSeconds: Int { max(settings.cache.maxAgeSeconds, 2 * settings.intervalSeconds) }
}
