import BreatherStore

/// Retention for one place, run inside `HistoryStore.record`'s transaction (no timer of its
/// own): raw readings older than `keep_raw` become one mean per hour, and hourly means older
/// than a year become daily summaries (mean, min, max), as vnStat keeps its tiers. The
/// `rollup` table remembers how far each place was rolled, so a write looks at new hours only.
struct HistoryRetention {
    let database: Database
    let place: Int

    func rollUp(from earliest: Int, keepRawSeconds: Int, keepHourlySeconds: Int, now: Int) throws(SQLiteError) {
        let start = try database.kept("INSERT INTO rollup(place) VALUES (?) ON CONFLICT DO NOTHING")
        defer { start.reset() }
        try start.bind(place, at: 1)
        try start.step()
        let marks = try database.kept("SELECT raw_through, hourly_through FROM rollup WHERE place = ?")
        defer { marks.reset() }
        try marks.bind(place, at: 1)
        try marks.step()
        // A reading older than the marks (an import, a backfill) rolls up too.
        let rawThrough = min(marks.int(at: 0), floor(earliest, 3600))
        let hourlyThrough = min(marks.int(at: 1), floor(earliest, 86_400))
        let rawCut = floor(now - keepRawSeconds, 3600)
        let hourlyCut = floor(now - keepHourlySeconds, 86_400)
        if rawThrough < rawCut { try hourlyMeans(from: rawThrough, to: rawCut) }
        if hourlyThrough < hourlyCut { try dailySummaries(from: hourlyThrough, to: hourlyCut) }
        let save = try database.kept("UPDATE rollup SET raw_through = ?, hourly_through = ? WHERE place = ?")
        defer { save.reset() }
        try save.bind(max(rawThrough, rawCut), at: 1)
        try save.bind(max(hourlyThrough, hourlyCut), at: 2)
        try save.bind(place, at: 3)
        try save.step()
    }

    /// Replaces the readings of each hour in [from, to) by their mean, stored at the hour's start,
    /// a month at a time from the first reading: an import of twenty years holds one month's
    /// means in memory, not twenty years'.
    private func hourlyMeans(from: Int, to: Int) throws(SQLiteError) {
        let first = try database.prepare("SELECT min(time) FROM reading WHERE place = ? AND time >= ? AND time < ?")
        try first.bind(place, at: 1)
        try first.bind(from, at: 2)
        try first.bind(to, at: 3)
        guard try first.step(), let earliest = first.optionalInt(at: 0) else { return }
        let month = 30 * 86_400
        var start = max(from, floor(earliest, 3600))
        while start < to {
            let end = min(to, start + month)
            try hourlyMeansSlice(from: start, to: end)
            start = end
        }
    }

    private func hourlyMeansSlice(from: Int, to: Int) throws(SQLiteError) {
        let means = try database.prepare("""
            SELECT time / 3600 * 3600, variable, source, avg(value) FROM reading
            WHERE place = ? AND time >= ? AND time < ? GROUP BY 1, 2, 3 HAVING count(*) > 1 OR min(time) % 3600 != 0
            """)
        try means.bind(place, at: 1)
        try means.bind(from, at: 2)
        try means.bind(to, at: 3)
        var rows: [(Int, Int, Int, Double)] = []
        while try means.step() { rows.append((means.int(at: 0), means.int(at: 1), means.int(at: 2), means.double(at: 3))) }
        guard !rows.isEmpty else { return }
        let delete = try database.prepare("DELETE FROM reading WHERE place = ? AND time >= ? AND time < ? AND time % 3600 != 0")
        try delete.bind(place, at: 1)
        try delete.bind(from, at: 2)
        try delete.bind(to, at: 3)
        try delete.step()
        let insert = try database.prepare("INSERT OR REPLACE INTO reading(place, time, variable, source, value) VALUES (?, ?, ?, ?, ?)")
        for (hour, variable, source, mean) in rows {
            try insert.bind(place, at: 1)
            try insert.bind(hour, at: 2)
            try insert.bind(variable, at: 3)
            try insert.bind(source, at: 4)
            try insert.bind(mean, at: 5)
            try insert.step()
            insert.reset()
        }
    }

    /// Summarises the days in [from, to) into `daily` and removes their readings.
    private func dailySummaries(from: Int, to: Int) throws(SQLiteError) {
        let summarise = try database.prepare("""
            INSERT INTO daily(place, day, variable, source, mean, min, max, count)
            SELECT place, time / 86400 * 86400, variable, source, avg(value), min(value), max(value), count(*) FROM reading
            WHERE place = ? AND time >= ? AND time < ? GROUP BY 2, 3, 4 ORDER BY 2, 3, 4 ON CONFLICT DO UPDATE SET
              mean = (daily.mean * daily.count + excluded.mean * excluded.count) / (daily.count + excluded.count),
              min = min(daily.min, excluded.min), max = max(daily.max, excluded.max), count = daily.count + excluded.count
            """)
        try summarise.bind(place, at: 1)
        try summarise.bind(from, at: 2)
        try summarise.bind(to, at: 3)
        try summarise.step()
        let delete = try database.prepare("DELETE FROM reading WHERE place = ? AND time >= ? AND time < ?")
        try delete.bind(place, at: 1)
        try delete.bind(from, at: 2)
        try delete.bind(to, at: 3)
        try delete.step()
    }

    private func floor(_ value: Int, _ step: Int) -> Int { value >= 0 ? value / step * step : (value - step + 1) / step * step }
}
