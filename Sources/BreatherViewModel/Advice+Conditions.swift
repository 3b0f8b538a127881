import BreatherModel

extension AdviceInput {
    /// The advice's inputs from the conditions on hand at `now`: the indoor reading (aged from
    /// its own time, else from `indoorReadAt`, when the sensor last answered), the outdoor air
    /// now and three hours ago, pollen, the weather's dew point, and from the forecast when each
    /// pollutant or pollen species over its threshold falls back below it. Nothing is fetched.
    public init(conditions: CityConditions, indoorReadAt: Timestamp?, settings: AdviceSettings, now: Timestamp) {
        let age = { (time: Timestamp) in max(0, Format.seconds(now.timeIntervalSince(time))) }
        let indoor = conditions.indoor.map { reading in
            Indoor(pm2_5: reading.pm2_5, co2PPM: reading.co2PPM, humidity: reading.humidity, temperatureC: reading.temperatureC,
                   ageSeconds: (reading.observedAt ?? indoorReadAt).map(age))
        }
        var outdoor: Outdoor?
        if let pollution = conditions.pollution {
            let hourly = pollution.hourly
            let weather = conditions.weather
            let dew = weather.flatMap { w in w.temperatureC.flatMap { t in w.humidity.map { Advice.dewPoint(t, humidity: $0) } } }
            var value = Outdoor(pm2_5: hourly?.latest(.pm2_5), pm10: hourly?.latest(.pm10), o3: hourly?.latest(.o3), no2: hourly?.latest(.no2),
                                pm2_5ThreeHoursAgo: hourly.flatMap { Self.threeHoursAgo($0.values[.pm2_5] ?? []) },
                                pollen: pollution.pollen ?? [:], temperatureC: weather?.temperatureC, dewPointC: dew,
                                ageSeconds: age(conditions.dataTime), weatherAgeSeconds: conditions.partsFetchedAt.weather.map(age))
            let limits: [Pollutant: Double] = [.pm2_5: settings.outdoorPM2_5, .pm10: settings.outdoorPM10,
                                               .o3: settings.outdoorO3, .no2: settings.outdoorNO2]
            if let forecast = pollution.forecast {
                for (pollutant, limit) in limits {
                    guard let now = value.value(pollutant), now >= limit, let series = forecast.series.values[pollutant] else { continue }
                    if let offset = series.firstIndex(where: { ($0 ?? .infinity) < limit }) { value.pollutantUntil[pollutant] = forecast.time(ofHour: offset) }
                }
            }
            for (type, hours) in pollution.pollenHourly ?? [:] {
                guard let count = value.pollen[type], PollenLevel(count: count, group: type.group) >= settings.pollen else { continue }
                let later = hours.values.indices.first { offset in
                    hours.time(ofHour: offset) > now
                        && hours.values[offset].map { PollenLevel(count: $0, group: type.group) < settings.pollen } == true
                }
                if let later { value.pollenUntil[type] = hours.time(ofHour: later) }
            }
            outdoor = value
        }
        self.init(indoor: indoor, outdoor: outdoor)
    }

    /// The value three hours before the last one present; nil when that hour is missing.
    static func threeHoursAgo(_ values: [Double?]) -> Double? {
        guard let last = values.lastIndex(where: { $0 != nil }), last >= 3 else { return nil }
        return values[last - 3]
    }
}

extension AdviceInput.Outdoor {
    func value(_ pollutant: Pollutant) -> Double? {
        switch pollutant {
        case .pm2_5: pm2_5
        case .pm10: pm10
        case .o3: o3
        case .no2: no2
        default: nil
        }
    }
}
