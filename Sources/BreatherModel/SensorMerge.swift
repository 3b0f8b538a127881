/// How a sensor's reading and a model's combine into the one air reading Breather shows. Every
/// module asks here (the fetcher, the store's merge, the history, the view model, the one-shot)
/// rather than deciding with a provider id on its own; docs/SENSORS.md tells it for users.
/// It lives in the model, below the fetcher in `BreatherProviders`, because the merge of stored
/// conditions, the history and the view model ask it too and none of them may import providers.
///
/// The rule, for `[sources] air` in the user's order:
/// - **A sensor first, answering.** Its particles (PM2.5, PM10, averaged over the store's hour)
///   are the reading and set the index. The next source that is no sensor *completes* it with
///   its gases, pollen, UV and forecast (`Pollution.filled(from:)`); a later sensor is not asked.
///   When that model fails, its failure is a completing one: the sensor's index stays fresh, and
///   the pollen and UV the model gave last are kept beside it, marked stale
///   (`keepsDayAhead`, the bar's "grass high*").
/// - **A sensor first, down.** The next source's air stands in, named as a fallback
///   (`CityConditions.airFallbackFrom`, the bar's "purpleair failed"); a sensor after it is a
///   fallback too.
/// - **A model first.** The model's reading; a sensor later in the list is only its fallback.
/// - **Both fresh.** Each pollutant keeps its own provider (`Pollution.source(of:)`); the
///   forecast is the model's, from its own past hours, never a sensor's past with the model's
///   future (`Pollution.forecastSeries(through:)`).
/// - **Sensor polls** (`[sensors] poll`) ask the sensors alone between main polls: the air on
///   hand completes the reading, the failures of the last main poll that no sensor poll can
///   clear stay (`keepsThroughSensorPoll`), and a sensor that fails falls back at once to the
///   model's air of that poll (`CityConditions.merged(withSensorPoll:)`).
/// - **Times and retries.** A sensor's reading is dated when it was read (never ahead of the
///   clock), a model's by its hour (`readingTime`); a sensor that failed is asked again at the
///   next sensor poll, any other source at the next poll (`isRetriedBySensorPoll`).
public enum SensorMerge {
    /// True when `source` (a provider id, a reading's or a failure's provider) is a sensor on
    /// the home network (`ProviderID.sensors`).
    public static func isSensor(_ source: String) -> Bool {
        ProviderID(rawValue: source).map(ProviderID.sensors.contains) ?? false
    }

    /// True when `failure` is a sensor's: asked again at the next sensor poll (with
    /// `[sensors] poll`) and, for a one-shot, read again on every run.
    public static func isRetriedBySensorPoll(_ failure: ProviderFailure) -> Bool {
        isSensor(failure.provider)
    }

    /// True when a model, not a sensor's own earlier reading, completed `pollution`: its pollen,
    /// UV and gases came with it.
    public static func isCompletedByModel(_ pollution: Pollution) -> Bool {
        pollution.filledFrom.map { !isSensor($0) } ?? false
    }

    /// True when `pollution` is a sensor's particles that no model completed this time although
    /// one was asked and failed (`failures` holds a completing air failure): the pollen and UV
    /// of the reading before are kept beside it, marked stale.
    public static func keepsDayAhead(_ pollution: Pollution, failures: [ProviderFailure]) -> Bool {
        !isCompletedByModel(pollution) && isSensor(pollution.source) && failures.contains { $0.part == .air && $0.completing }
    }

    /// True when a sensor poll keeps `failure` of the last main poll: the parts it does not ask
    /// (weather, asthma) and the air sources that are no sensors, which it does not ask either.
    public static func keepsThroughSensorPoll(_ failure: ProviderFailure) -> Bool {
        failure.part == .weather || failure.part == .asthma || failure.part == .air && !isSensor(failure.provider)
    }

    /// When `pollution`, fetched at `fetchedAt`, was measured: a sensor's reading when it was
    /// read; a model's at its own hour (else the fetch).
    public static func readingTime(_ pollution: Pollution, fetchedAt: Timestamp) -> Timestamp {
        isSensor(pollution.source) ? fetchedAt : pollution.observedAt ?? fetchedAt
    }

    /// `pollution`'s own time as the fetch at `fetchedAt` keeps it: a sensor's clock ahead of
    /// this one is taken as the time it was read, so no reading is dated in the future; a
    /// model's time is left as it came (its copy in `nextAir` must stay equal).
    public static func observedAt(_ pollution: Pollution, fetchedAt: Timestamp) -> Timestamp? {
        isSensor(pollution.source) ? pollution.observedAt.map { min($0, fetchedAt) } : pollution.observedAt
    }

    /// The sensors among `sources` (the air shown's fallbacks, the sources of a refresh), in order.
    public static func sensors(among sources: [String]) -> [String] {
        sources.filter(isSensor)
    }
}
