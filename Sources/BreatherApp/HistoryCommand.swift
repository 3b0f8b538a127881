#if canImport(Glibc)
import Glibc
#endif
import BreatherCache
import BreatherConfig
import BreatherHistory
import BreatherIO
import BreatherLocale
import BreatherModel
import BreatherStore
import BreatherViewModel
import Logging

/// `breather history`: the readings kept in the local store, read back as a table, CSV, json
/// or a chart, with the index worked out under any standard; `breather history import FILE`
/// reads an export back in (all or nothing; twice adds nothing).
struct HistoryCommand {
    static let help = CommandHelp(
        abstract: "What was breathed: every reading kept in the local SQLite store, as a table, CSV, json or a chart.",
        discussion: """
            Readings come from every fetch (one-shot, daemon, watch), keyed by place, source, time and variable. \
            The index is worked out when read, so --standard applies to the past too. \
            Days over a year old are kept as daily summaries, which --daily shows. \
            CSV is RFC 4180 with RFC 3339 local times; 'breather history import FILE.csv' reads it back \
            (exit 65 and nothing imported when a line is wrong).
            The store: [history] path in the config, default $XDG_STATE_HOME/breather/history.sqlite3.
            Example: breather history --since 48h --format csv > air.csv
            """,
        usage: "[--since <when>] [--until <when>] [--standard <standard>] [--format table|csv|json|chart] [--daily] [--place <name>] | import <file.csv>",
        arguments: [("import <file.csv>", "Read back a file 'breather history --format csv' wrote.")],
        options: HistoryOptions.specs)

    var options: HistoryOptions

    func run() -> ExitStatus {
        guard let setup = StoreCommandSetup.load(configPath: options.configPath, logLevel: options.logLevel, language: options.language) else { return .configuration }
        let (settings, logger, path) = (setup.settings, setup.logger, setup.path)
        let standard = options.standard ?? settings.standard
        if let file = options.importFile {
            return setup.inPeoplesLanguage(options.language) { importFile(file, into: path, keepRawSeconds: settings.history.keepRawSeconds, logger: logger) }
        }
        var place: HistoryPlace?
        if let name = options.place {
            guard settings.place(named: name) != nil else {
                logger.log(.error, "history: " + setup.inPeoplesLanguage(options.language) { Self.noPlace(name, settings: settings) })
                return .usage
            }
            // Coordinates as configured, else where the place's last fetch found it (a city, by IP).
            guard let found = Self.coordinates(of: name, settings: settings, logger: logger) else {
                logger.log(.info, "history: " + setup.inPeoplesLanguage(options.language) {
                    tr("no readings yet at %s (its place is not known before its first fetch)").filled(name)
                })
                try? export(rows: nil, standard: standard, place: nil, setup: setup)
                return .ok
            }
            place = found
        }
        guard access(path, F_OK) == 0 else {
            logger.log(.info, "history: " + setup.inPeoplesLanguage(options.language) { tr("no readings yet (%s does not exist)").filled(path) })
            try? export(rows: nil, standard: standard, place: nil, setup: setup)
            return .ok
        }
        do {
            let store = try HistoryStore(path: path)
            try export(rows: store, standard: standard, place: place, setup: setup)
            return .ok
        } catch {
            logger.log(.error, "history: " + setup.storeFailure(options.language, writing: false, error))
            guard let error = error as? SQLiteError else { return .unavailable }
            return error.isCorruption ? .dataError : error.isBusy ? .temporary : .unavailable
        }
    }

    /// The history's key for the place called `name`: its configured coordinates, else the
    /// location in its conditions store.
    static func coordinates(of name: String, settings: Settings, logger: Logger) -> HistoryPlace? {
        guard let place = settings.place(named: name) else { return nil }
        if let latitude = place.location.latitude, let longitude = place.location.longitude {
            return HistoryPlace(latitude: latitude, longitude: longitude)
        }
        guard let context = try? AppContext(settings: settings, logger: logger) else { return nil }
        return ConditionsCache(path: context.cachePath(forPlace: name)).load().storedConditions.map { HistoryPlace($0.location) }
    }

    /// The rows in `options.format`: the table and the chart in the people's language (`--language`
    /// before `history`, `[display] language`, the environment), CSV and json in English.
    private func export(rows store: HistoryStore?, standard: AQIStandard, place: HistoryPlace?, setup: StoreCommandSetup) throws {
        let peoples = options.format == .table || options.format == .chart
        let newestSummary = peoples
            ? try setup.inPeoplesLanguage(options.language) { try exportRows(store, standard: standard, place: place) }
            : try exportRows(store, standard: standard, place: place)
        if let newest = newestSummary {
            // The rows asked for stop a year back: say where the rest is rather than end silently
            // (in the people's language whatever the rows' format).
            setup.inPeoplesLanguage(options.language) {
                setup.logger.log(.warning, "history: " + tr("the days up to %s are kept only as daily summaries: add --daily to see them")
                    .filled(CalendarDay.utcDate(ofDay: newest / 86_400)))
            }
        }
    }

    /// Writes the rows; returns the newest day kept only as a daily summary when the rows asked
    /// for (hourly) stop short of it.
    private func exportRows(_ store: HistoryStore?, standard: AQIStandard, place: HistoryPlace?) throws -> Int? {
        let now = Int(Timestamp.now().timeIntervalSince1970)
        let since = options.since ?? now - 7 * 86_400
        let until = options.until ?? Int.max / 2
        var out = BufferedOutput()
        let table = HistoryTable(standard: standard) { Format.categoryName($0, standard) }
        var days = HistoryDays()
        var chart = HistoryChart(standard: standard, width: HistoryChart.terminalWidth(columns: getenv("COLUMNS").map { String(cString: $0) }),
                                 color: isatty(STDOUT_FILENO) == 1 && !CommonOptions.noColorRequested) { Format.categoryName($0, standard) }
        var first = true
        switch (options.format, options.daily) {
        case (.csv, false): out.write(HistoryCSV.header)
        case (.csv, true): out.write(HistoryDailyFormat.csvHeader(standard))
        case (.json, false): out.write(HistoryJSON.opening(standard: standard))
        case (.table, false): out.write(table.header + "\n")
        default: break
        }
        var rows = HistoryRows(standard: standard) { row in
            if options.daily { days.add(row); return }
            switch options.format {
            case .csv: out.write(HistoryCSV.line(row, standard: standard))
            case .json: out.write(HistoryJSON.object(row, first: first))
            case .table: out.write(table.line(row) + "\n")
            case .chart: chart.add(row)
            }
            first = false
        }
        try store?.forEachReading(since: since, until: until, place: place) { try rows.add($0) }
        try rows.finish()
        // Days past the hourly tier (a year back) are kept only as daily summaries.
        let summaries = try store?.dailySummaries(since: since, until: until).filter { place == nil || $0.place == place } ?? []
        let allDays = options.daily
            ? HistoryDay.combining(summarised: HistoryDay.days(summarising: summaries, standard: standard), withHours: days.days()) : []
        switch (options.format, options.daily) {
        case (.json, false): out.write(HistoryJSON.closing)
        case (.chart, _): out.write(chart.render().joined(separator: "\n") + "\n")
        case (.csv, true): for day in allDays { out.write(HistoryDailyFormat.csvLine(day, standard)) }
        case (.json, true): out.write(HistoryDailyFormat.json(allDays, standard))
        case (.table, true): out.write(table.dayHeader + "\n" + allDays.map { table.dayLine($0) + "\n" }.joined())
        default: break
        }
        out.flush()
        return options.daily ? nil : summaries.map(\.day).max()
    }

    /// Streams `file` into the store a batch at a time in one transaction: memory stays at a
    /// batch and SQLite's cache whatever the file's size, and the first bad line (exit 65), a
    /// read error (69) or a store error drops the whole import; a store this import created is
    /// removed again, so nothing is half-written.
    private func importFile(_ file: String, into path: String, keepRawSeconds: Int, logger: Logger) -> ExitStatus {
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            logger.log(.error, "history import: " + tr("%s: cannot read it (%s)").filled(file, String(cString: strerror(errno))))
            return .unavailable
        }
        defer { close(fd) }
        let now = Int(Timestamp.now().timeIntervalSince1970)
        var reader = HistoryImport(chunks: { () throws(ImportReadError) -> [UInt8]? in try Self.chunk(of: fd) }, now: now)
        let existed = access(path, F_OK) == 0
        var store: HistoryStore?
        var count = 0
        var before = (readings: 0, days: 0)
        do {
            while let batch = try reader.nextBatch() {
                if store == nil {
                    // Opened at the first good batch: a file bad from its first lines makes no store.
                    let opened = try HistoryStore(path: path)
                    before = (try opened.readingCount(), try opened.summarisedDayCount())
                    try opened.beginImport(keepRawSeconds: keepRawSeconds, now: now)
                    store = opened
                }
                try store?.importBatch(batch)
                count += batch.readingCount
            }
            try store?.finishImport()
        } catch {
            store?.abandonImport()
            store = nil
            if !existed { for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) } }
            switch error {
            case let error as HistoryImportError:
                logger.log(.error, "history import: \(file): \(error)")
                return .dataError
            case let error as ImportReadError:
                logger.log(.error, "history import: " + tr("%s: cannot read it (%s)").filled(file, error.reason))
                return .unavailable
            case let error as SQLiteError:
                logger.log(.error, "history import: " + tr("cannot write the history store %s: %s").filled(path, "\(error)"))
                return error.isCorruption ? .dataError : error.isBusy ? .temporary : .unavailable
            default:
                logger.log(.error, "history import: \(error)")
                return .software
            }
        }
        do {
            let added = try store.map { try $0.readingCount() - before.readings } ?? 0
            // Readings over a year old go straight into the daily tier, as they would have aged.
            let summarised = try store.map { try $0.summarisedDayCount() - before.days } ?? 0
            Console.out(Self.imported(count, from: file, into: path, new: max(0, added), summarisedDays: summarised))
            return .ok
        } catch {
            logger.log(.error, "history import: " + tr("cannot read the history store %s: %s").filled(path, "\(error)"))
            return .unavailable
        }
    }

    /// "imported 9 readings from FILE into STORE (9 new)", and the days it kept as daily
    /// summaries, in the current language (the paths as given).
    static func imported(_ count: Int, from file: String, into path: String, new added: Int, summarisedDays: Int) -> String {
        trn("imported %d reading from %s into %s (%s new)", "imported %d readings from %s into %s (%s new)", count).filled(file, path, String(added))
            + (summarisedDays > 0 ? trn("; %d day over a year old kept as daily summaries", "; %d days over a year old kept as daily summaries",
                                        summarisedDays) : "")
    }

    /// "--place: the config has no place "x"; its places: home, school", in the current language.
    static func noPlace(_ name: String, settings: Settings) -> String {
        tr("--place: the config has no place %s; its places: %s").filled("\"\(name)\"", settings.allPlaces.map(\.name).joined(separator: ", "))
    }

    /// A read error part-way through an import file.
    struct ImportReadError: Error { var reason: String }

    /// The file's next megabyte (less at its end), nil at the end.
    private static func chunk(of fd: Int32) throws(ImportReadError) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: 1 << 20)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ImportReadError(reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            filled += count
        }
        guard filled > 0 else { return nil }
        bytes.removeSubrange(filled...)
        return bytes
    }
}

/// Stdout in 64 KiB writes: a year of rows is 50,000 lines, not 50,000 system calls.
struct BufferedOutput {
    private var buffer: [UInt8] = []

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 65_536 { flush() }
    }

    mutating func flush() {
        var offset = 0
        while offset < buffer.count {
            let written = buffer[offset...].withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 { if errno == EINTR { continue } else { break } }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
