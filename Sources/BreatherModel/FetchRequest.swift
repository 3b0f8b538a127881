/// What one fetch is for. The view model builds it from what it holds: the standard it shows
/// (an air source counts as answering only when it can serve it), the parts it needs, and
/// whether a person asked (a click, SIGUSR1: one attempt even during failure backoff).
public struct FetchRequest: Sendable, Hashable {
    /// The standard the air source must be able to serve (its index, or concentrations).
    public var standard: AQIStandard
    /// The parts to fetch; a part left out keeps what the store holds.
    public var parts: Set<ProviderFailure.Part>
    /// Air sources not to ask: their data is on hand already and cannot serve `standard`.
    public var skippedAirSources: Set<String>
    /// True for a person's request: failure backoff is skipped (a provider's own Retry-After is not).
    public var isUserRequest: Bool
    /// True for a sensor poll (`[providers.<id>] interval`): only the sensors on the home network
    /// are read, no provider with a quota is asked; the air on hand completes their reading
    /// (`CityConditions.merged(withSensorPoll:)`).
    public var sensorsOnly: Bool

    /// A request for `parts` (all by default) under `standard`.
    public init(standard: AQIStandard, parts: Set<ProviderFailure.Part> = [.air, .weather, .asthma],
                skippedAirSources: Set<String> = [], isUserRequest: Bool = false, sensorsOnly: Bool = false) {
        self.sensorsOnly = sensorsOnly
        self.standard = standard
        self.parts = parts
        self.skippedAirSources = skippedAirSources
        self.isUserRequest = isUserRequest
    }
}
