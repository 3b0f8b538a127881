import BreatherModel

extension HistoryRecorder {
    /// The highest index of each of the last `hours` hours at `location` under `standard`, as
    /// `breather history` works it out; nil when the store cannot be read (the bar then shows
    /// no sparkline: history never takes the status down).
    ///
    /// A sensor read every minute asks after every poll, so the answer is worked out from what
    /// changed: with no write since, the last answer stands; when every reading written since
    /// is newer than all the last answer read, those readings alone are read and added to it;
    /// otherwise the hours from the earliest one written are worked out again.
    public func recentIndices(at location: Location, standard: AQIStandard, hours: Int = 24) -> IndexHistory? {
        let now = clock()
        let firstHour = (now / 3600 - hours + 1) * 3600
        let place = HistoryPlace(location)
        let key = RecentKey(place: place, standard: standard, hour: now / 3600)
        return state.withLock { state in
            var from = firstHour  // the first hour worked out again; those before keep their answer
            var kept: [Int?] = []
            if let recent = state.recent, recent.key == key, recent.answer.hourly.count == hours {
                guard let written = state.writtenSince else { return recent.answer }
                if written >= firstHour {
                    from = min(written / 3600, now / 3600) * 3600
                    kept = Array(recent.answer.hourly.prefix((from - firstHour) / 3600))
                }
            }
            guard let store = try? openedStore(&state, now: now), let dataVersion = try? store.dataVersion() else { return nil }
            let progress = state.sparkline
            state.sparkline = nil  // taken out while used: its rows are mutated in place
            state.completed.check(dataVersion: dataVersion)
            var next: SparklineProgress
            if var progress, progress.canGoOn(place: place, standard: standard, hours: hours, dataVersion: dataVersion,
                                              writtenSince: state.writtenSince) {
                progress.maxima.roll(to: firstHour)
                guard (try? store.forEachReading(since: progress.through, until: now + 1, place: place, only: HistoryVariable.anyIndexInputs,
                                                 { try progress.rows.add($0) })) != nil,
                      (try? progress.rows.finish()) != nil else { return nil }
                next = progress
            } else {
                let maxima = HourlyMaxima(place: place, firstHour: firstHour, hours: hours, kept: kept)
                next = SparklineProgress(place: place, standard: standard, dataVersion: dataVersion, through: from,
                                         rows: HistoryRows(standard: standard) { maxima.add($0) }, maxima: maxima)
                next.rows.indexFrom = from
                // The day before the first hour redone too, as hourly means: its 24-hour means need it.
                // Those hours have ended: read once, then kept until a write reaches back into them.
                guard let dayBefore = state.completed.dayBefore(from, at: place, reading: {
                          var readings: [HistoryReading] = []
                          try store.forEachHourlyMean(since: from - 86_400, until: from, place: place, only: HistoryVariable.anyIndexInputs) {
                              readings.append($0)
                          }
                          return readings
                      }),
                      (try? dayBefore.forEach { try next.rows.add($0) }) != nil,
                      (try? store.forEachReading(since: from, until: now + 1, place: place, only: HistoryVariable.anyIndexInputs,
                                                 { try next.rows.add($0) })) != nil,
                      (try? next.rows.finish()) != nil else { return nil }
            }
            next.through = now + 1
            let answer = IndexHistory(start: Timestamp(timeIntervalSince1970: Double(firstHour)), hourly: next.maxima.hourly)
            state.sparkline = next
            state.recent = (key, answer)
            state.writtenSince = nil
            return answer
        }
    }
}

/// How far `recentIndices` has read the store: the rows' 24-hour windows (`HistoryRows`) and
/// each hour's highest index so far, up to `through`. A row's index needs only the rows up to
/// it, so readings newer than `through` are added to it as they come.
struct SparklineProgress {
    var place: HistoryPlace
    var standard: AQIStandard
    /// The store's `dataVersion` when it was read: another process's commit since may have
    /// written anywhere.
    var dataVersion: Int
    /// Every reading before this time has been read.
    var through: Int
    var rows: HistoryRows
    let maxima: HourlyMaxima

    /// True when the answer for `place`, `standard` and `hours` can go on from here: the
    /// same file as read, and every write since (from `writtenSince` on) newer than all it read.
    func canGoOn(place: HistoryPlace, standard: AQIStandard, hours: Int, dataVersion: Int, writtenSince: Int?) -> Bool {
        place == self.place && standard == self.standard && hours == maxima.hourly.count
            && dataVersion == self.dataVersion && (writtenSince ?? .max) >= through
    }
}

/// The highest index of each of the sparkline's hours as rows come. A class: the rows that
/// `SparklineProgress` keeps hand their rows to the same one on every later read.
final class HourlyMaxima {
    let place: HistoryPlace
    private(set) var firstHour: Int
    private(set) var hourly: [Int?]
    /// Rows before this hour are not counted: their hours' answers were kept.
    private let countFrom: Int

    /// `hours` hours from `firstHour`, the first of them `kept` (answers worked out before).
    init(place: HistoryPlace, firstHour: Int, hours: Int, kept: [Int?]) {
        self.place = place
        self.firstHour = firstHour
        hourly = Array(kept.prefix(hours)) + [Int?](repeating: nil, count: max(hours - kept.count, 0))
        countFrom = firstHour + kept.count * 3600
    }

    func add(_ row: HistoryRow) {
        guard row.place == place, row.time >= countFrom, let index = row.index else { return }
        let slot = (row.time - firstHour) / 3600
        if slot >= 0, slot < hourly.count { hourly[slot] = max(hourly[slot] ?? Int.min, index.value) }
    }

    /// Moves the first hour on to `hour` (never back): the hours that left go, new ones start empty.
    func roll(to hour: Int) {
        let shift = min((hour - firstHour) / 3600, hourly.count)
        guard shift > 0 else { return }
        hourly = Array(hourly.dropFirst(shift)) + [Int?](repeating: nil, count: shift)
        firstHour = hour
    }
}
