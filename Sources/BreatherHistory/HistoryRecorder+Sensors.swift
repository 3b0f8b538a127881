import BreatherModel
import BreatherStore

extension HistoryRecorder {
    /// Hours of a sensor's readings read back for its means: a day, the longest mean any
    /// standard takes of particles (`Pollution.sensorFullHours`).
    static let sensorHours = Pollution.sensorFullHours

    /// Records what the latest fetch brought (`record`), then hands it back with each sensor's
    /// particles averaged from that sensor's readings in the store, the one just recorded
    /// included (`averagingSensors`).
    public func recordAveragingSensors(_ conditions: CityConditions) -> CityConditions {
        record(conditions)
        return averagingSensors(conditions)
    }

    /// True when every sensor that gave `conditions` (the outdoor air's, the indoor one) has a
    /// reading in the store from the last `seconds`: a one-shot that reads the sensors on every
    /// run records one reading per their `interval`, not one per run of a bar.
    public func hasRecentSensorReadings(_ conditions: CityConditions, withinSeconds seconds: Int) -> Bool {
        let sensors = SensorMerge.sensors(among: [conditions.pollution?.source, conditions.indoor?.source].compactMap { $0 })
        guard !sensors.isEmpty else { return false }
        let place = HistoryPlace(conditions.location)
        let now = clock()
        return state.withLock { state in
            guard let store = try? openedStore(&state, now: now) else { return false }
            return sensors.allSatisfy { (try? store.hasReading(at: place, from: $0, since: now - seconds)) ?? false }
        }
    }

    /// What the store holds of a PurpleAir's PM2.5 channels (`HistoryVariable.channels`) from
    /// `sensor` at `location` in the current hour: their sums and counts, for the EPA's A/B rule
    /// on the hour's means. Empty when the hour holds none or the store cannot be read (the
    /// rule then runs on the reading alone).
    public func channelsThisHour(from sensor: String, at location: Location) -> [String: HourTotal] {
        let place = HistoryPlace(location)
        let now = clock()
        return state.withLock { state in
            guard let store = try? openedStore(&state, now: now) else { return [:] }
            return (try? store.totals(of: HistoryVariable.channels.map(\.name), from: sensor, at: place, since: now / 3600 * 3600)) ?? [:]
        }
    }

    /// `conditions` with the series of each pollutant a sensor on the home network gave
    /// replaced by the hourly means of that sensor's own readings in the store (its `source`:
    /// never another sensor's or the model's), the last hour the one of its latest reading.
    /// The standards then take their NowCast and 24-h means from them as from a provider's
    /// series, with their own completeness rules. Unchanged when no sensor gave the air, when
    /// the air part is not the latest fetch's, or when the store cannot be read (the sensor's
    /// one reading then stands as a 1-hour value, as without a store).
    public func averagingSensors(_ conditions: CityConditions) -> CityConditions {
        guard let pollution = conditions.pollution, conditions.partsFetchedAt.air == conditions.fetchedAt,
              let pollutants = pollution.hourly?.values.keys else { return conditions }
        let sensorPollutants = pollutants.filter { SensorMerge.isSensor(pollution.source(of: $0)) }
        guard !sensorPollutants.isEmpty else { return conditions }
        let place = HistoryPlace(conditions.location)
        let until = Int(conditions.fetchedAt.timeIntervalSince1970.rounded(.down))  // a sensor's rows are at read times
        let now = clock()
        var averaged = pollution
        state.withLock { state in
            guard let store = try? openedStore(&state, now: now), let version = try? store.dataVersion() else { return }
            state.completed.check(dataVersion: version)
            for sensor in Set(sensorPollutants.map(pollution.source(of:))) {
                var means: [Pollutant: [Double?]] = [:]
                for pollutant in sensorPollutants where pollution.source(of: pollutant) == sensor {
                    means[pollutant] = try? sensorMeans(of: pollutant.rawValue, from: sensor, at: place, until: until, store: store, state: &state)
                }
                averaged = averaged.averaged(means, from: sensor)
            }
        }
        var result = conditions
        result.pollution = averaged
        return result
    }

    /// The `sensorHours` hourly means of `variable` from `sensor` ending with the hour holding
    /// `until`, as `HistoryStore.hourlyMeans` gives them: the hours before `until`'s are kept
    /// from the first poll of the hour (`CompletedHours`), and the store is asked for the last
    /// hour alone, the only one a poll's reading changes.
    private func sensorMeans(of variable: String, from sensor: String, at place: HistoryPlace, until: Int,
                             store: HistoryStore, state: inout State) throws(SQLiteError) -> [Double?] {
        let hourStart = until / 3600 * 3600
        let earlier = try state.completed.sensorMeans(of: variable, from: sensor, at: place, before: hourStart) { () throws(SQLiteError) in
            try store.hourlyMeans(of: variable, from: sensor, at: place, hours: Self.sensorHours - 1, until: hourStart - 1)
        }
        return earlier + (try store.hourlyMeans(of: variable, from: sensor, at: place, hours: 1, until: until))
    }
}
