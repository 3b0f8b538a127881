import BreatherConfig
import BreatherHistory
import BreatherModel
import BreatherProviders

extension AppContext {
    /// The sensor on the home network `id` names, as its `[providers.<id>]` table configures
    /// it; nil when it has no table (the config refuses a `[sources]` list naming it then).
    /// `history`: the store a PurpleAir asks for this hour's channel readings (the EPA's A/B
    /// rule on hourly means).
    func sensor(_ id: ProviderID, history: HistorySlot? = nil) -> (any LocalSensor)? {
        guard let configured = settings.providers.sensors[id] else { return nil }
        return switch id {
        case .airGradient: AirGradient(url: configured.url, http: http)
        case .purpleAir:
            PurpleAir(url: configured.url, correction: configured.correction, http: http, remark: { [logger] in logger.log(.info, $0) },
                      hourChannels: history.map(Self.channelsThisHour))
        case .sensorCommunity: SensorCommunity(url: configured.url, http: http)
        case .awair: Awair(url: configured.url, http: http)
        case .openMeteo, .airVisual, .waqi, .openWeatherMap, .propeller, .estimate, .ipapi: nil
        }
    }
}

extension AppContext {
    /// What `slot`'s store holds this hour of a PurpleAir's PM2.5 channels at a place.
    static func channelsThisHour(_ slot: HistorySlot) -> @Sendable (Location) -> [String: HourTotal] {
        { location in slot.current?.channelsThisHour(from: ProviderID.purpleAir.rawValue, at: location) ?? [:] }
    }
}

extension Settings {
    /// The sensors read between polls and on every one-shot run: the sensors that lead `[sources]
    /// air` (a sensor after a model is only its fallback, read when the model fails) and the indoor ones.
    var readSensors: Set<ProviderID> {
        Set(sources.air.prefix { ProviderID.sensors.contains($0) } + sources.indoor)
    }

    /// How often the daemon and `watch` read `readSensors` between their main polls: the
    /// shortest `[providers.<id>] interval` among them (they are read together). Nil, and no
    /// second timer, when there are none or none is read more often than `interval`.
    var sensorPollSeconds: Int? {
        guard let shortest = readSensorSeconds, shortest < intervalSeconds else { return nil }
        return shortest
    }

    /// The shortest `interval` among `readSensors`, which a one-shot reads on every run even when
    /// it answers the rest from the store (it records one reading per that interval); nil when none.
    var readSensorSeconds: Int? {
        let read = readSensors
        return providers.sensors.filter { read.contains($0.key) }.map(\.value.intervalSeconds).min()
    }
}
