/// A sensor's particles averaged from its own readings in the history store. A sensor gives
/// one instant; the standards take 1-h, 3-h, 24-h means and the NowCast of hourly values.
/// The store's readings of that sensor, as hourly means, stand in for a provider's hourly
/// series, and the standards average them exactly as they average a provider's.
extension Pollution {
    /// Hours of readings from which the output stops saying how many there are: a day, the
    /// longest mean any standard takes of particles.
    public static let sensorFullHours = 24

    /// This air data with the series of each pollutant in `means` replaced by those hourly
    /// means, when `sensor` gave that pollutant (the model's gases beside it keep theirs).
    /// `means`: per pollutant, oldest first, the last the hour of the latest reading, nil for an
    /// hour without one. `sensorHours` records how many hours held readings.
    public func averaged(_ means: [Pollutant: [Double?]], from sensor: String) -> Pollution {
        var result = self
        var values = hourly?.values ?? [:]
        var hours = sensorHours ?? [:]
        for (pollutant, series) in means where values[pollutant] != nil && source(of: pollutant) == sensor {
            let held = series.compactMap { $0 }.count
            guard held > 0 else { continue }  // the store lost the reading: keep the one on hand
            values[pollutant] = series
            hours[pollutant] = held
        }
        result.hourly = HourlySeries(values)
        result.sensorHours = hours.isEmpty ? nil : hours
        return result
    }

    /// One note per sub-index whose series came from a sensor's readings covering less than a
    /// day: "PM2.5 NowCast from 2 h of purpleair readings", so a mean from a short run of
    /// readings is not taken for a full one.
    func sensorNotes(_ subIndices: [SubIndex]) -> [IndexNote] {
        guard let sensorHours else { return [] }
        return subIndices.compactMap { sub in
            guard let hours = sensorHours[sub.pollutant], hours < Self.sensorFullHours else { return nil }
            return IndexNote(sub.pollutant, sub.period, .sensorHours(sub.pollutant, sub.period, hours: hours, source: source(of: sub.pollutant)))
        }
    }
}

extension Pollution {
    /// The note that the PM2.5 sub-index is a sensor's value as measured (`sensorUncorrected`):
    /// "PM2.5 uncorrected (pm02 as measured: …), from airgradient"; nil when PM2.5 got no
    /// sub-index or came corrected or from elsewhere.
    func uncorrectedPM25(_ subIndices: [SubIndex]) -> IndexNote? {
        guard let why = sensorUncorrected, source(of: .pm2_5) == source,
              let sub = subIndices.first(where: { $0.pollutant == .pm2_5 }) else { return nil }
        return IndexNote(.pm2_5, sub.period, .uncorrectedPM25(why: why, source: source))
    }
}

extension AveragingPeriod {
    /// The period as a mean's name in a sentence: "NowCast", "24-h mean".
    public var meanName: String {
        switch self {
        case .nowcast: "NowCast"
        case .minutes15: "15-min mean"
        case .hour1: "1-h mean"
        case .hours3: "3-h mean"
        case .hours8: "8-h mean"
        case .hours24: "24-h mean"
        }
    }
}
