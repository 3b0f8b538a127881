#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BreatherConfig
import BreatherModel
import BreatherViews

/// The last complete conditions for one place, kept on disk for `[cache] max_age`, so a status
/// bar that runs `breather` every few seconds does not query the providers every time.
/// `--refresh` skips it. The index is computed at render time from the cached concentrations,
/// so `--standard` and `--units` apply to cached data too.
struct ConditionsCache {
    let path: String
    let maxAgeSeconds: Int
    let logger: Logger

    private struct Entry: Codable {
        /// The place and the sources the conditions came from: either changing means a new fetch.
        var key: String
        var conditions: CityConditions
    }

    /// What identifies a cached answer: coordinates and the `[sources]` lists.
    static func key(for location: Location, sources: SourceSettings) -> String {
        "\(location.latitude),\(location.longitude)|air=\(sources.air)|weather=\(sources.weather)|asthma=\(sources.asthma)"
    }

    /// Conditions fetched less than `max_age` ago under the same key, if any.
    func fresh(key: String, now: Date = Date()) -> CityConditions? {
        guard maxAgeSeconds > 0, let text = AtomicFile.read(path),
              let entry = try? JSONDecoder().decode(Entry.self, from: Data(text.utf8)), entry.key == key else { return nil }
        let age = now.timeIntervalSince(entry.conditions.fetchedAt)
        guard age >= 0, age < Double(maxAgeSeconds) else { return nil }
        logger.log(.debug, "using conditions cached \(Int(age)) s ago (\(path))")
        return entry.conditions
    }

    /// Keeps conditions that have every part; a partial answer is fetched again next time.
    func save(_ conditions: CityConditions, key: String) {
        guard maxAgeSeconds > 0, conditions.failures.isEmpty,
              let data = try? JSONEncoder().encode(Entry(key: key, conditions: conditions)) else { return }
        do { try AtomicFile.write(String(decoding: data, as: UTF8.self), to: path, mode: 0o600) } catch {
            logger.log(.warning, "cache: \(error)")
        }
    }
}
