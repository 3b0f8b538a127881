import BreatherModel

extension ConditionsFetcher {
    /// Whether a fetch of `request` would ask `provider` for `part` before any other source with
    /// a quota (sensors on the home network aside: the model completes their reading), its gate
    /// permitting: the places a list request for all of them (`OpenMeteo.prefetch`) should cover.
    public func asksFirst(_ provider: ProviderID, for part: ProviderFailure.Part, _ request: FetchRequest) async -> Bool {
        guard request.parts.contains(part), !request.sensorsOnly else { return false }
        let first: ProviderID? = switch part {
        case .air: air.first { !($0 is any LocalSensor) && !request.skippedAirSources.contains($0.id.rawValue) }?.id
        case .weather: weather.first?.id
        default: nil
        }
        guard first == provider else { return false }
        guard let gate else { return true }
        return await gate.hold(provider.rawValue, part: part, isUserRequest: request.isUserRequest) == nil
    }

    /// Whether a sensor on the home network is among the sources (outdoors or indoors): a
    /// sensor poll has something to read.
    public var readsSensors: Bool { air.contains { $0 is any LocalSensor } || !indoor.isEmpty }
}
