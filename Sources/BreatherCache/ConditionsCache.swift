#if canImport(Glibc)
import Glibc
#endif
import BreatherIO
import BreatherJSON
import BreatherLocale
import BreatherModel

/// The conditions store on disk: the one place the one-shot, the daemon and `watch` keep the
/// conditions on hand (every part's last good value, with its own fetch time, and the latest
/// fetch's failures), so a one-shot within `max_age` asks no provider with a quota (it reads
/// a sensor on the home network, which has none) and a restarted
/// daemon shows its last data (marked stale by age) before its first fetch.
/// Written atomically: a one-shot run reading while the daemon writes never sees half a file.
public struct ConditionsCache: Sendable {
    /// The cache file, `~/` already expanded.
    public let path: String

    /// A cache kept in `path`; nothing is read or written until asked.
    public init(path: String) { self.path = path }

    /// What reading the file found.
    public enum Loaded: Sendable, Equatable {
        /// No file yet.
        case missing
        /// The stored conditions, with the `[sources]` they were fetched from (nil in a file
        /// that does not say): a one-shot after a change of sources fetches again. `failedFetches`
        /// counts the fetches in a row that brought no air or weather (the one-shot's backoff).
        case conditions(CityConditions, sources: String?, failedFetches: Int)
        /// The file could not be used (unreadable, corrupt, another version); it was renamed
        /// to `setAsidePath` (when it could be) and `reason` says why, for one warning line.
        case setAside(reason: String)
    }

    /// Where an unusable file is moved, so the next write starts clean and the old one can be read.
    public var setAsidePath: String { path + ".unusable" }

    /// Reads the store. An unusable file (garbage, empty, too large, a directory, another
    /// version) is moved aside and reported once, never a crash and never silently.
    public func load() -> Loaded {
        let text: String
        do {
            text = try SmallFile.read(path)
        } catch {
            // The reason is strerror's text, "No such file or directory" for ENOENT. hasPrefix,
            // not contains(_:): that one is _StringProcessing's (1.3 MB of the binary).
            if case .unreadable(_, let reason) = error, reason.hasPrefix("No such file") { return .missing }
            return setAside("\(error)")
        }
        do {
            let json = try JSON.parse(text)
            let sources = try? JSONCursor(json)["sources"].optionalString()
            let failed = (try? JSONCursor(json)["failed_fetches"].optionalInt()) ?? nil
            return .conditions(try ConditionsJSON.decode(json), sources: sources ?? nil, failedFetches: max(0, failed ?? 0))
        } catch {
            return setAside(tr("not a Breather conditions file of version %s: %s").filled("\(ConditionsJSON.version)", "\(error)"))
        }
    }

    private func setAside(_ reason: String) -> Loaded {
        var info = stat()
        // A symlink or a directory is left where it is (never followed, never moved over).
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { rename(path, setAsidePath) }
        // In the current language (`L10n.language`, bound by the caller): the path and the reason as they are.
        return .setAside(reason: tr("%s: %s; set aside, starting afresh").filled(path, reason))
    }

    /// Whether `conditions` were polled (`CityConditions.polledAt`: sensor polls since do not
    /// count) less than `maxAgeSeconds` before `now`. Conditions with any time later than `now`
    /// (stamped while the clock was ahead, then corrected) are of unknown age, never fresh: a
    /// one-shot asks the providers again.
    public static func isFresh(_ conditions: CityConditions, maxAgeSeconds: Int, now: Timestamp = Timestamp.now()) -> Bool {
        let age = now.timeIntervalSince(conditions.polledAt ?? conditions.fetchedAt)
        return age >= 0 && age < Double(maxAgeSeconds) && !conditions.isDatedAhead(of: now)
    }

    /// Saves conditions that carry air or weather data, with their failures and part times,
    /// the `[sources]` they came from (`sources`, any stable text naming them) and the count of
    /// fetches in a row that failed to bring air or weather (`failedFetches`, written when above 0).
    public func save(_ conditions: CityConditions, sources: String? = nil, failedFetches: Int = 0) throws(AtomicFile.WriteError) {
        guard conditions.isUsable else { return }
        var json = ConditionsJSON.encode(conditions)
        if case .object(var root) = json {
            if let sources { root["sources"] = .string(sources) }
            if failedFetches > 0 { root["failed_fetches"] = .integer(Int64(failedFetches)) }
            json = .object(root)
        }
        // Not durable: a store lost to a power cut is fetched again, and an unreadable one
        // reads as absent; the fsyncs were 3-4 % of a fetching one-shot run.
        try AtomicFile.write(JSON.serialize(json) + "\n", to: path, mode: 0o600, durable: false)
    }
}
