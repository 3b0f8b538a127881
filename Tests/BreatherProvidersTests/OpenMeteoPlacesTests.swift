import BreatherHTTP
import BreatherModel
@testable import BreatherProviders
import Testing

/// `OpenMeteo.prefetch`'s check of a list reply: each item must answer the place asked at its index.
@Suite("Open-Meteo: a list reply matched to the places asked")
struct OpenMeteoPlacesTests {
    static let asked = [Location(latitude: 52.52, longitude: 13.41), Location(latitude: 48.85, longitude: 2.35)]

    @Test("an item at its place's grid point answers it; another place's point, or one far off, does not", arguments: [
        (52.5, 13.4, 0, true), (48.8, 2.4, 1, true),
        (48.85, 2.35, 0, false), (52.52, 13.41, 1, false),
        (60.0, 13.41, 0, false),
    ] as [(Double, Double, Int, Bool)])
    func matching(latitude: Double, longitude: Double, index: Int, answers: Bool) {
        #expect(OpenMeteo.isReply(latitude, longitude, for: index, of: Self.asked) == answers)
    }

    @Test("two places in one grid cell share its point: both accepted")
    func sameCell() {
        let close = [Location(latitude: 52.52, longitude: 13.41), Location(latitude: 52.53, longitude: 13.42)]
        #expect(OpenMeteo.isReply(52.5, 13.4, for: 0, of: close) && OpenMeteo.isReply(52.5, 13.4, for: 1, of: close))
    }
}
