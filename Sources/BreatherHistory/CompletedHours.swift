import BreatherStore

/// What a `HistoryRecorder` read of hours that have ended, so polls within one hour read the
/// store for that hour alone: a sensor's hourly means before its latest hour, and the day of
/// hourly means before the sparkline's redone hours. Hours that have ended change only when a
/// write reaches back into them (a provider's hourly series, a backfill), which drops what
/// covers them (`forget`), or when the file changes (the recorder starts anew). Keyed by the
/// hour they end at, so a new hour reads afresh and the last hour's entries go. Another
/// process's commit (a one-shot's backfill, `history import`) drops them all (`check`).
struct CompletedHours {
    /// The store's `dataVersion` when the entries were read.
    private var dataVersion: Int?
    private struct SensorKey: Hashable {
        var variable: String
        var source: String
        var place: HistoryPlace
    }

    /// The hour every sensor entry ends at (exclusive), and the entries.
    private var sensorHourEnd: Int?
    private var sensorMeans: [SensorKey: [Double?]] = [:]
    /// The day before `end` at `place`, as `HistoryStore.forEachHourlyMean` hands it over.
    private var dayBefore: (place: HistoryPlace, end: Int, readings: [HistoryReading])?

    /// The means of `variable` from `source` at `place` for the hours before `end`: kept ones,
    /// else `read`'s (then kept).
    mutating func sensorMeans(of variable: String, from source: String, at place: HistoryPlace, before end: Int,
                              read: () throws(SQLiteError) -> [Double?]) throws(SQLiteError) -> [Double?] {
        if sensorHourEnd != end {
            sensorHourEnd = end
            sensorMeans = [:]
        }
        let key = SensorKey(variable: variable, source: source, place: place)
        if let kept = sensorMeans[key] { return kept }
        let means = try read()
        sensorMeans[key] = means
        return means
    }

    /// The hourly means of the day before `end` at `place`: kept ones, else `read`'s (then
    /// kept); nil when `read` fails.
    mutating func dayBefore(_ end: Int, at place: HistoryPlace, reading read: () throws -> [HistoryReading]) -> [HistoryReading]? {
        if let kept = dayBefore, kept.place == place, kept.end == end { return kept.readings }
        guard let readings = try? read() else { return nil }
        dayBefore = (place, end, readings)
        return readings
    }

    /// Drops every entry when another connection has committed since they were read
    /// (`HistoryStore.dataVersion` is `version` now): it may have written into ended hours.
    mutating func check(dataVersion version: Int) {
        guard version != dataVersion else { return }
        self = CompletedHours()
        dataVersion = version
    }

    /// Drops what a write of readings from `time` on has changed: entries for hours ending after it.
    mutating func forget(from time: Int) {
        if let end = sensorHourEnd, time < end {
            sensorHourEnd = nil
            sensorMeans = [:]
        }
        if let kept = dayBefore, time < kept.end { dayBefore = nil }
    }
}
