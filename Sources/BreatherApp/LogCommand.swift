#if canImport(Glibc)
import Glibc
#endif
import BreatherConfig
import BreatherHistory
import BreatherIO
import BreatherLocale
import BreatherModel
import BreatherStore
import Logging

/// `breather log`: one entry of the breathing log per call, kept in the history store beside
/// the day's exposure; `log list`, `log edit ID`, `log delete ID`, `log import FILE`. The log
/// is the user's alone: no output, MQTT topic or Prometheus metric carries it.
struct LogCommand {
    static let help = CommandHelp(
        abstract: "Log how you breathe today: a score (1 good … 4 bad), peak flow, reliever, symptoms, tags, a note.",
        discussion: """
            One entry per call, kept in the history store beside the exposure of its day. \
            It stays on this machine: no output, MQTT topic or Prometheus metric carries it. \
            Symptoms: %s, each 0-3. Tags: %s or your own word. \
            'breather insights' compares your bad days with your good ones.
            Exit codes: 0 ok, 64 a bad value or an id that does not exist (nothing is written), \
            65 an import file that cannot be read, 69 the store cannot be opened, 75 the store stayed busy, 78 configuration.
            Not medical advice: follow your own asthma action plan.
            Examples: breather log 3 --reliever 2 --symptom wheeze=2 --tag smoke; breather log --pef 410 --at 'yesterday 22:00'
            """,
        usage: "[<score>] [--pef <L/min>] [--reliever <puffs>] [--symptom <name=0..3>] [--night] [--limited] [--tag <tag>] [--note <text>] [--at <time>] [--place <name>]"
            + " | list [--since <when>] [--format table|csv] | edit <id> [<score>] [flags] | delete <id> | import <file.csv>",
        arguments: [("<score>", "1 good, 2 fair, 3 poor, 4 bad."), ("list", "The entries, as a table or CSV."),
                    ("edit <id>", "Change the values the flags give."), ("delete <id>", "Remove an entry."),
                    ("import <file.csv>", "Read back 'breather log list --format csv' (twice adds nothing).")],
        options: LogOptions.specs,
        values: [Symptom.allCases.map(\.rawValue).joined(separator: ", "), LogEntry.suggestedTags.joined(separator: ", ")])

    var options: LogOptions

    func run() -> ExitStatus {
        guard let setup = StoreCommandSetup.load(configPath: options.configPath, logLevel: options.logLevel, language: options.language) else { return .configuration }
        let (logger, path) = (setup.logger, setup.path)
        let now = Int(Timestamp.now().timeIntervalSince1970)
        if access(path, F_OK) != 0 {
            switch options.action {
            case .list:
                Console.out(options.format == .csv ? LogCSV.header : setup.inPeoplesLanguage(options.language) { LogTable.header }, newline: options.format != .csv)
                return .ok
            case .edit(let id), .delete(let id):
                // No store, no entry: say so without creating the file.
                Console.err("breather: error: log: " + setup.inPeoplesLanguage(options.language) { Self.noEntry(id) })
                return .usage
            case .add, .importFile: break
            }
        }
        do {
            let store = try HistoryStore(path: path)
            // Its one-line answers and refusals in the people's language, as its table.
            return try setup.inPeoplesLanguage(options.language) { try perform(on: store, now: now, setup: setup) }
        } catch let failure as CommandFailure {
            Console.err("breather: error: log: \(failure.message)")
            return failure.status
        } catch {
            let writing: Bool = if case .list = options.action { false } else { true }
            logger.log(.error, "log: " + setup.storeFailure(options.language, writing: writing, error))
            guard let error = error as? SQLiteError else { return .unavailable }
            return error.isCorruption ? .dataError : error.isBusy ? .temporary : .unavailable
        }
    }

    private func perform(on store: HistoryStore, now: Int, setup: StoreCommandSetup) throws -> ExitStatus {
        switch options.action {
        case .add:
            var entry = options.entry(now: now)
            entry.exposure = (try? store.exposureSnapshot(time: entry.time, place: entry.place)) ?? [:]
            switch Result(catching: { () throws(SQLiteError) in try store.addLogEntry(entry) }) {
            case .success(let id): Console.out(tr("logged entry %s at %s").filled(String(id), HistoryTime.minute(entry.time)))
            case .failure(let error) where error.code == 2067:  // SQLITE_CONSTRAINT_UNIQUE
                throw CommandFailure(status: .usage, message: tr("an entry at %s exists already: change it with 'breather log edit ID'").filled(HistoryTime.minute(entry.time)))
            case .failure(let error): throw error
            }
        case .list:
            let entries = try store.logEntries(since: options.since ?? Int.min / 2)
            var out = BufferedOutput()
            if options.format == .csv {
                out.write(LogCSV.header)
                for entry in entries { out.write(LogCSV.line(entry)) }
            } else {
                setup.inPeoplesLanguage(options.language) {
                    out.write(LogTable.header + "\n")
                    for entry in entries { out.write(LogTable.line(entry) + "\n") }
                }
            }
            out.flush()
        case .edit(let id):
            guard let old = try store.logEntry(id: id) else { throw CommandFailure(status: .usage, message: Self.noEntry(id)) }
            var entry = options.edited(old)
            if let problem = entry.problem(now: now) { throw CommandFailure(status: .usage, message: problem) }
            if entry.time != old.time || entry.place != old.place {
                entry.exposure = (try? store.exposureSnapshot(time: entry.time, place: entry.place)) ?? [:]
            }
            _ = try store.updateLogEntry(entry)
            Console.out(tr("changed entry %s").filled(String(id)))
        case .delete(let id):
            guard try store.deleteLogEntry(id: id) else { throw CommandFailure(status: .usage, message: Self.noEntry(id)) }
            Console.out(tr("deleted entry %s").filled(String(id)))
        case .importFile(let file):
            let entries: [LogEntry]
            do {
                entries = try LogCSV.entries(from: try SmallFile.readBytes(file, limit: 1 << 28), now: now)
            } catch let error as HistoryImportError {
                throw CommandFailure(status: .dataError, message: "import: \(file): \(error)")
            } catch {
                // As `history import` says it: the file as given, the system's reason after the sentence.
                let reason = (error as? SmallFile.ReadError)?.reason ?? "\(error)"
                throw CommandFailure(status: .unavailable, message: "import: " + tr("%s: cannot read it (%s)").filled(file, reason))
            }
            let added = try store.importLogEntries(entries)
            Console.out(Self.imported(entries.count, from: file, new: added))
        }
        return .ok
    }

    /// "no entry with id 12 (see 'breather log list')", in the current language.
    static func noEntry(_ id: Int) -> String { tr("no entry with id %s (see 'breather log list')").filled(String(id)) }

    /// "imported 3 entries from FILE (1 new)", in the current language (the file as given).
    static func imported(_ count: Int, from file: String, new added: Int) -> String {
        trn("imported %d entry from %s (%s new)", "imported %d entries from %s (%s new)", count).filled(file, String(added))
    }
}
