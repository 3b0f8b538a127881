import BreatherModel

extension CityConditions {
    /// The readings the latest fetch brought, one per value: a part kept from an earlier
    /// fetch is left out (it was recorded when it arrived). Concentrations come from the
    /// provider's hourly series at each hour's time (the past hours too, and a backfill's
    /// days) when it gives the times, else the latest value at the observation time. A sensor
    /// on the home network's reading is kept at the time it was read, not at its own clock's:
    /// PurpleAir's is the end of a two-minute mean, and a device's clock may be wrong; its rows
    /// are then one per read and the one-shot's spacing (`hasRecentSensorReadings`) holds. The
    /// indoor sensor's reading goes under its own provider, as `indoor_…` variables.
    public var historyReadings: [HistoryReading] {
        let place = HistoryPlace(location)
        var readings: [HistoryReading] = []
        func add(_ source: String, _ time: Timestamp, _ variable: String, _ value: Double?) {
            guard let value, value.isFinite else { return }
            readings.append(HistoryReading(place: place, source: source, time: Int(time.timeIntervalSince1970.rounded(.down)),
                                           variable: variable, value: value))
        }
        if let pollution, partsFetchedAt.air == fetchedAt {
            let time = SensorMerge.readingTime(pollution, fetchedAt: fetchedAt)
            // What the provider that completed a sensor's reading gave (the model's gases, pollen
            // and UV) goes under that provider, at its times: the sensor's minute is not theirs.
            let completingTime = pollution.filledObservedAt ?? fetchedAt
            for pollutant in Pollutant.allCases {
                guard let values = pollution.hourly?.values[pollutant] else { continue }
                let source = pollution.source(of: pollutant)
                let completing = pollution.filledFrom != nil && source != pollution.source
                if let times = completing ? pollution.filledHourlyTimes : pollution.hourlyTimes {
                    for (hour, value) in zip(times, values) { add(source, hour, pollutant.rawValue, value) }
                } else {
                    add(source, completing ? completingTime : time, pollutant.rawValue, pollution.hourly?.latest(pollutant))
                }
            }
            for given in pollution.reported {
                add(pollution.source, time, HistoryVariable.reportedName(given.standard), Double(given.value))
            }
            // Pollen and UV kept beside a sensor's reading (the model failed) were recorded when they came.
            if !isDayAheadCarriedOver {
                let (pollenAndUVSource, pollenAndUVTime) = pollution.filledFrom.map { ($0, completingTime) } ?? (pollution.source, time)
                for (type, count) in pollution.pollen ?? [:] { add(pollenAndUVSource, pollenAndUVTime, HistoryVariable.pollenName(type), count) }
                add(pollenAndUVSource, pollenAndUVTime, "uv_index", pollution.uv?.index)
            }
            // A PurpleAir's PM2.5 channels, for the EPA's A/B rule on the hour's means.
            for (name, value) in pollution.sensorChannels ?? [:] { add(pollution.source, time, name, value) }
        }
        if let weather, partsFetchedAt.weather == fetchedAt {
            let time = weather.observedAt ?? fetchedAt
            add(weather.source, time, "temperature_c", weather.temperatureC)
            add(weather.source, time, "humidity", weather.humidity)
            add(weather.source, time, "pressure_hpa", weather.pressureHPa)
            add(weather.source, time, "wind_speed_ms", weather.windSpeedMS)
            add(weather.source, time, "wind_direction_deg", weather.windDirectionDeg)
        }
        if let asthma, partsFetchedAt.asthma == fetchedAt {
            // The risk is for the air it was worked out from: the data's time, not the fetch's.
            add(asthma.source, dataTime, "asthma_risk", asthma.risk.level)
            add(asthma.source, dataTime, "asthma_probability", asthma.probability)
        }
        // An indoor reading the latest fetch could not refresh is the kept one: recorded already.
        if let indoor, !failures.contains(where: { $0.part == .indoor }) {
            let time = fetchedAt
            add(indoor.source, time, "indoor_pm2_5", indoor.pm2_5)
            add(indoor.source, time, "indoor_co2_ppm", indoor.co2PPM)
            add(indoor.source, time, "indoor_temperature_c", indoor.temperatureC)
            add(indoor.source, time, "indoor_humidity", indoor.humidity)
        }
        return readings
    }
}
