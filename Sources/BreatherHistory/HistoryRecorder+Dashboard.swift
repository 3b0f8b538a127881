import BreatherModel

extension HistoryRecorder {
    /// The index of each of the last `hours` hours at `location` under `standard` (the
    /// dashboard's 48 hours and 30 days), worked out from each hour's mean readings, as the
    /// store keeps an hour once its raw readings have gone: one row an hour and source instead
    /// of a sensor's sixty (30 days of 10-minute readings took 6 times the CPU read raw), and
    /// only the variables an index is made of (the weather and pollen left in the store). Read
    /// whole at each call: unlike `recentIndices`, nothing is kept between calls, so the
    /// sparkline's running answer is not disturbed. Nil when the store cannot be read (the
    /// page then shows no history).
    public func hourlyIndices(at location: Location, standard: AQIStandard, hours: Int) -> IndexHistory? {
        let now = clock()
        let firstHour = (now / 3600 - hours + 1) * 3600
        let place = HistoryPlace(location)
        return state.withLock { state in
            guard let store = try? openedStore(&state, now: now) else { return nil }
            let maxima = HourlyMaxima(place: place, firstHour: firstHour, hours: hours, kept: [])
            var rows = HistoryRows(standard: standard) { maxima.add($0) }
            // The day before the first hour feeds the first hours' 24-hour means.
            rows.indexFrom = firstHour
            do {
                try store.forEachHourlyMeanScanned(since: firstHour - 86_400, until: now + 1, place: place,
                                                   only: HistoryVariable.indexInputs(standard)) { try rows.add($0) }
                try rows.finish()
            } catch {
                return nil
            }
            return IndexHistory(start: Timestamp(timeIntervalSince1970: Double(firstHour)), hourly: maxima.hourly)
        }
    }
}

extension HistoryRecorder {
    /// The breathing log's entries at `location` over the last `days` local days (the
    /// dashboard's markers, only when `[log] dashboard = true`); empty when the store cannot be
    /// read or has no log.
    public func logEntries(at location: Location, days: Int) -> [LogEntry] {
        let now = clock()
        let since = HistoryTime.startOfDay(now - days * 86_400)
        return state.withLock { state in
            guard let store = try? openedStore(&state, now: now) else { return [] }
            return (try? store.logEntries(at: HistoryPlace(location), since: since, until: now + LogEntry.futureSlackSeconds + 1)) ?? []
        }
    }
}
