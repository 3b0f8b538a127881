import BreatherStore
import BreatherModel

extension HistoryStore {
    /// The hourly means of `variable` from `source` alone at `place`, for the `hours` hours
    /// that end with the one holding `until`: oldest first, nil for an hour without a reading.
    /// Raw readings and the hourly means retention left of older ones average alike (a
    /// rolled-up hour is one row at its start). Empty hours throughout when nothing is stored.
    public func hourlyMeans(of variable: String, from source: String, at place: HistoryPlace,
                            hours: Int, until: Int) throws(SQLiteError) -> [Double?] {
        var means = [Double?](repeating: nil, count: hours)
        try loadNames()  // another process (the daemon, a one-shot) may have added some
        guard hours > 0, let placeID = placeIDs[place], let sourceID = sourceIDs[source], let variableID = variableIDs[variable] else {
            return means
        }
        let firstHour = (until / 3600 - hours + 1) * 3600
        let query = try database.kept("""
            SELECT time / 3600 * 3600, avg(value) FROM reading
            WHERE place = ? AND time >= ? AND time < ? AND variable = ? AND source = ? GROUP BY 1
            """)
        defer { query.reset() }
        try query.bind(placeID, at: 1)
        try query.bind(firstHour, at: 2)
        try query.bind(firstHour + hours * 3600, at: 3)
        try query.bind(variableID, at: 4)
        try query.bind(sourceID, at: 5)
        while try query.step() {
            let slot = (query.int(at: 0) - firstHour) / 3600
            if means.indices.contains(slot) { means[slot] = query.double(at: 1) }
        }
        return means
    }
}

extension HistoryStore {
    /// Each hour's mean of every variable from every source at `place`, from `since` to `until`
    /// (whole hours), handed to `body` as one reading at the hour's start, in `forEachReading`'s
    /// order. What a 24-hour window needs of rows whose own index is not wanted: one row an
    /// hour and source instead of a sensor's sixty. `only` names the variables wanted (all when
    /// nil): the dashboard's indices need the pollutants and one reported index, 6 or 7 of the
    /// 15-odd variables a place records, and the GROUP BY's sort is most of the read.
    public func forEachHourlyMean(since: Int, until: Int, place: HistoryPlace, only: [String]? = nil,
                                  _ body: (HistoryReading) throws -> Void) throws {
        try loadNames()
        guard let placeID = placeIDs[place] else { return }
        let (_, sources, variables) = namesByID
        var filter = ""
        if let only {
            guard let test = Self.variableTest(wanted: only.compactMap { variableIDs[$0] }, known: Array(variableIDs.values)) else { return }
            filter = test
        }
        let query = try database.kept("""
            SELECT time / 3600 * 3600 AS hour, variable, source, avg(value) FROM reading
            WHERE place = ? AND time >= ? AND time < ?\(filter) GROUP BY hour, variable, source ORDER BY hour, variable, source
            """)
        defer { query.reset() }
        try query.bind(placeID, at: 1)
        try query.bind(since, at: 2)
        try query.bind(until, at: 3)
        while try query.step() {
            guard let variable = variables[query.int(at: 1)], let source = sources[query.int(at: 2)] else { continue }
            try body(HistoryReading(place: place, source: source, time: query.int(at: 0), variable: variable, value: query.double(at: 3)))
        }
    }
}

extension HistoryStore {
    /// The sum and count of the readings of each of `variables` from `source` at `place` from
    /// `since` on (a range of the key: the current hour's few rows); a variable without one is
    /// left out.
    public func totals(of variables: [String], from source: String, at place: HistoryPlace,
                       since: Int) throws(SQLiteError) -> [String: HourTotal] {
        try loadNames()  // another process (the daemon, a one-shot) may have added some
        guard let placeID = placeIDs[place], let sourceID = sourceIDs[source] else { return [:] }
        let wanted = Dictionary(uniqueKeysWithValues: variables.compactMap { name in variableIDs[name].map { ($0, name) } })
        guard !wanted.isEmpty else { return [:] }
        let query = try database.kept("""
            SELECT variable, sum(value), count(*) FROM reading WHERE place = ? AND time >= ? AND source = ? GROUP BY variable
            """)
        defer { query.reset() }
        try query.bind(placeID, at: 1)
        try query.bind(since, at: 2)
        try query.bind(sourceID, at: 3)
        var totals: [String: HourTotal] = [:]
        while try query.step() {
            guard let name = wanted[query.int(at: 0)] else { continue }
            totals[name] = HourTotal(sum: query.double(at: 1), count: query.int(at: 2))
        }
        return totals
    }
}

extension HistoryStore {
    /// `forEachHourlyMean` worked out in Swift: the rows of `place` read in the key's order
    /// (place, time, variable, source: a range of the primary key; its `ORDER BY time` is
    /// the key's own, no sort) and each hour's
    /// sums kept per variable and source until the next hour starts, then handed over in the
    /// same order as the grouped query's (hour, variable id, source id). The dashboard's read:
    /// in the sqlite3 shell the plain scan took 8.5 ms against the grouped query's 15.9 ms.
    /// The means equal SQL's `avg` but for the last bits of a long sum (SQLite sums with a
    /// compensated addition, this a plain one).
    public func forEachHourlyMeanScanned(since: Int, until: Int, place: HistoryPlace, only: [String]? = nil,
                                         _ body: (HistoryReading) throws -> Void) throws {
        try loadNames()
        guard let placeID = placeIDs[place] else { return }
        let (_, sources, variables) = namesByID
        var filter = ""
        if let only {
            guard let test = Self.variableTest(wanted: only.compactMap { variableIDs[$0] }, known: Array(variableIDs.values)) else { return }
            filter = test
        }
        // No `time < until` in the statement: the rows come in time order, so the loop stops at
        // the first one past it, and SQLite is spared comparing every row passed with the end
        // of the range (for the place alone, a single integer).
        let query = try database.kept("SELECT time, variable, source, value FROM reading WHERE place = ? AND time >= ?\(filter) ORDER BY time")
        defer { query.reset() }
        try query.bind(placeID, at: 1)
        try query.bind(since, at: 2)
        var hour = Int.min
        // (variable id, source id) → sum and count within `hour`; a handful of entries.
        var sums: [(key: Int, sum: Double, count: Int)] = []
        func flush() throws {
            guard !sums.isEmpty else { return }
            sums.sort { $0.key < $1.key }
            for entry in sums {
                guard let variable = variables[entry.key >> 32], let source = sources[entry.key & 0xFFFF_FFFF] else { continue }
                try body(HistoryReading(place: place, source: source, time: hour, variable: variable, value: entry.sum / Double(entry.count)))
            }
            sums.removeAll(keepingCapacity: true)
        }
        while try query.step() {
            let time = query.int(at: 0)
            guard time < until else { break }
            let start = time / 3600 * 3600  // as SQL's integer division, toward zero
            if start != hour {
                try flush()
                hour = start
            }
            let key = query.int(at: 1) << 32 | query.int(at: 2)
            let value = query.double(at: 3)
            if let slot = sums.firstIndex(where: { $0.key == key }) {
                sums[slot].sum += value
                sums[slot].count += 1
            } else {
                sums.append((key, value, 1))
            }
        }
        try flush()
    }

    /// The SQL test (` AND …`) that keeps the rows of the variables with ids `wanted`, knowing
    /// the ids `known` (the variable table as loaded); nil when nothing is wanted. Most rows a
    /// scan passes are not wanted (the weather, pollen and risk: 9 of a reading's 15), so the
    /// test rejects them with the fewest operations: the wanted ids' range, each end left out
    /// when no known id lies beyond it (an id added since is higher than every known one, and
    /// its rows are skipped as any unknown variable's), then, only when known ids inside the
    /// range are not wanted, a bit mask (`IN (…)` beyond 62: SQLite tests `IN` by a look-up in
    /// a temporary b-tree for each row). The store's own integer ids, no user input.
    static func variableTest(wanted: [Int], known: [Int]) -> String? {
        let ids = Set(wanted).sorted()
        guard let low = ids.first, let high = ids.last else { return nil }
        var test = ""
        if known.contains(where: { $0 > high }) { test += " AND variable <= \(high)" }
        if known.contains(where: { $0 < low }) { test += " AND variable >= \(low)" }
        let wantedSet = Set(ids)
        if known.contains(where: { (low...high).contains($0) && !wantedSet.contains($0) }) {
            if low > 0, high < 63 {
                test += " AND ((1 << variable) & \(ids.reduce(0) { $0 | 1 << $1 })) != 0"
            } else {
                test += " AND variable IN (" + ids.map(String.init).joined(separator: ",") + ")"
            }
        }
        return test
    }
}
