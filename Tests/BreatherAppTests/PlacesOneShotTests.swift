@testable import BreatherApp
import BreatherCache
import BreatherIO
import BreatherModel
import BreatherTestSupport
import Testing

/// A one-shot answering from the store of the place shown still fetches the other places its
/// stores cannot answer for (a place just added, an entry older than `max_age`).
@Suite("several places: a one-shot from a fresh store fetches the places that need it", .serialized)
struct PlacesOneShotTests {
    @Test("a place added to the config is fetched at the next one-shot (one request per endpoint for it alone), not when home's store expires")
    func newPlaceFetchedFromFreshStore() async throws {
        let server = try await PlacesFetchTests.server()
        let folder = AppHarness.folder()
        let three = PlacesFetchTests.config(server.baseURL)
        // home and work only: the first 10 lines.
        let two = three.split(separator: "\n").prefix(10).joined(separator: "\n") + "\n" + three.split(separator: "\n").suffix(3).joined(separator: "\n")
        let settings = "\n[cache]\npath = \"\(folder)/conditions.json\"\n[history]\nenabled = false\n"
        var options = CommonOptions()
        options.configPath = PlaceCommandTests.configFile(two + settings, in: folder)
        options.output = "\(folder)/stdout.txt"
        _ = AppHarness.loop
        #expect(await OneShot(options: options).run() == .ok)
        #expect(server.requests.count == 2 && server.requests.allSatisfy { $0.contains("latitude=52.52,48.85&") }, "\(server.requests)")

        _ = PlaceCommandTests.configFile(three + settings, in: folder)
        #expect(await OneShot(options: options).run() == .ok)
        let added = Array(server.requests.dropFirst(2))
        #expect(added.count == 2, "one forecast and one air-quality request for gran: \(added)")
        #expect(added.allSatisfy { $0.contains("latitude=41.9&longitude=12.5&") }, "home and work answer from their stores: \(added)")
        #expect(ConditionsCache(path: "\(folder)/conditions.gran.json").load().storedConditions?.location.latitude == 41.9)

        #expect(await OneShot(options: options).run() == .ok)
        #expect(server.requests.count == 4, "every store fresh: no request")
    }
}
