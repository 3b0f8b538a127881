/// What a SIGHUP's new config changes in a running daemon, worked out from the two contexts
/// alone (no I/O), so each decision is tested in-process.
struct ReloadPlan: Equatable {
    /// The providers, place or cache changed: the fetch in flight is dropped, new providers
    /// are made behind a fresh gate, and a refresh follows. Never for a subscriber, which asks
    /// no provider.
    var refetch: Bool
    /// `[history]` changed: the next fetch records into a new recorder (or none).
    var historyChanged: Bool
    /// A new standard to send the view model as `aqiStandard`.
    var standardChanged: Bool
    /// `[sources] state` changed: subscribing or polling is fixed at start, so it only warns.
    var sourceOfStateChanged: Bool
    /// The poll interval changed (the MQTT publisher's availability timing follows it).
    var intervalChanged: Bool

    init(from old: AppContext, to new: AppContext, subscribing: Bool) {
        let (was, now) = (old.settings, new.settings)
        refetch = !subscribing && (was.location != now.location || was.places != now.places || was.sources != now.sources || was.providers != now.providers
            || was.timeoutSeconds != now.timeoutSeconds || old.cachePath != new.cachePath)
        historyChanged = !subscribing && (was.history != now.history || old.historyPath != new.historyPath)
        standardChanged = was.standard != now.standard
        sourceOfStateChanged = was.sources.state != now.sources.state
        intervalChanged = was.intervalSeconds != now.intervalSeconds
    }
}
