import BreatherConfig
import BreatherModel
import BreatherProviders

extension AppContext {
    /// The sensor on the home network `id` names, as its `[providers.<id>]` table configures
    /// it; nil when it has no table (the config refuses a `[sources]` list naming it then).
    func sensor(_ id: ProviderID) -> (any LocalSensor)? {
        guard let configured = settings.providers.sensors[id] else { return nil }
        return switch id {
        case .airGradient: AirGradient(url: configured.url, http: http)
        case .purpleAir: PurpleAir(url: configured.url, correction: configured.correction, http: http)
        case .sensorCommunity: SensorCommunity(url: configured.url, http: http)
        case .awair: Awair(url: configured.url, http: http)
        case .openMeteo, .airVisual, .waqi, .openWeatherMap, .propeller, .estimate, .ipapi: nil
        }
    }
}

extension Settings {
    /// How often the daemon and `watch` read the sensors `[sources]` uses between their main
    /// polls: the shortest `[providers.<id>] interval` among them (they are read together).
    /// Nil, and no second timer, when none is used or none is read more often than `interval`.
    var sensorPollSeconds: Int? {
        let used = Set(sources.air + sources.indoor)
        let intervals = providers.sensors.filter { used.contains($0.key) }.map(\.value.intervalSeconds)
        guard let shortest = intervals.min(), shortest < intervalSeconds else { return nil }
        return shortest
    }
}
