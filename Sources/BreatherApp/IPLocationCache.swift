import BreatherLocale
import Logging
import BreatherIO
import BreatherHTTP
import BreatherJSON
import BreatherModel
import BreatherProviders
import BreatherViews

/// Locates the machine through ipapi.co at most once a day: the answer is kept in the cache
/// directory, because an IP lookup on every bar refresh would be slow and burn its free quota.
struct IPLocationCache {
    static let maxAgeSeconds: Double = 86_400
    let path: String
    let http: any HTTPClient
    let baseURL: String
    let logger: Logger
    /// The language of its lines (the place's name and ipapi's words as they are).
    var language: Language = .english

    func location() async throws(CommandFailure) -> Location {
        if let cached = read(), Timestamp.now().timeIntervalSince(cached.savedAt) < Self.maxAgeSeconds {
            return cached.location
        }
        do {
            let found = try await IPAPI(baseURL: baseURL, http: http).locateByIP()
            save(found)
            logger.log(.info, L10n.$language.withValue(language) {
                tr("located this machine by its IP address near %s").filled(found.name ?? tr("unknown place"))
            })
            return found
        } catch {
            throw CommandFailure(status: ExitStatus(error.kind), message: "ipapi: " + L10n.$language.withValue(language) {
                tr("%s; set a location with --latitude/--longitude, --city or [location] in the config").filled(error.message)
            })
        }
    }

    private func read() -> (location: Location, savedAt: Timestamp)? {
        guard let text = try? SmallFile.read(path), let json = try? JSON.parse(text) else { return nil }
        let cursor = JSONCursor(json)
        guard let latitude = try? cursor["latitude"].double(), let longitude = try? cursor["longitude"].double(),
              let saved = try? cursor["saved_at"].string(), let savedAt = Timestamp.parse(saved) else { return nil }
        return (Location(name: try? cursor["name"].string(), latitude: latitude, longitude: longitude), savedAt)
    }

    private func save(_ location: Location) {
        let object: JSONObject = ["name": location.name.map(JSONValue.string) ?? .null,
                                  "latitude": .number(location.latitude), "longitude": .number(location.longitude),
                                  "saved_at": .string(Timestamp.rfc3339(Timestamp.now()))]
        // Private (where the machine is); not durable: a lookup lost to a crash is made again.
        do { try AtomicFile.write(JSON.serialize(.object(object)), to: path, mode: 0o600, durable: false) } catch {
            logger.log(.warning, "\(error)")
        }
    }
}
