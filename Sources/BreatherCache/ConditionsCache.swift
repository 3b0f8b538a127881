#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BreatherIO
import BreatherJSON
import BreatherModel

/// The last good conditions on disk, so a one-shot run can skip the network while they are
/// young and a restarted daemon can show them (marked stale by age) before its first fetch.
/// Written atomically: a one-shot run reading while the daemon writes never sees half a file.
public struct ConditionsCache: Sendable {
    /// The cache file, `~/` already expanded.
    public let path: String

    /// A cache kept in `path`; nothing is read or written until asked.
    public init(path: String) { self.path = path }

    /// The cached conditions, or nil when the file is missing, unreadable, over 1 MiB or of another version.
    public func load() -> CityConditions? {
        guard let text = try? SmallFile.read(path), let json = try? JSON.parse(text) else { return nil }
        return try? ConditionsJSON.decode(json)
    }

    /// The cached conditions if they were fetched less than `maxAgeSeconds` before `now`.
    public func fresh(maxAgeSeconds: Int, now: Date = Date()) -> CityConditions? {
        load().flatMap { Self.isFresh($0, maxAgeSeconds: maxAgeSeconds, now: now) ? $0 : nil }
    }

    /// Whether `conditions` were fetched less than `maxAgeSeconds` before `now`.
    public static func isFresh(_ conditions: CityConditions, maxAgeSeconds: Int, now: Date = Date()) -> Bool {
        let age = now.timeIntervalSince(conditions.fetchedAt)
        return age >= 0 && age < Double(maxAgeSeconds)
    }

    /// Saves conditions that carry air or weather data; anything less is not worth keeping.
    public func save(_ conditions: CityConditions) throws(AtomicFile.WriteError) {
        guard conditions.pollution != nil || conditions.weather != nil else { return }
        var kept = conditions
        kept.failures = []
        try AtomicFile.write(JSON.serialize(ConditionsJSON.encode(kept)) + "\n", to: path, mode: 0o600)
    }
}
